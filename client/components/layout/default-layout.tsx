import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { AppHeader } from './app-header.tsx'
import { AppSidebar } from './app-sidebar.tsx'
import { toggleSidebarCollapsed } from '../../lib/sidebar.ts'
import { shortcutOf } from '../../lib/shortcuts.ts'
import { focusPrompt } from '../../lib/prompt-focus.ts'
import { openSearchPalette, preloadSearchPalette } from '../../lib/search-palette.ts'
import { overlay } from '../../lib/overlay.ts'

const WIDE_SCREEN = '(min-width: 768px)'

/** The one default layout (docs/product-contract.md): header, collapsible sidebar (a drawer on phones), main column. */
/** `chatTitle`: on a chat page, the chat's title as the page loaded it (the header shows it). */
export function DefaultLayout({ children, chatTitle }: { children: ReactNode; chatTitle?: string }) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [location, navigate] = useLocation()
  // A navigation from inside the drawer closes it. (The layout stays mounted from page to page;
  // each page puts the caret in its own prompt when it opens.)
  useEffect(() => setDrawerOpen(false), [location])

  // ⌘/Ctrl+K search, ⌘/Ctrl+Shift+O new chat; Escape closes the phone drawer.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return
      // A pressed modifier may be the start of ⌘K: load the palette now, so the keys typed right
      // after it land in its box.
      if (event.key === 'Control' || event.key === 'Meta') preloadSearchPalette()
      if (event.key === 'Escape' && drawerOpen) {
        setDrawerOpen(false)
        return
      }
      const shortcut = shortcutOf(event)
      if (!shortcut) return
      event.preventDefault()
      if (shortcut === 'search') {
        // Over an open dialog the palette would stack on it (and take the user's place in it).
        if (overlay.anyOpen()) return
        setDrawerOpen(false)
        void openSearchPalette(navigate)
      } else {
        overlay.closeAll()
        if (location === '/') focusPrompt()
        else navigate('/')
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [drawerOpen, location, navigate])

  function toggleSidebar() {
    if (window.matchMedia(WIDE_SCREEN).matches) toggleSidebarCollapsed()
    else setDrawerOpen((open) => !open)
  }

  return (
    <div className="flex h-dvh overflow-hidden">
      {/* Inert with the rest of the page behind the open drawer: until the drawer's focus trap has
          loaded (it comes with the first opening), a Tab past its last item must not land here. */}
      <a
        href="#main"
        inert={drawerOpen}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-neutral-800"
      >
        Skip to content
      </a>
      <AppSidebar drawerOpen={drawerOpen} onCloseDrawer={() => setDrawerOpen(false)} />
      {/* Behind the open phone drawer: out of reach of Tab and screen readers. */}
      <div className="flex min-w-0 flex-1 flex-col" inert={drawerOpen}>
        <AppHeader onToggleSidebar={toggleSidebar} drawerOpen={drawerOpen} chatTitle={chatTitle} />
        <main id="main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col overflow-y-auto focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  )
}
