// Route prefetch (docs/product-contract.md): a link's page (its lazy chunk and `_payload.json`) is loaded
// when the link enters the viewport or is hovered or focused, so the click shows the page at once.
// It goes through loadPageResource, whose cache the click then reads. At most
// ROUTE_PRELOAD_CONCURRENCY preloads run at once, and a path is prefetched once per page load.
// <PrefetchLink> loads this module with the first link it can prefetch and hands it the loader:
// importing page-resource.ts here would make the bundler split shared code out of the entry.
import { ROUTE_PRELOAD_CONCURRENCY } from '../../shared/constants.ts'

export interface PrefetchQueue {
  /** Queues `path` unless it was queued before; resolves when its turn has run (never rejects). */
  prefetch(path: string): Promise<void>
  /** Paths queued so far (tests, debugging). */
  readonly seen: ReadonlySet<string>
}

export function createPrefetchQueue(load: (path: string) => Promise<unknown>, concurrency = ROUTE_PRELOAD_CONCURRENCY): PrefetchQueue {
  const seen = new Set<string>()
  const waiting: Array<() => void> = []
  let active = 0

  function pump() {
    while (active < concurrency && waiting.length > 0) {
      active++
      waiting.shift()!()
    }
  }

  return {
    seen,
    prefetch(path) {
      if (seen.has(path)) return Promise.resolve()
      seen.add(path)
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          // A failed prefetch is nothing to report: the navigation, if it comes, tries again.
          Promise.resolve()
            .then(() => load(path))
            .catch(() => {})
            .finally(() => {
              active--
              resolve()
              pump()
            })
        })
        pump()
      })
    },
  }
}

/** The same-origin page path of `href`, or null for other origins, downloads and the current page. */
export function prefetchablePath(href: string): string | null {
  if (typeof window === 'undefined') return null
  let url: URL
  try {
    url = new URL(href, window.location.href)
  } catch {
    return null
  }
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null
  return url.pathname
}

/** Viewport prefetch is skipped when the user asked to save data or the connection is very slow. */
function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection
  return Boolean(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''))
}

export interface Prefetcher {
  /** Prefetches the page of `href` (once; nothing for other origins or the current page). */
  prefetchRoute(href: string): void
  /** Prefetches `href` once `element` is in the viewport; returns the cleanup. */
  prefetchWhenVisible(element: Element, href: string): () => void
}

/** The page's prefetcher: `load` fetches a page's chunk and payload (loadPageResource as a prefetch). */
export function createPrefetcher(load: (path: string) => Promise<unknown>): Prefetcher {
  const queue = createPrefetchQueue(load)
  // One observer for every link on the page.
  let observer: IntersectionObserver | undefined
  const visible = new WeakMap<Element, () => void>()

  function prefetchRoute(href: string): void {
    const path = prefetchablePath(href)
    if (path !== null) void queue.prefetch(path)
  }

  function prefetchWhenVisible(element: Element, href: string): () => void {
    if (typeof IntersectionObserver === 'undefined' || slowConnection()) return () => {}
    observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer!.unobserve(entry.target)
        visible.get(entry.target)?.()
        visible.delete(entry.target)
      }
    })
    visible.set(element, () => prefetchRoute(href))
    observer.observe(element)
    return () => {
      visible.delete(element)
      observer?.unobserve(element)
    }
  }

  return { prefetchRoute, prefetchWhenVisible }
}
