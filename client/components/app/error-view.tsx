import type { PageError } from '../../../shared/error-page.ts'
import { errorPage } from '../../routes.ts'
import { isConnectionErrorPage } from '../../lib/connection.ts'
import { ConnectionErrorView } from './connection-error-view.tsx'

/** The lazy error page (SPEC §2), preloaded by the server and before hydration when needed. */
export function ErrorView({ error }: { error: PageError }) {
  if (isConnectionErrorPage(error)) return <ConnectionErrorView error={error} />
  return <LazyErrorView error={error} />
}

function LazyErrorView({ error }: { error: PageError }) {
  const ErrorPage = errorPage.useComponent()
  return <ErrorPage error={error} />
}
