import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx.ts'

/** The outlined look, the one the chat screen's first load uses (Retry, Answer it). */
const OUTLINE =
  'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800'

/**
 * A text button's classes around its colours (`tone`: OUTLINE here, or one of text-button-tones.ts,
 * which only lazy chunks import). Joined with cx: test/unit/class-lists.test.ts checks they never conflict.
 */
export function textButtonClasses(tone: string = OUTLINE): string {
  return cx(
    'inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:pointer-events-none disabled:opacity-50',
    tone,
  )
}

/**
 * The chat screen's text buttons. Like ui/button.tsx, without a caller's className to merge, so the
 * chat screen does not need tailwind-merge in its first load.
 */
export function TextButton({ tone, type = 'button', ...props }: Omit<ComponentProps<'button'>, 'className'> & { tone?: string }) {
  return <button type={type} className={textButtonClasses(tone)} {...props} />
}
