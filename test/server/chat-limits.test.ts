// The chat API refuses what it must, with a clear 4xx JSON error and nothing stored: empty and
// over-long messages, oversized bodies, sending too fast, bad ids, unknown models, duplicate
// chats, bad titles, votes on questions; and edit/regenerate cut the chat at the right message.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'

interface Stored {
  id: string
  role: string
  parts: Array<{ type: string; text?: string }>
}

async function messages(app: FastifyInstance, v: Visitor, chatId: string): Promise<Stored[]> {
  return (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
}

const texts = (list: Stored[]) => list.map((message) => message.parts.map((part) => part.text ?? '').join(''))

async function send(app: FastifyInstance, v: Visitor, chatId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chats/${chatId}`,
    headers: v.headers(true),
    payload: { id: chatId, messages: [userMessage(text)], trigger: 'submit-message', ...extra },
  })
  await app.answers.get(chatId)?.settled
  return res
}

/** A chat whose first question has been answered. */
async function answered(app: FastifyInstance, v: Visitor, text: string): Promise<string> {
  const chatId = (await createChat(app, v, text)).json().id as string
  const [question] = await messages(app, v, chatId)
  await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [question], trigger: 'submit-message' } })
  await app.answers.get(chatId)?.settled
  return chatId
}

function errorBody(t: Test, res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, statusCode: number, code?: string) {
  t.equal(res.statusCode, statusCode)
  t.match(res.headers['content-type'], /^application\/json/)
  t.match(res.json(), { statusCode, code: code ?? String, message: String })
}

t.test('an empty message is refused, on create and on send', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  errorBody(t, await createChat(app, v, '  \n\t '), 400, 'EMPTY_MESSAGE')
  t.same((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats, [], 'no chat was made')
  const chatId = (await createChat(app, v, 'hello')).json().id
  errorBody(t, await send(app, v, chatId, '   '), 400, 'EMPTY_MESSAGE')
  t.equal((await messages(app, v, chatId)).length, 1, 'nothing stored')
})

t.test('a message over MESSAGE_MAX_CHARS is refused, naming the limit', async (t) => {
  const { app } = await buildApp(t, { MESSAGE_MAX_CHARS: '100' })
  useModel(app, scriptedModel({ words: ['ok'] }))
  const v = visitor()
  const tooLong = await createChat(app, v, 'x'.repeat(101))
  errorBody(t, tooLong, 400, 'MESSAGE_TOO_LONG')
  t.match(tooLong.json().message, /\b100\b/, 'the message names the limit')
  t.equal((await createChat(app, v, 'x'.repeat(100))).statusCode, 201, 'exactly the limit is fine')
  const chatId = (await createChat(app, v, 'short')).json().id
  errorBody(t, await send(app, v, chatId, 'y'.repeat(101)), 400, 'MESSAGE_TOO_LONG')
  t.equal((await messages(app, v, chatId)).length, 1, 'nothing stored')
})

t.test('a body over the body limit is a 413 JSON error', async (t) => {
  const { app } = await buildApp(t, { MESSAGE_MAX_CHARS: '1000000' })
  const v = visitor()
  const res = await createChat(app, v, 'x'.repeat(1024 * 1024 + 1))
  errorBody(t, res, 413)
  t.same((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats, [], 'no chat was made')
})

t.test('sending faster than SEND_RATE_LIMIT_PER_MINUTE is refused with Retry-After, and the message is not stored', async (t) => {
  const { app } = await buildApp(t, { SEND_RATE_LIMIT_PER_MINUTE: '2' })
  useModel(app, scriptedModel({ words: ['fine'] }))
  const v = visitor()
  const chatId = await answered(app, v, 'one')
  t.equal((await send(app, v, chatId, 'two')).statusCode, 200)
  const refused = await send(app, v, chatId, 'three')
  errorBody(t, refused, 429, 'RATE_LIMITED')
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${refused.headers['retry-after']}`)
  t.match(refused.json().message, new RegExp(`too quickly.*${retryAfter} seconds`))
  t.same(texts(await messages(app, v, chatId)), ['one', 'fine', 'two', 'fine'], 'the refused message is not stored')

  const regenerate = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [userMessage('two')], trigger: 'regenerate-message' } })
  t.equal(regenerate.statusCode, 429, 'regenerating counts too')
  t.equal((await messages(app, v, chatId)).length, 4, 'and leaves the answer in place')

  const other = visitor()
  t.equal(await answered(app, other, 'mine').then(async (id) => (await messages(app, other, id)).length), 2, 'another owner is not limited')
})

t.test('a malformed chat id in the URL is a 400 JSON error', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  await createChat(app, v, 'hello')
  const long = 'a'.repeat(65)
  for (const [method, url, payload] of [
    ['GET', '/api/chats/bad.id', undefined],
    ['GET', `/api/chats/${long}`, undefined],
    ['GET', '/api/chats/bad%20id/export', undefined],
    ['PATCH', '/api/chats/bad.id', { title: 'x' }],
    ['DELETE', '/api/chats/bad.id', undefined],
    ['POST', '/api/chats/bad.id', { messages: [userMessage('hi')] }],
    ['POST', '/api/chats/bad.id/votes', { messageId: 'm', value: 'up' }],
  ] as const) {
    const res = await app.inject({ method, url, headers: v.headers(payload !== undefined), ...(payload ? { payload } : {}) })
    errorBody(t, res, 400, 'VALIDATION_ERROR')
    t.match(res.json().message, /\bid\b/, `${method} ${url.slice(0, 30)}: the message names the id`)
  }
  errorBody(t, await createChat(app, v, 'hello', 'bad.id'), 400, 'VALIDATION_ERROR')
})

t.test('an unknown model is refused before anything is stored', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const create = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: userMessage('hi'), model: 'nowhere:no-such-model' } })
  errorBody(t, create, 400, 'UNKNOWN_MODEL')
  const chatId = (await createChat(app, v, 'hello')).json().id
  errorBody(t, await send(app, v, chatId, 'again', { model: 'nowhere:no-such-model' }), 400, 'UNKNOWN_MODEL')
  t.same((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats.map((c: { id: string }) => c.id), [chatId])
  t.equal((await messages(app, v, chatId)).length, 1)
})

t.test('creating a chat with an id that exists is a 409, and the chat is untouched', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  t.equal((await createChat(app, v, 'first', 'my-chat-1')).statusCode, 201)
  errorBody(t, await createChat(app, v, 'second', 'my-chat-1'), 409, 'CHAT_EXISTS')
  t.same(texts(await messages(app, v, 'my-chat-1')), ['first'])
})

t.test('a title is trimmed and must be 1 to 100 characters', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const chatId = (await createChat(app, v, 'hello')).json().id
  const patch = (title: string) => app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { title } })
  const trimmed = await patch('   Trip to Lisbon \n')
  t.equal(trimmed.statusCode, 200)
  t.equal(trimmed.json().title, 'Trip to Lisbon')
  t.equal((await patch('t'.repeat(100))).statusCode, 200)
  for (const bad of ['', '   ', `  ${'t'.repeat(101)}  `]) errorBody(t, await patch(bad), 400, 'BAD_TITLE')
  errorBody(t, await patch('t'.repeat(5000)), 400)
  t.equal((await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().chat.title, 't'.repeat(100), 'refused titles change nothing')
})

t.test('only answers can be voted on', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['answer'] }))
  const v = visitor()
  const chatId = await answered(app, v, 'question')
  const [question, answer] = await messages(app, v, chatId)
  const vote = (messageId: string) => app.inject({ method: 'POST', url: `/api/chats/${chatId}/votes`, headers: v.headers(true), payload: { messageId, value: 'up' } })
  errorBody(t, await vote(question!.id), 404, 'MESSAGE_NOT_FOUND')
  errorBody(t, await vote('no-such-message'), 404, 'MESSAGE_NOT_FOUND')
  const ok = await vote(answer!.id)
  t.equal(ok.statusCode, 200)
  t.same(ok.json().votes, [{ messageId: answer!.id, value: 'up' }])
})

t.test('edit and regenerate cut the chat at the right message', async (t) => {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel({ words: ['answer'] }))
  const v = visitor()
  const chatId = await answered(app, v, 'q1')
  await send(app, v, chatId, 'q2')
  const all = await messages(app, v, chatId)
  t.same(texts(all), ['q1', 'answer', 'q2', 'answer'])
  const cut = (messageId: string, type: 'edit' | 'regenerate') =>
    app.inject({ method: 'DELETE', url: `/api/chats/${chatId}/messages`, headers: v.headers(true), payload: { messageId, type } })

  errorBody(t, await cut(all[1]!.id, 'edit'), 400, 'BAD_MESSAGE')
  errorBody(t, await cut('no-such-message', 'edit'), 404, 'MESSAGE_NOT_FOUND')
  t.equal((await messages(app, v, chatId)).length, 4, 'refusals cut nothing')

  const regenerate = await cut(all[3]!.id, 'regenerate')
  t.equal(regenerate.statusCode, 200)
  t.same(regenerate.json().messages.map((m: Stored) => m.id), all.slice(0, 3).map((m) => m.id), 'regenerate: the answer goes, the question stays')
  t.same((await cut(all[2]!.id, 'regenerate')).json().messages.map((m: Stored) => m.id), all.slice(0, 3).map((m) => m.id), 'given the question, it stays too')
  const edit = await cut(all[2]!.id, 'edit')
  t.same(edit.json().messages.map((m: Stored) => m.id), all.slice(0, 2).map((m) => m.id), 'edit: the question and what follows go')
  t.same((await messages(app, v, chatId)).map((m) => m.id), all.slice(0, 2).map((m) => m.id), 'as stored')

  // The edited question is sent again and answered in place.
  t.equal((await send(app, v, chatId, 'q2 edited')).statusCode, 200)
  t.same(texts(await messages(app, v, chatId)), ['q1', 'answer', 'q2 edited', 'answer'])
})
