import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { sameOriginJson, setCookieHeader } from '../helpers/session.ts'

t.test('the session cookie is HttpOnly, SameSite=Lax, Path=/ and persistent', async (t) => {
  const { app } = await buildApp(t, { SESSION_MAX_AGE_S: '86400' })
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: sameOriginJson, payload: { email: 'a@b.co', password: 'password-123' } })
  const header = setCookieHeader(res)
  t.match(header, /; HttpOnly/)
  t.match(header, /; SameSite=Lax/)
  t.match(header, /; Path=\//)
  t.match(header, /; Max-Age=86400/)
  t.notMatch(header, /; Secure/, 'not Secure over plain HTTP')
})

t.test('Secure when the request came over HTTPS through a trusted proxy', async (t) => {
  const { app } = await buildApp(t, { TRUST_PROXY: 'true' })
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-up',
    headers: { ...sameOriginJson, 'x-forwarded-proto': 'https' },
    payload: { email: 'a@b.co', password: 'password-123' },
  })
  t.match(setCookieHeader(res), /; Secure/)
})
