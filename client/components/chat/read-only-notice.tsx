// Where the composer would be, for a reader of someone else's public chat.
import { PrefetchLink } from '../app/prefetch-link.tsx'

export function ReadOnlyNotice() {
  return (
    <p className="rounded-xl border border-neutral-200 px-4 py-3 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-300">
      This chat was shared with you and is read-only.{' '}
      <PrefetchLink href="/" className="font-medium text-secondary-700 underline underline-offset-2 dark:text-secondary-300">
        Start your own chat
      </PrefetchLink>
    </p>
  )
}
