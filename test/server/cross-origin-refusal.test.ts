// State-changing requests from another origin are refused (403); bodies must be JSON.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { readSession, sessionCookie, signUp } from '../helpers/session.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'

t.test('a cross-site form post is refused', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    headers: { ...browser, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=a%40b.co&password=password-123',
  })
  t.equal(res.statusCode, 403)
  t.same(res.json(), { statusCode: 403, code: 'CROSS_SITE_REQUEST', message: 'Cross-site requests are not allowed.' })
})

t.test('a cross-origin fetch is refused, even signed in, and signs nobody out', async (t) => {
  const { app } = await buildApp(t)
  const { cookie } = await signUp(app)
  const res = await app.inject({
    method: 'DELETE',
    url: '/api/_auth/session',
    headers: { ...browser, origin: 'https://evil.example', cookie: `${SESSION_COOKIE}=${cookie}` },
  })
  t.equal(res.statusCode, 403)
  t.equal(res.json().code, 'CROSS_ORIGIN_REQUEST')
  t.equal(sessionCookie(res), undefined)
  t.match((await readSession(app, cookie)).json(), { user: { name: 'Ada' } }, 'still signed in')
})

t.test('same-site (another subdomain) is refused too', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: { ...browser, 'sec-fetch-site': 'same-site' } })
  t.equal(res.statusCode, 403)
})

t.test('a text/plain "simple request" body is not accepted', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-in',
    headers: { ...browser, 'content-type': 'text/plain' },
    payload: JSON.stringify({ email: 'a@b.co', password: 'password-123' }),
  })
  t.equal(res.statusCode, 415)
  t.equal(res.json().statusCode, 415)
})

t.test('the same origin is allowed', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    headers: { ...browser, host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    payload: { email: 'a@b.co', password: 'password-123' },
  })
  t.equal(res.statusCode, 201)
})
