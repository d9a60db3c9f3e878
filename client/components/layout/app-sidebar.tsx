import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { cx } from '../../lib/cx.ts'
import { focusPrompt } from '../../lib/prompt-focus.ts'
import { openSearchPalette, preloadSearchPalette } from '../../lib/search-palette.ts'
import { shortcutLabel } from '../../lib/shortcuts.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { ChatHistoryList, chatLinkClasses } from '../history/chat-history-list.tsx'
import { openSettings } from '../../lib/settings.ts'

/** The sidebar's classes: a drawer on phones (open or off-screen), a column from `md`. */
export function sidebarClasses(drawerOpen: boolean): string {
  return cx(
    'fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-neutral-200 bg-neutral-50 transition-transform duration-200',
    'dark:border-neutral-800 dark:bg-neutral-950 md:static md:w-64 md:translate-x-0',
    drawerOpen ? 'translate-x-0' : 'max-md:invisible -translate-x-full',
  )
}

const ICON_BUTTON =
  'inline-flex size-9 pointer-coarse:size-11 shrink-0 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-200 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'

export function AppSidebar({ drawerOpen, onCloseDrawer }: { drawerOpen: boolean; onCloseDrawer: () => void }) {
  const [location, navigate] = useLocation()
  const scroller = useRef<HTMLElement>(null)
  // The phone drawer is a modal panel: opening it moves the focus into it (and Tab stays inside:
  // the trap's code comes with the first opening, not with first paint); closing it gives the focus
  // back to the toggle, unless a navigation from inside it moved the focus on.
  const trap = useRef<typeof import('../../lib/focus-trap.ts').keepTabInside | null>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    const sidebar = document.getElementById('app-sidebar')
    if (drawerOpen) {
      void import('../../lib/focus-trap.ts').then((module) => (trap.current = module.keepTabInside))
      sidebar?.querySelector<HTMLElement>('a[href], button')?.focus()
    } else if (wasOpen.current) {
      const active = document.activeElement
      if (!active || active === document.body || sidebar?.contains(active)) document.querySelector<HTMLElement>('[aria-controls="app-sidebar"]')?.focus()
    }
    wasOpen.current = drawerOpen
  }, [drawerOpen])

  return (
    <>
      {/* Always there on phones, so it fades in and out with the drawer's slide. */}
      <div
        className={`fixed inset-0 z-30 bg-neutral-950/40 transition-opacity duration-200 motion-reduce:transition-none md:hidden ${drawerOpen ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        aria-hidden="true"
        onClick={onCloseDrawer}
      />
      <aside
        id="app-sidebar"
        data-sidebar
        aria-label="Chats"
        // Open on a phone it is a modal panel: Tab stays inside.
        onKeyDown={(event) => {
          if (drawerOpen) trap.current?.(event, event.currentTarget)
        }}
        className={sidebarClasses(drawerOpen)}
      >
        <div className="flex h-14 shrink-0 items-center gap-1 px-3">
          <PrefetchLink
            href="/"
            onClick={() => {
              onCloseDrawer()
              // Already home: no navigation will move focus, so do it here.
              if (location === '/') focusPrompt()
            }}
            className="mr-1 inline-flex min-w-0 flex-1 items-center gap-2 rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm font-medium text-neutral-800 shadow-xs hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800"
          >
            <Icon name="lucide:square-pen" size={16} />
            New chat
          </PrefetchLink>
          <Tooltip content={`Search chats (${shortcutLabel('search')})`}>
            <button
              type="button"
              aria-label="Search chats"
              aria-keyshortcuts="Control+K Meta+K"
              onPointerEnter={preloadSearchPalette}
              onFocus={preloadSearchPalette}
              onClick={() => {
                onCloseDrawer()
                void openSearchPalette(navigate)
              }}
              className={ICON_BUTTON}
            >
              <Icon name="lucide:search" size={18} />
            </button>
          </Tooltip>
          <button type="button" onClick={onCloseDrawer} aria-label="Close sidebar" className={cx(ICON_BUTTON, 'md:hidden')}>
            <Icon name="lucide:x" size={20} />
          </button>
        </div>
        <nav ref={scroller} aria-label="Chat history" className="flex-1 overflow-y-auto overscroll-contain px-2 pb-3">
          <ChatHistoryList scroller={scroller} onNavigate={onCloseDrawer} />
        </nav>
        <div className="shrink-0 border-t border-neutral-200 p-2 dark:border-neutral-800">
          <button
            type="button"
            onClick={() => {
              onCloseDrawer()
              void openSettings()
            }}
            className={cx(chatLinkClasses(false), 'w-full gap-2')}
          >
            <Icon name="lucide:settings" size={16} />
            Settings
          </button>
        </div>
      </aside>
    </>
  )
}
