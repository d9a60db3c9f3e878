import { Suspense, use, useContext, useDeferredValue, useEffect } from 'react'
import { Redirect, useLocation } from 'wouter'
import { headFor, type PageState } from '../../../shared/page-state.ts'
import { applyHead } from '../../lib/head.ts'
import { forgetPageError, loadPageResource, type PageResource } from '../../lib/page-resource.ts'
import { InitialStateContext, NavigationPendingContext, RouteDataContext } from '../../lib/page-context.ts'
import { pages } from '../../routes.ts'
import { ErrorView } from './error-view.tsx'
import { AppErrorBoundary } from './app-error-boundary.tsx'
import { DefaultLayout } from '../layout/default-layout.tsx'

/**
 * Renders the page for the current location. The location is deferred: while the next page's
 * payload and chunk load, React keeps showing the current page (no blank flash, no spinner
 * swap), and `pending` tells the loading indicator a navigation is in progress.
 */
export function PageOutlet() {
  const [location] = useLocation()
  const path = useDeferredValue(location)
  const pending = path !== location
  return (
    <NavigationPendingContext value={pending}>
      <AppErrorBoundary key={path}>
        <Suspense fallback={null}>
          <PageView path={path} />
        </Suspense>
      </AppErrorBoundary>
    </NavigationPendingContext>
  )
}

function usePageResource(path: string): PageResource {
  const initial = useContext(InitialStateContext)
  // On the server there is exactly one page: the one resolved before rendering. The browser's
  // cache was seeded with that same state before hydration.
  if (typeof window === 'undefined') return initial!
  const promise = loadPageResource(path)
  return promise.status === 'fulfilled' ? promise.value! : use(promise as Promise<PageResource>)
}

function PageView({ path }: { path: string }) {
  const resource = usePageResource(path)
  useEffect(() => {
    if (resource.kind !== 'redirect') applyHead(headFor(resource.kind === 'error' ? resource : { kind: 'page' }))
  }, [resource])
  // Leaving an error page lets the next visit ask again.
  useEffect(() => () => forgetPageError(path), [path])
  if (resource.kind === 'redirect') return <Redirect to={resource.location} replace />
  if (resource.kind === 'error') return <ErrorView error={resource.error} />
  return <PageContent state={resource} />
}

function PageContent({ state }: { state: Extract<PageState, { kind: 'page' }> }) {
  const Component = pages[state.route as keyof typeof pages].useComponent()
  return (
    <DefaultLayout>
      <RouteDataContext value={{ path: state.path, params: state.params, data: state.data }}>
        <Component />
      </RouteDataContext>
    </DefaultLayout>
  )
}
