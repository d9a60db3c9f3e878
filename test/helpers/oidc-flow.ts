// Drives an OpenID Connect sign-in over real HTTP: the app listening on 127.0.0.1:0, a real
// oidc-provider, and a FetchBrowser carrying both sides' cookies.
import type { Test } from 'tap'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import type { PendingSignIn } from '../../server/services/auth/oauth-state.ts'
import { buildApp } from './build-app.ts'
import { rewritePendingSignIn } from './pending-sign-in.ts'
import { FetchBrowser } from './fetch-browser.ts'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from './oidc-provider.ts'

export const OIDC_NAME = 'Acme SSO'

export async function oidcApp(t: Test, env: Record<string, string> = {}) {
  const op = await startOidcProvider(t)
  const built = await buildApp(t, { OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME, ...env })
  await built.app.listen({ host: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`
  op.registerClient(`${origin}/auth/oidc/callback`)
  return { ...built, op, origin, browser: new FetchBrowser() }
}

type Flow = Awaited<ReturnType<typeof oidcApp>>

/** From GET /auth/oidc through the provider's login and consent, up to (not into) the app's callback. */
export async function toCallback({ browser, origin, op }: Flow) {
  const { url, chain } = await browser.follow(new URL('/auth/oidc', origin), (next) => next.origin === origin && next.pathname !== '/auth/oidc')
  const authorizeUrl = chain.find((hop) => hop.origin === op.issuer)
  return { callbackUrl: url, authorizeUrl }
}

/** Requests the callback; returns where the app sends the browser next. */
export async function finishAt({ browser }: Flow, callbackUrl: URL) {
  const res = await browser.get(callbackUrl)
  await res.body?.cancel()
  return { status: res.status, location: res.headers.get('location'), cacheControl: res.headers.get('cache-control') }
}

export async function signInWithOidc(flow: Flow) {
  const { callbackUrl } = await toCallback(flow)
  return finishAt(flow, callbackUrl)
}

export async function currentSession({ browser, origin }: Flow) {
  const res = await browser.get(new URL('/api/_auth/session', origin))
  return res.json()
}

export function authErrorOf(location: string | null): string | null {
  return location ? new URL(location, 'http://x').searchParams.get('auth_error') : null
}

/** Rewrites the pending OIDC sign-in in the browser's sealed app cookie. */
export function rewritePending({ app, browser, origin }: Flow, change: (pending: PendingSignIn) => PendingSignIn) {
  const cookie = rewritePendingSignIn(app, browser.cookie(origin, SESSION_COOKIE)!, 'oidc', change)
  browser.setCookie(origin, SESSION_COOKIE, cookie)
}
