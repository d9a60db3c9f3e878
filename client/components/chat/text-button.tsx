import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx.ts'

const VARIANTS = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400',
  outline:
    'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800',
  ghost: 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800',
} as const

/** A text button's classes (joined with cx: test/unit/class-lists.test.ts checks they never conflict). */
export function textButtonClasses(variant: keyof typeof VARIANTS): string {
  return cx(
    'inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
  )
}

/**
 * The chat screen's text buttons. Like ui/button.tsx, without a caller's className to merge, so the
 * chat screen does not need tailwind-merge in its first load.
 */
export function TextButton({ variant = 'outline', type = 'button', ...props }: Omit<ComponentProps<'button'>, 'className'> & { variant?: keyof typeof VARIANTS }) {
  return (
    <button
      type={type}
      className={textButtonClasses(variant)}
      {...props}
    />
  )
}
