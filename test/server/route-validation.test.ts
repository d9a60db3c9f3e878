// A chat id that fails validation is a fatal 404 "Page Not Found: {path}" (docs/product-contract.md).
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { appState, textOf } from '../helpers/html.ts'
import { createChat, visitor } from '../helpers/chat.ts'

t.test('valid chat ids render the chat screen', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  for (const id of ['a', 'abc_DEF-123', 'x'.repeat(64)]) {
    await createChat(app, owner, `Question in ${id}`, id)
    const res = await app.inject({ url: `/chat/${id}`, headers: owner.headers() })
    t.equal(res.statusCode, 200, id)
    t.match(appState(res.body), { kind: 'page', route: 'chat-id', params: { id } })
    t.match(textOf(res.body), `Question in ${id}`)
  }
})

t.test('a valid id of a chat that does not exist is a (non-fatal) 404 "Chat not found"', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/chat/abc', headers: browser })
  t.equal(res.statusCode, 404)
  t.match(textOf(res.body), 'Chat not found')
  t.match(appState(res.body), { kind: 'error', error: { statusCode: 404, fatal: false, message: 'Chat not found' } })
})

t.test('invalid chat ids are a fatal 404', async (t) => {
  const { app } = await buildApp(t)
  for (const raw of ['x'.repeat(65), 'a%20b', 'a.b', '%E2%9C%93', 'a%2Fb']) {
    const res = await app.inject({ url: `/chat/${raw}`, headers: browser })
    t.equal(res.statusCode, 404, raw)
    t.match(textOf(res.body), `Page Not Found: /chat/${raw}`)
    t.match(appState(res.body), { kind: 'error', error: { statusCode: 404, fatal: true } })
  }
})

t.test('the payload of an invalid id is the same 404 as JSON', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/chat/a.b/_payload.json', headers: browser })
  t.equal(res.statusCode, 404)
  t.same(res.json(), { statusCode: 404, code: 'ROUTE_VALIDATION_FAILED', message: 'Page Not Found: /chat/a.b' })
})
