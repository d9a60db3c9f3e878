import { Suspense, use, useContext, useDeferredValue, useEffect, type ReactNode } from 'react'
import { Redirect, useLocation } from 'wouter'
import { headFor, type PageState } from '../../../shared/page-state.ts'
import { applyHead } from '../../lib/head.ts'
import { forgetPageError, loadPageResource, useRetryGeneration, type PageResource } from '../../lib/page-resource.ts'
import { InitialStateContext, NavigationPendingContext, RouteDataContext } from '../../lib/page-context.ts'
import { pages } from '../../routes.ts'
import { showsAppLayout } from '../../../shared/page-layout.ts'
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
        <PageView path={path} />
      </Suspense>
    </NavigationPendingContext>
  )
}

function usePageResource(path: string): PageResource {
  const initial = useContext(InitialStateContext)
  // On the server there is exactly one page: the one resolved before rendering. The browser's
  // cache was seeded with that same state before hydration.
  if (typeof window === 'undefined') return initial!
  // Always `use`, even when the promise is already fulfilled (it then returns at once): React
  // replays a component that suspended, and a replay that skipped `use` would break the hooks
  // after it ("Update hook called on initial render").
  return use(loadPageResource(path) as Promise<PageResource>)
}

function PageView({ path }: { path: string }) {
  // A retried page (Retry on a connection error) resolves again.
  useRetryGeneration()
  const resource = usePageResource(path)
  // Marks the document as interactive (tests and the update check wait for it). Here, inside the
  // page's Suspense boundary, not in the root: the root hydrates first, and a mark set there could
  // come before the page's own listeners (the layout's shortcuts) are attached.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    if (resource.kind !== 'redirect') applyHead(headFor(resource.kind === 'error' ? resource : { kind: 'page' }))
  }, [resource])
  // Leaving an error page lets the next visit ask again.
  useEffect(() => () => forgetPageError(path), [path])
  if (resource.kind === 'redirect') return <Redirect to={resource.location} replace />
  // The error boundary is keyed by path (an error stays with its page; the next page starts
  // clean) and sits inside the layout, which stays mounted from page to page: the sidebar keeps
  // its scroll position and the phone drawer is not reset by the page it opened.
  const page = (
    <AppErrorBoundary key={path}>
      {resource.kind === 'error' ? <ErrorView error={resource.error} /> : <PageContent state={resource} />}
    </AppErrorBoundary>
  )
  return showsAppLayout(resource) ? <DefaultLayout chatTitle={chatTitleOf(resource)}>{page}</DefaultLayout> : page
}

function PageContent({ state }: { state: Extract<PageState, { kind: 'page' }> }) {
  const Component = pages[state.route as keyof typeof pages].useComponent()
  return (
    <RouteDataContext value={{ path: state.path, params: state.params, data: state.data }}>
      <Component />
    </RouteDataContext>
  )
}

/** The title of the chat a chat page shows (the header names it). */
function chatTitleOf(resource: PageResource): string | undefined {
  if (resource.kind !== 'page' || resource.route !== 'chat-id') return undefined
  return (resource.data as { chat?: { title?: string } } | undefined)?.chat?.title
}
