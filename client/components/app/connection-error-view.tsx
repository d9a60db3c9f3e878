import { startTransition, useEffect } from 'react'
import { useLocation } from 'wouter'
import type { PageError } from '../../../shared/error-page.ts'
import { useConnectionState } from '../../lib/connection.ts'
import { retryPage } from '../../lib/page-resource.ts'

/**
 * A page that could not load for want of a connection. Part of the first load (the lazy error page
 * may be the very chunk that could not come): it says why, offers Retry, and loads the page by
 * itself once the connection is back. The URL stays the page's, so a reload later lands there too.
 */
export function ConnectionErrorView({ error }: { error: PageError }) {
  const [path] = useLocation()
  const connection = useConnectionState()
  const retry = () => startTransition(() => retryPage(path))
  useEffect(() => {
    if (connection === 'online') retry()
    // Only when the connection comes back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection])
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center" data-error-page data-connection-error>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-white">{error.statusMessage}</h1>
      <p className="max-w-prose text-base text-neutral-600 dark:text-neutral-300">{error.message}</p>
      <button
        type="button"
        onClick={retry}
        className="mt-2 inline-flex h-11 items-center rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400"
      >
        Retry
      </button>
    </div>
  )
}
