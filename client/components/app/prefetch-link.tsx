import { useEffect, useRef, type AnchorHTMLAttributes, type FocusEvent, type PointerEvent } from 'react'
import { Link, useLocation } from 'wouter'
import type { Prefetcher } from '../../lib/prefetch.ts'
import { loadPageResource } from '../../lib/page-resource.ts'
import { pageSettled } from '../../lib/page-settled.ts'

export type PrefetchLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  href: string
  className?: string
  replace?: boolean
  /** Prefetch the page when the link scrolls into view (default) or only on hover and focus. */
  prefetch?: 'visible' | 'interaction' | false
}

/**
 * The prefetch machinery (client/lib/prefetch.ts: queue, viewport observer) loads with the first
 * link that can use it. A link to the page being shown never can (the layout's links to `/`, on
 * `/`), so a first load with only such links does without it.
 */
let prefetcher: Promise<Prefetcher> | undefined

function withPrefetch(href: string, use: (prefetcher: Prefetcher) => void): void {
  if (isCurrentPage(href)) return
  prefetcher ??= import('../../lib/prefetch.ts').then((module) =>
    module.createPrefetcher((path) => loadPageResource(path, { prefetch: true })),
  )
  prefetcher.then(use, () => {
    // A prefetch that cannot happen is nothing to report: the navigation, if it comes, loads the
    // page. A later link may try again.
    prefetcher = undefined
  })
}

function isCurrentPage(href: string): boolean {
  try {
    const url = new URL(href, window.location.href)
    return url.origin === window.location.origin && url.pathname === window.location.pathname
  } catch {
    return false
  }
}

/**
 * A wouter <Link> that loads its page (chunk and payload) ahead of the click: when it comes into
 * view (once the page has settled) and when it is hovered or focused (at most 4 preloads
 * at once, docs/product-contract.md).
 */
export function PrefetchLink({ href, prefetch = 'visible', onPointerEnter, onFocus, ...props }: PrefetchLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null)
  // Layout links outlive pages: when the page changes, a link to the page just left is worth
  // prefetching again (a link to the current page never is).
  const [location] = useLocation()
  useEffect(() => {
    const element = ref.current
    if (prefetch !== 'visible' || !element) return
    let active = true
    let cleanup: (() => void) | undefined
    // Links in view wait until the page has settled: its own requests come first. Hover and focus
    // (below) prefetch at once, since a click is likely to follow.
    void pageSettled().then(() => {
      if (!active) return
      withPrefetch(href, (prefetcher) => {
        if (active) cleanup = prefetcher.prefetchWhenVisible(element, href)
      })
    })
    return () => {
      active = false
      cleanup?.()
    }
  }, [href, prefetch, location])

  return (
    <Link
      {...props}
      href={href}
      ref={ref}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        if (prefetch !== false) withPrefetch(href, (prefetcher) => prefetcher.prefetchRoute(href))
        onPointerEnter?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        if (prefetch !== false) withPrefetch(href, (prefetcher) => prefetcher.prefetchRoute(href))
        onFocus?.(event)
      }}
    />
  )
}
