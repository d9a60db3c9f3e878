import { cx } from '../../lib/cx.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'

/** The sidebar's classes: a drawer on phones (open or off-screen), a column from `md`. */
export function sidebarClasses(drawerOpen: boolean): string {
  return cx(
    'fixed inset-y-0 left-0 z-40 flex w-72 flex-col border-r border-neutral-200 bg-neutral-50 transition-transform duration-200',
    'dark:border-neutral-800 dark:bg-neutral-950 md:static md:w-64 md:translate-x-0',
    drawerOpen ? 'translate-x-0' : 'max-md:invisible -translate-x-full',
  )
}

export function AppSidebar({ drawerOpen, onCloseDrawer }: { drawerOpen: boolean; onCloseDrawer: () => void }) {
  return (
    <>
      {drawerOpen && (
        <div className="fixed inset-0 z-30 bg-neutral-950/40 md:hidden" aria-hidden="true" onClick={onCloseDrawer} />
      )}
      <aside
        id="app-sidebar"
        data-sidebar
        aria-label="Chats"
        className={sidebarClasses(drawerOpen)}
      >
        <div className="flex h-14 items-center gap-2 px-3">
          <PrefetchLink
            href="/"
            className="inline-flex flex-1 items-center gap-2 rounded-md border border-neutral-200 bg-white px-3 py-2 text-sm font-medium text-neutral-800 shadow-xs hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800"
          >
            <Icon name="lucide:plus" size={16} />
            New chat
          </PrefetchLink>
          <button
            type="button"
            onClick={onCloseDrawer}
            aria-label="Close sidebar"
            className="inline-flex size-9 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-200 md:hidden dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            <Icon name="lucide:x" size={20} />
          </button>
        </div>
        <nav aria-label="Chat history" className="flex-1 overflow-y-auto px-3 py-2">
          <div className="flex flex-col items-center gap-2 px-2 py-10 text-center text-sm text-neutral-500 dark:text-neutral-400">
            <Icon name="lucide:message-square" size={20} />
            <p>No chats yet.</p>
            <p className="text-xs">Your conversations will appear here.</p>
          </div>
        </nav>
      </aside>
    </>
  )
}
