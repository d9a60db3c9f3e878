// The "…" button of a row's menu: the sidebar's chat rows, a project's chats, the admin's users.
// A module of its own so that the sidebar's rows stay a chunk only the sidebar loads.
import { cx } from '../../lib/cx.ts'

/** Class lists joined with cx(): no two may conflict (test/unit/class-lists.test.ts). */
export function rowMenuButtonClasses(current: boolean): string {
  return cx(
    'inline-flex size-7 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-300/70 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-700 dark:hover:text-white',
    'focus-visible:outline-2 focus-visible:outline-primary-600',
    // Shown on hover, keyboard focus, while open, for the open chat, and always on touch screens.
    current ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 aria-expanded:opacity-100 pointer-coarse:opacity-100',
  )
}
