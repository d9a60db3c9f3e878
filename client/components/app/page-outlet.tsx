import { Suspense, use, useContext, useDeferredValue, useEffect, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { headFor, type PageState } from '../../../shared/page-state.ts'
import { applyHead } from '../../lib/head.ts'
import { forgetPageError, loadPageResource, type PageResource } from '../../lib/page-resource.ts'
import { InitialStateContext, NavigationPendingContext, RouteDataContext } from '../../lib/page-context.ts'
import { pages, pagesWithoutLayout } from '../../routes.ts'
import { ErrorView } from './error-view.tsx'
import { AppErrorBoundary } from './app-error-boundary.tsx'
import { DefaultLayout } from '../layout/default-layout.tsx'

/**
 * Renders the page for the current location. The location is deferred: while the next page's
 * payload and chunk load, React keeps showing the current page (no blank flash, no spinner
 * swap), and `pending` tells the loading indicator a navigation is in progress.
 * `children` (the loading indicator) render inside that context, next to the page.
 */
export function PageOutlet({ children }: { children?: ReactNode }) {
  const [location] = useLocation()
  const path = useDeferredValue(location)
  const pending = path !== location
  return (
    <NavigationPendingContext value={pending}>
      {children}
      {/* Suspense outside the keyed boundary: a boundary mounted fresh for the next path would show
          its (empty) fallback at once instead of keeping the current page while the next loads. */}
      <Suspense fallback={null}>
        <AppErrorBoundary key={path}>
          <PageView path={path} />
        </AppErrorBoundary>
      </Suspense>
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
  const name = state.route as keyof typeof pages
  const Component = pages[name].useComponent()
  const page = (
    <RouteDataContext value={{ path: state.path, params: state.params, data: state.data }}>
      <Component />
    </RouteDataContext>
  )
  return pagesWithoutLayout.has(name) ? page : <DefaultLayout>{page}</DefaultLayout>
}
