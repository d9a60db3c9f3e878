import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { sameOriginJson, signUp } from '../helpers/session.ts'

t.test('too many failures for one account → 429 with Retry-After, even with the right password', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' })
  await signUp(app, 'ada@example.com', 'correct horse battery')
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'wrong password' } })
    t.equal(res.statusCode, 401)
  }
  const blocked = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'correct horse battery' } })
  t.equal(blocked.statusCode, 429)
  t.match(blocked.json(), { code: 'TOO_MANY_ATTEMPTS', message: /Too many failed attempts for this account\. Try again in \d+ minutes\./ })
  t.ok(Number(blocked.headers['retry-after']) > 0)
  const other = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'other@example.com', password: 'whatever-123' } })
  t.equal(other.statusCode, 401, 'other accounts are not blocked')
})

t.test('too many attempts from one IP → 429', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_IP: '4' })
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: `u${i}@example.com`, password: 'whatever-123' } })
    statuses.push(res.statusCode)
    if (res.statusCode === 429) {
      t.match(res.json(), { statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: /Too many sign-in attempts from your network/ })
      t.ok(res.headers['retry-after'])
    }
  }
  t.same(statuses, [401, 401, 401, 401, 429, 429])
})
