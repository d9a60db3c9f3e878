// Drives the GitHub sign-in as a browser would: the app through inject (carrying its session
// cookie), GitHub (the fake) over real HTTP.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Test } from 'tap'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { buildApp, browser } from './build-app.ts'
import { sessionCookie } from './session.ts'
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeGitHub, type FakeGitHubOptions } from './fake-github.ts'

export const APP_ORIGIN = 'http://app.test'
export const GITHUB_CALLBACK = `${APP_ORIGIN}/auth/github/callback`

/** A fake GitHub and an app configured for it. */
export async function githubApp(t: Test, options: Partial<FakeGitHubOptions> = {}, env: Record<string, string> = {}) {
  const github = await startFakeGitHub(t, { callbackUrl: GITHUB_CALLBACK, ...options })
  const built = await buildApp(t, {
    PUBLIC_URL: APP_ORIGIN,
    GITHUB_CLIENT_ID: FAKE_CLIENT_ID,
    GITHUB_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.apiUrl,
    ...env,
  })
  return { ...built, github }
}

export function withCookie(cookie: string | undefined) {
  return { ...browser, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) }
}

/** GET /auth/github: where it sends the browser and the cookie holding the pending sign-in. */
export async function startSignIn(app: FastifyInstance, cookie?: string) {
  const res = await app.inject({ url: '/auth/github', headers: withCookie(cookie) })
  return { res, location: new URL(String(res.headers.location)), cookie: sessionCookie(res) ?? cookie }
}

/** The browser at GitHub's authorize page: consent (or refusal) redirects back to the app. */
export async function visitProvider(url: URL | string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' })
  if (res.status !== 302) throw new Error(`expected a redirect from ${url}, got ${res.status}: ${await res.text()}`)
  return new URL(res.headers.get('location')!)
}

/** The browser back at the app's callback. */
export async function callback(app: FastifyInstance, url: URL, cookie: string | undefined) {
  const res = await app.inject({ url: url.pathname + url.search, headers: withCookie(cookie) })
  return { res, cookie: sessionCookie(res) ?? cookie }
}

export async function signInWithGitHub(app: FastifyInstance, cookie?: string) {
  const started = await startSignIn(app, cookie)
  const back = await visitProvider(started.location)
  return { ...(await callback(app, back, started.cookie)), back, started }
}

/** The message a failed sign-in shows, from its redirect. */
export function authError(res: LightMyRequestResponse): string | null {
  const location = String(res.headers.location ?? '')
  return new URL(location, APP_ORIGIN).searchParams.get('auth_error')
}
