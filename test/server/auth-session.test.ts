// GET /api/_auth/session answers the session as JSON and no cache may keep it (docs/product-contract.md).
// Until sign-in lands every visitor is anonymous: `{}`.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'

t.test('an anonymous visitor gets {} that no cache keeps', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/api/_auth/session', headers: { ...browser, accept: 'application/json' } })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.equal(res.headers['cache-control'], 'no-store')
  t.same(res.json(), {})
})

t.test('the session route is an API route, not a page', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/api/_auth/session', headers: browser })
  t.equal(res.statusCode, 200)
  t.notMatch(res.body, /<html/)
})
