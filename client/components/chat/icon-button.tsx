import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx.ts'

/** The icon button's classes (joined with cx: test/unit/class-lists.test.ts checks they never conflict). */
export function iconButtonClasses(pressed: boolean | undefined): string {
  return cx(
    // 44 px on touch screens (WCAG 2.5.5): a fingertip, not a mouse pointer.
    'inline-flex size-8 pointer-coarse:size-11 items-center justify-center rounded-md transition-colors hover:bg-neutral-200/70 dark:hover:bg-neutral-700/70',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-600 disabled:pointer-events-none disabled:opacity-50',
    // One colour set or the other: cx does not resolve conflicting classes.
    pressed ? 'text-primary-700 dark:text-primary-400' : 'text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white',
  )
}

/** A small square button holding only an icon: `label` is its accessible name. */
export function IconButton({ label, pressed, ...props }: Omit<ComponentProps<'button'>, 'aria-label' | 'className'> & { label: string; pressed?: boolean }) {
  return <button type="button" aria-label={label} aria-pressed={pressed} className={iconButtonClasses(pressed)} {...props} />
}
