// Bot user agents get no rendered error page (docs/product-contract.md); the error is only logged, marked as a bot.
import t from 'tap'
import { buildApp, BOT_UA, browser } from '../helpers/build-app.ts'

t.test('a bot hitting an unknown page gets the status and a minimal body', async (t) => {
  const { app, logs } = await buildApp(t)
  const res = await app.inject({ url: '/no/such/page', headers: { 'user-agent': BOT_UA } })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /^text\/plain/)
  t.equal(res.body, '404 Not Found')
  const entry = logs.find((line) => line.msg === 'pages: bot request failed')
  t.match(entry, { bot: true, statusCode: 404, error: 'Page not found: /no/such/page', reqId: String })
})

t.test('a bot hitting an invalid chat id gets the fatal 404 without a page', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/chat/bad.id', headers: { 'user-agent': BOT_UA } })
  t.equal(res.statusCode, 404)
  t.equal(res.body, '404 Not Found')
})

t.test('a bot gets normal pages rendered in full', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/', headers: { 'user-agent': BOT_UA } })
  t.equal(res.statusCode, 200)
  t.match(res.body, /Hello there!/)
  t.match(res.body, /<\/html>\s*$/)
})

t.test('the same unknown page is a rendered error page for a browser', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/no/such/page', headers: browser })
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /^text\/html/)
})
