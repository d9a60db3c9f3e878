import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { browser } from './build-app.ts'

/** The session cookie a response set, as sent on the wire ('' when cleared, undefined when untouched). */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = setCookieHeader(res)
  if (!header) return undefined
  return header.slice(SESSION_COOKIE.length + 1).split(';')[0]
}

export function setCookieHeader(res: LightMyRequestResponse): string {
  const all = [res.headers['set-cookie']].flat().filter(Boolean) as string[]
  return all.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? ''
}

export const sameOrigin = { ...browser, 'sec-fetch-site': 'same-origin' }
export const sameOriginJson = { ...sameOrigin, 'content-type': 'application/json' }

export async function signUp(app: FastifyInstance, email = 'ada@example.com', password = 'correct horse battery', cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    headers: { ...sameOriginJson, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
    payload: { email, password, name: 'Ada' },
  })
  return { res, cookie: sessionCookie(res)! }
}

export async function readSession(app: FastifyInstance, cookie: string | undefined) {
  const res = await app.inject({
    url: '/api/_auth/session',
    headers: { ...browser, accept: 'application/json', ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
  })
  return res
}
