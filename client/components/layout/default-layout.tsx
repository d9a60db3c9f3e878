import { useEffect, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { AppHeader } from './app-header.tsx'
import { AppSidebar } from './app-sidebar.tsx'
import { toggleSidebarCollapsed } from '../../lib/sidebar.ts'

const WIDE_SCREEN = '(min-width: 768px)'

/** SPEC §2: the one default layout: header, collapsible sidebar (a drawer on phones), main column. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [location] = useLocation()
  // A navigation from inside the drawer closes it.
  useEffect(() => setDrawerOpen(false), [location])

  function toggleSidebar() {
    if (window.matchMedia(WIDE_SCREEN).matches) toggleSidebarCollapsed()
    else setDrawerOpen((open) => !open)
  }

  return (
    <div className="flex h-dvh overflow-hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-neutral-800"
      >
        Skip to content
      </a>
      <AppSidebar drawerOpen={drawerOpen} onCloseDrawer={() => setDrawerOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader onToggleSidebar={toggleSidebar} drawerOpen={drawerOpen} />
        <main id="main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col overflow-y-auto focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  )
}
