import { createContext, useContext } from 'react'
import type { PageState } from '../../shared/page-state.ts'

/** The state the server rendered with (and the browser hydrates with). */
export const InitialStateContext = createContext<PageState | null>(null)

export interface RouteData<T = unknown> {
  path: string
  params: Record<string, string>
  data: T
}

export const RouteDataContext = createContext<RouteData | null>(null)

/** The current page's loader result and params. */
export function useRouteData<T = unknown>(): RouteData<T> {
  const value = useContext(RouteDataContext)
  if (!value) throw new Error('useRouteData() is only available inside a page')
  return value as RouteData<T>
}

/** True while a client navigation is loading the next page (drives the loading indicator). */
export const NavigationPendingContext = createContext(false)
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext)
}
