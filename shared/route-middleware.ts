// Named route middleware (an unknown name throws an error). A middleware
// runs on the server before a page is rendered or its payload is served, and again in the browser
// before a client-side navigation shows the page. It may return a redirect or throw an AppError.

import { AppError } from './errors.ts'

export interface MiddlewareContext {
  path: string
  params: Record<string, string>
  /** The signed-in user, when there is one (sessions land with the sign-in issue). */
  user: unknown | undefined
}

export type MiddlewareResult = void | undefined | { redirect: string }
export type RouteMiddleware = (context: MiddlewareContext) => MiddlewareResult

export const routeMiddleware = {
  /** Pages only a signed-in user may open send others home. */
  'signed-in': (context: MiddlewareContext): MiddlewareResult =>
    context.user ? undefined : { redirect: '/' },
  /** Sign-in pages make no sense once signed in. */
  'guest-only': (context: MiddlewareContext): MiddlewareResult => (context.user ? { redirect: '/' } : undefined),
} satisfies Record<string, RouteMiddleware>

export type MiddlewareName = keyof typeof routeMiddleware

export class UnknownMiddlewareError extends AppError {
  constructor(name: string, routeName: string, known: readonly string[]) {
    super(
      500,
      'UNKNOWN_ROUTE_MIDDLEWARE',
      `Unknown route middleware '${name}' on route '${routeName}'. Valid middleware: ${known.length ? known.map((n) => `'${n}'`).join(', ') : '(none)'}`,
    )
    this.name = 'UnknownMiddlewareError'
  }
}
