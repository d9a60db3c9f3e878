// An answer that ends before the route has answered the browser (a model with no pause between
// words, an error that comes at once) still reaches the sender, whole, over a real socket: the
// sender's stream is subscribed before the answer starts.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'

t.test('an instant answer and an instant error reach the sender over a real socket', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const v = visitor()
  const chatId = (await createChat(app, v, 'Show me a table')).json().id as string
  const { messages } = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json()

  const post = (body: unknown) => fetch(`${base}/api/chats/${chatId}`, { method: 'POST', headers: v.headers(true), body: JSON.stringify(body) })
  for (const [name, body] of [
    ['the first answer of a chat (its question stored with the chat)', { messages: [messages[0]] }],
    ['a second message', { messages: [userMessage('And now a list')] }],
  ] as const) {
    const res = await post(body)
    t.equal(res.status, 200, name)
    const { chunks, done } = parseUiStream(await res.text())
    t.ok(done, `${name}: the stream ends with [DONE]`)
    t.match(streamedText(chunks), /Connect a real model/, `${name}: the whole answer came through`)
    t.ok(chunks.some((chunk) => chunk.type === 'finish'), `${name}: and its finish`)
  }

  useModel(app, scriptedModel({ words: ['never'], failAfter: { words: 0, error: Object.assign(new Error('upstream down'), { statusCode: 503 }) } }))
  const failed = await post({ messages: [userMessage('one more')] })
  const { chunks, done } = parseUiStream(await failed.text())
  t.ok(done)
  t.ok(chunks.some((chunk) => chunk.type === 'error'), 'an error at once is sent to the sender as an error chunk')
  const stored = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
  t.same(stored.map((m: { status: string }) => m.status), ['complete', 'complete', 'complete', 'complete', 'complete', 'error'])
})
