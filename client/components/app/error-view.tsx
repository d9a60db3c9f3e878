import type { PageError } from '../../../shared/error-page.ts'
import { errorPage } from '../../routes.ts'

/** The lazy error page (SPEC §2), preloaded by the server and before hydration when needed. */
export function ErrorView({ error }: { error: PageError }) {
  const ErrorPage = errorPage.useComponent()
  return <ErrorPage error={error} />
}
