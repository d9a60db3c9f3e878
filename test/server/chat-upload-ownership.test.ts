// An upload belongs to one chat's messages and lives as long as a message carries it: two sends at
// once cannot both take it, deleting the messages that carried it deletes it (no longer served with
// a public chat, no longer stored), and its owner may delete it while a message still shows it.
// Runs on SQLite and on PostgreSQL (the chat- prefix).
import t from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { remember, visitor, type Visitor } from '../helpers/chat.ts'

const { app, config } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
const { upload, download } = uploader(await listenForFetch(t, app))
const stored = () => (existsSync(config.uploads.dir) ? readdirSync(config.uploads.dir) : [])

const filePart = (file: Record<string, any>) => ({ type: 'file', url: file.url })
const post = (v: Visitor, url: string, payload: object) => app.inject({ method: 'POST', url, headers: v.headers(true), payload })

async function newChat(a: FastifyInstance, v: Visitor, parts: object[]) {
  const res = await post(v, '/api/chats', { message: { role: 'user', parts } })
  remember(v, res.headers['set-cookie'])
  return res
}

async function chatsOf(v: Visitor): Promise<string[]> {
  return (await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats.map((chat: { id: string }) => chat.id)
}

t.test('two new chats sent at once with the same upload: one takes it, the other is refused and not made', async (t) => {
  const owner = visitor()
  const file = (await upload(owner, 'notes.txt', 'some notes')).body
  const results = await Promise.all([
    newChat(app, owner, [{ type: 'text', text: 'first' }, filePart(file)]),
    newChat(app, owner, [{ type: 'text', text: 'second' }, filePart(file)]),
  ])
  const statuses = results.map((res) => res.statusCode).sort()
  t.same(statuses, [201, 409], `one is made, one refused (${statuses.join(', ')})`)
  const refused = results.find((res) => res.statusCode === 409)!
  t.match(refused.json(), { code: 'FILE_IN_OTHER_CHAT', message: /“notes\.txt” was already sent in another chat/ })
  const made = results.find((res) => res.statusCode === 201)!.json().id as string
  t.same(await chatsOf(owner), [made], 'the refused chat left nothing behind')
  t.equal((await app.files.store.get(file.id))!.chatId, made)
})

t.test('two sends at once into two chats with the same upload: one stores it, the other stores nothing', async (t) => {
  const owner = visitor()
  const a = (await newChat(app, owner, [{ type: 'text', text: 'chat a' }])).json().id as string
  const b = (await newChat(app, owner, [{ type: 'text', text: 'chat b' }])).json().id as string
  // Each chat's first question answered, so that a send adds a new question.
  for (const id of [a, b]) {
    const first = (await app.inject({ url: `/api/chats/${id}`, headers: owner.headers() })).json().messages[0]
    t.equal((await post(owner, `/api/chats/${id}`, { messages: [first] })).statusCode, 200)
  }
  const file = (await upload(owner, 'plan.txt', 'the plan')).body
  const send = (chatId: string) => post(owner, `/api/chats/${chatId}`, { messages: [{ id: `m-${chatId}`, role: 'user', parts: [{ type: 'text', text: 'see this' }, filePart(file)] }] })
  const results = await Promise.all([send(a), send(b)])
  const statuses = results.map((res) => res.statusCode).sort()
  t.same(statuses, [200, 409], `one answered, one refused (${statuses.join(', ')})`)
  const loser = results[0]!.statusCode === 409 ? a : b
  const winner = loser === a ? b : a
  t.match(results.find((res) => res.statusCode === 409)!.json(), { code: 'FILE_IN_OTHER_CHAT', message: /“plan\.txt” was already sent in another chat/ })
  const loserMessages = (await app.inject({ url: `/api/chats/${loser}`, headers: owner.headers() })).json().messages
  t.equal(loserMessages.length, 2, 'the refused send stored neither its question nor an answer')
  t.equal((await app.files.store.get(file.id))!.chatId, winner)
})

t.test('deleting the messages that carried a file deletes it; a file another message still carries stays', async (t) => {
  const owner = visitor()
  const kept = (await upload(owner, 'kept.txt', 'kept')).body
  const created = await newChat(app, owner, [{ type: 'text', text: 'first' }, filePart(kept)])
  const chatId = created.json().id as string
  const first = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json().messages[0]
  t.equal((await post(owner, `/api/chats/${chatId}`, { messages: [first] })).statusCode, 200)
  const dropped = (await upload(owner, 'dropped.txt', 'dropped')).body
  const question = { id: 'q-two', role: 'user', parts: [{ type: 'text', text: 'second' }, filePart(dropped), filePart(kept)] }
  t.equal((await post(owner, `/api/chats/${chatId}`, { messages: [question] })).statusCode, 200)
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  const reader = visitor()
  t.equal((await download(reader, dropped.url)).status, 200, 'served with the public chat while a message carries it')

  const removed = await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}/messages`, headers: owner.headers(true), payload: { messageId: 'q-two', type: 'edit' } })
  t.equal(removed.statusCode, 200)
  t.equal((await download(reader, dropped.url)).status, 404, 'no longer served to readers of the chat')
  t.equal((await download(owner, dropped.url)).status, 404, 'nor to its owner: it went with its message')
  t.notOk(stored().includes(dropped.id), 'its bytes are gone')
  t.equal(await app.files.store.get(dropped.id), null, 'and its row')
  t.equal((await download(reader, kept.url)).status, 200, 'the first message still carries the other file')
  t.ok(stored().includes(kept.id))
})

t.test('an owner may delete a file a message carries; others get 404', async (t) => {
  const owner = visitor()
  const file = (await upload(owner, 'secret.txt', 'oops, a password')).body
  const chatId = (await newChat(app, owner, [{ type: 'text', text: 'look' }, filePart(file)])).json().id as string
  await app.inject({ method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { visibility: 'public' } })
  const remove = (v: Visitor) => app.inject({ method: 'DELETE', url: file.url, headers: v.headers() })
  t.equal((await remove(visitor())).statusCode, 404, 'a reader of the public chat cannot delete it')
  t.equal((await remove(owner)).statusCode, 204)
  t.equal((await download(owner, file.url)).status, 404)
  t.equal((await download(visitor(), file.url)).status, 404, 'the public chat no longer serves it')
  t.notOk(stored().includes(file.id), 'its bytes are gone')
  const chat = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json()
  t.match(chat.messages[0].parts[1], { type: 'file', url: file.url, filename: 'secret.txt' }, 'the message still names the file')
  t.equal((await remove(owner)).statusCode, 404, 'twice: not found')

  // Editing that message sends its parts again: the removed file stays named, as it was stored.
  const edited = await post(owner, `/api/chats/${chatId}`, { parentId: null, messages: [{ id: 'edited', role: 'user', parts: [{ type: 'text', text: 'look again' }, { ...filePart(file), filename: 'other.exe', mediaType: 'text/html' }] }] })
  t.equal(edited.statusCode, 200, 'the edit is sent')
  const version = (await app.inject({ url: `/api/chats/${chatId}`, headers: owner.headers() })).json().messages[0]
  t.same(version.parts, [{ type: 'text', text: 'look again' }, { type: 'file', url: file.url, mediaType: 'text/plain', filename: 'secret.txt' }], 'named as stored, whatever the client said')
  t.equal(await app.files.store.get(file.id), null, 'and nothing brought it back')
  const stranger = visitor()
  const elsewhere = await newChat(app, stranger, [{ type: 'text', text: 'mine?' }, filePart(file)])
  t.equal(elsewhere.statusCode, 400, 'a removed file is still nobody else’s upload')
})
