// The route table both sides share (docs/product-contract.md). The server uses it to decide the HTTP status before
// the first byte (404, fatal validation 404, redirects); the browser uses it for client navigation.

import { CHAT_ID_PATTERN, PAYLOAD_SUFFIX } from './constants.ts'
import { pageNotFound, routeValidationFailed, type AppError } from './errors.ts'
import {
  routeMiddleware,
  UnknownMiddlewareError,
  type MiddlewareContext,
  type MiddlewareResult,
  type RouteMiddleware,
} from './route-middleware.ts'

export interface RouteDefinition<Name extends string = string> {
  name: Name
  /** `/literal/:param` segments. */
  path: string
  /** Each parameter must match its pattern, or the route fails validation (fatal 404). */
  params?: Record<string, RegExp>
  middleware?: readonly string[]
}

export interface RouteMatch<Name extends string = string> {
  route: RouteDefinition<Name>
  params: Record<string, string>
}

export type Resolution<Name extends string = string> =
  | { kind: 'page'; match: RouteMatch<Name> }
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; error: AppError }

export interface Router<Name extends string = string> {
  routes: readonly RouteDefinition<Name>[]
  match(pathname: string): RouteMatch<Name> | null
  /** Match, validate params, run middleware: everything decided before a page renders. */
  resolve(pathname: string, context: Omit<MiddlewareContext, 'path' | 'params'>): Resolution<Name>
}

/**
 * Builds a router and checks it eagerly: a route naming middleware that does not exist throws here,
 * at start-up, instead of being silently ignored at request time.
 */
export function defineRouter<Name extends string>(
  routes: readonly RouteDefinition<Name>[],
  middleware: Record<string, RouteMiddleware> = routeMiddleware,
): Router<Name> {
  const known = Object.keys(middleware)
  for (const route of routes) {
    for (const name of route.middleware ?? []) {
      if (!Object.hasOwn(middleware, name)) throw new UnknownMiddlewareError(name, route.name, known)
    }
  }
  const compiled = routes.map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }))

  function match(pathname: string): RouteMatch<Name> | null {
    const parts = pathname.split('/').filter(Boolean)
    // A trailing slash or doubled slash is a different path: only canonical paths match.
    if (pathname !== '/' + parts.join('/')) return null
    for (const { route, segments } of compiled) {
      if (segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i]!
        const part = parts[i]!
        if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(part)
        else if (segment !== part) {
          ok = false
          break
        }
      }
      if (ok) return { route, params }
    }
    return null
  }

  function resolve(pathname: string, context: Omit<MiddlewareContext, 'path' | 'params'>): Resolution<Name> {
    const found = match(pathname)
    if (!found) return { kind: 'error', error: pageNotFound(pathname) }
    for (const [param, pattern] of Object.entries(found.route.params ?? {})) {
      const value = found.params[param]
      if (value === undefined || !pattern.test(value)) return { kind: 'error', error: routeValidationFailed(pathname) }
    }
    for (const name of found.route.middleware ?? []) {
      const run = middleware[name]
      if (!run) throw new UnknownMiddlewareError(name, found.route.name, known)
      const result: MiddlewareResult = run({ ...context, path: pathname, params: found.params })
      if (result && result.redirect !== pathname) return { kind: 'redirect', location: result.redirect }
    }
    return { kind: 'page', match: found }
  }

  return { routes, match, resolve }
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

export type PageName = 'index' | 'chat-id' | 'playground' | 'sign-in' | 'admin'

export const router = defineRouter<PageName>([
  { name: 'index', path: '/' },
  { name: 'chat-id', path: '/chat/:id', params: { id: CHAT_ID_PATTERN } },
  // The UI kit playground; its loader answers 404 unless UI_PLAYGROUND is on.
  { name: 'playground', path: '/_playground' },
  // The local-account form the sign-in popup shows; signed-in visitors are sent home.
  { name: 'sign-in', path: '/auth/local', middleware: ['guest-only'] },
  // The operator's page; its loader answers 404 to all but administrators.
  { name: 'admin', path: '/admin' },
])

/** `/chat/a` → `/chat/a/_payload.json`, `/` → `/_payload.json`. */
export function payloadUrl(pathname: string): string {
  return (pathname.endsWith('/') ? pathname : pathname + '/') + PAYLOAD_SUFFIX
}

/** The page path a payload URL belongs to, or null when it is not a payload URL. */
export function pagePathOfPayload(pathname: string): string | null {
  if (pathname === '/' + PAYLOAD_SUFFIX) return '/'
  if (!pathname.endsWith('/' + PAYLOAD_SUFFIX)) return null
  return pathname.slice(0, -(PAYLOAD_SUFFIX.length + 1))
}
