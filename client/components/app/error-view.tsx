import type { PageError } from '../../../shared/error-page.ts'
import { errorPage } from '../../routes.ts'
import { isConnectionErrorPage } from '../../lib/connection.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'

// Loaded once the page has settled, so it is there before the connection is lost; until then (or
// if it could not come) the same words, plain.
const ConnectionErrorView = lazyComponent<{ error: PageError }>('the connection error view', () =>
  import('./connection-error-view.tsx').then((module) => module.ConnectionErrorView),
)
if (typeof window !== 'undefined') void pageSettled().then(() => ConnectionErrorView.load())

/** The lazy error page (docs/product-contract.md), preloaded by the server and before hydration when needed. */
export function ErrorView({ error }: { error: PageError }) {
  if (isConnectionErrorPage(error)) return <ConnectionError error={error} />
  return <LazyErrorView error={error} />
}

function ConnectionError({ error }: { error: PageError }) {
  const View = ConnectionErrorView.useComponent(true)
  if (View) return <View error={error} />
  return (
    <div role="alert" className="p-8 text-center" data-error-page>
      {error.statusMessage}. {error.message}
    </div>
  )
}

function LazyErrorView({ error }: { error: PageError }) {
  const ErrorPage = errorPage.useComponent()
  return <ErrorPage error={error} />
}
