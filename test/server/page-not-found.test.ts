// An unknown page path is a non-fatal 404 rendered as the error page (docs/product-contract.md).
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState, metaContent, textOf, titleOf } from '../helpers/html.ts'

t.test('unknown page path renders the 404 error page', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/does/not-exist', headers: browser })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /^text\/html/)
  t.equal(titleOf(res.body), 'Page not found')
  t.same(metaContent(res.body, 'name', 'description'), ['We are sorry but this page could not be found.'])
  const text = textOf(res.body)
  t.match(text, /404/)
  t.match(text, /not found/i, 'the status, said once: the message already says it')
  t.match(text, 'Page not found: /does/not-exist')
  t.match(text, 'Back to home')
  t.match(res.body, /<form action="\/" method="get">/, 'Back to home works even before hydration')
  t.match(appState(res.body), {
    path: '/does/not-exist',
    kind: 'error',
    error: { statusCode: 404, statusMessage: 'Not Found', message: 'Page not found: /does/not-exist', fatal: false },
  })
})

t.test('a trailing slash is not the home page', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/chat/', headers: browser })
  t.equal(res.statusCode, 404)
  t.match(textOf(res.body), 'Page not found: /chat/')
})

t.test('the message is escaped, not rendered as HTML', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/%3Cimg%20src=x%20onerror=alert(1)%3E', headers: browser })
  t.equal(res.statusCode, 404)
  t.notMatch(res.body, /<img src=x/)
})

t.test('unknown API path answers JSON, never HTML', async (t) => {
  const { app } = await buildApp(t)
  for (const [method, url] of [['GET', '/api/nothing'], ['POST', '/api/chats/x/nothing'], ['DELETE', '/api'], ['GET', '/api']] as const) {
    const res = await app.inject({ method, url, headers: browser })
    t.equal(res.statusCode, 404, `${method} ${url}`)
    t.match(res.headers['content-type'], /^application\/json/)
    t.same(res.json(), { statusCode: 404, code: 'NOT_FOUND', message: `No ${method} route for ${url}` })
  }
})

t.test('a missing asset is a plain 404, not a rendered page', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/assets/gone-123.js', headers: browser })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /^application\/json/)
})

t.test('the UI playground is a 404 unless UI_PLAYGROUND is on', async (t) => {
  const off = await buildApp(t)
  const hidden = await off.app.inject({ url: '/_playground', headers: browser })
  t.equal(hidden.statusCode, 404)
  t.match(textOf(hidden.body), 'Page not found: /_playground')
  t.equal((await off.app.inject({ url: '/_playground/_payload.json', headers: browser })).statusCode, 404)
  const on = await buildApp(t, { UI_PLAYGROUND: 'true' })
  const shown = await on.app.inject({ url: '/_playground', headers: browser })
  t.equal(shown.statusCode, 200)
  t.match(textOf(shown.body), 'UI playground')
})
