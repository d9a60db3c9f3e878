// DESIGN §3: each page's loader result is inlined for hydration and served as {path}/_payload.json.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState } from '../helpers/html.ts'

t.test('/_payload.json serves the home loader result', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/_payload.json', headers: browser })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.equal(res.headers['cache-control'], 'no-store')
  t.same(res.json(), { data: {} })
})

t.test('/chat/{id}/_payload.json serves the same data the page inlines', async (t) => {
  const { app } = await buildApp(t)
  const payload = await app.inject({ url: '/chat/abc123/_payload.json', headers: browser })
  t.equal(payload.statusCode, 200)
  t.same(payload.json(), { data: { id: 'abc123' } })
  const page = await app.inject({ url: '/chat/abc123', headers: browser })
  t.same(appState(page.body).data, payload.json().data)
})

t.test('the payload of an unknown page is a JSON 404', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/missing/page/_payload.json', headers: browser })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { statusCode: 404, code: 'PAGE_NOT_FOUND', message: 'Page not found: /missing/page' })
})
