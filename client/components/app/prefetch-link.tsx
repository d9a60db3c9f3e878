import { useEffect, useRef, type AnchorHTMLAttributes, type FocusEvent, type PointerEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { prefetchRoute, prefetchWhenVisible } from '../../lib/prefetch.ts'

export type PrefetchLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & {
  href: string
  className?: string
  replace?: boolean
  /** Prefetch the page when the link scrolls into view (default) or only on hover and focus. */
  prefetch?: 'visible' | 'interaction' | false
}

/**
 * A wouter <Link> that loads its page (chunk and payload) ahead of the click: when it comes into
 * view and when it is hovered or focused (SPEC §2: at most 4 preloads at once).
 */
export function PrefetchLink({ href, prefetch = 'visible', onPointerEnter, onFocus, ...props }: PrefetchLinkProps) {
  const ref = useRef<HTMLAnchorElement>(null)
  // Layout links outlive pages: when the page changes, a link to the page just left is worth
  // prefetching again (a link to the current page never is).
  const [location] = useLocation()
  useEffect(() => {
    if (prefetch !== 'visible' || !ref.current) return
    return prefetchWhenVisible(ref.current, href)
  }, [href, prefetch, location])

  return (
    <Link
      {...props}
      href={href}
      ref={ref}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        if (prefetch !== false) prefetchRoute(href)
        onPointerEnter?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        if (prefetch !== false) prefetchRoute(href)
        onFocus?.(event)
      }}
    />
  )
}
