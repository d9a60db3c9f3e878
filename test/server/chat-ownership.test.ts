// Only the owner may read or change a private chat; anyone may read a public one; everyone else
// gets 404 (never 403), so a chat's existence is never revealed.
import t, { type Test } from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, remember, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'

async function matrix(t: Test) {
  const { app } = await buildApp(t)
  const owner = visitor()
  const chat = (await createChat(app, owner, 'private thoughts')).json()
  const stranger = visitor()
  const otherUser = visitor()
  otherUser.cookie = (await signUp(app, 'other@example.com', 'password-123')).cookie
  return { app, owner, stranger, otherUser, chat }
}

const writes = (id: string) =>
  [
    ['PATCH', `/api/chats/${id}`, { title: 'mine now' }],
    ['DELETE', `/api/chats/${id}`, undefined],
    ['POST', `/api/chats/${id}/stop`, undefined],
    ['POST', `/api/chats/${id}/votes`, { messageId: 'x', value: 'up' }],
    ['DELETE', `/api/chats/${id}/messages`, { messageId: 'x', type: 'edit' }],
    ['POST', `/api/chats/${id}`, { messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }],
  ] as const

async function call(app: Awaited<ReturnType<typeof buildApp>>['app'], v: Visitor, method: string, url: string, payload?: unknown) {
  return app.inject({ method: method as 'GET', url, headers: v.headers(payload !== undefined), ...(payload !== undefined ? { payload: payload as object } : {}) })
}

t.test('a private chat: the owner reads it, nobody else can tell it exists', async (t) => {
  const { app, owner, stranger, otherUser, chat } = await matrix(t)
  t.equal((await call(app, owner, 'GET', `/api/chats/${chat.id}`)).statusCode, 200)
  const missing = (await call(app, stranger, 'GET', '/api/chats/does-not-exist')).json()
  for (const v of [stranger, otherUser]) {
    for (const url of [`/api/chats/${chat.id}`, `/api/chats/${chat.id}/export`, `/api/chats/${chat.id}/stream`]) {
      const res = await call(app, v, 'GET', url)
      t.equal(res.statusCode, 404, url)
      t.same(res.json(), missing, 'the same answer as for a chat that does not exist')
    }
    for (const [method, url, payload] of writes(chat.id)) {
      const res = await call(app, v, method, url, payload)
      t.equal(res.statusCode, 404, `${method} ${url}`)
      t.equal(res.json().code, 'CHAT_NOT_FOUND')
    }
    t.same((await call(app, v, 'GET', '/api/chats')).json().chats, [], 'not in their list')
  }
  t.equal((await call(app, owner, 'GET', `/api/chats/${chat.id}`)).json().chat.title, 'Private thoughts', 'nothing changed')
})

t.test('a public chat: anyone reads it, only the owner changes it', async (t) => {
  const { app, owner, stranger, otherUser, chat } = await matrix(t)
  t.equal((await call(app, owner, 'PATCH', `/api/chats/${chat.id}`, { visibility: 'public' })).statusCode, 200)
  for (const v of [stranger, otherUser]) {
    const read = await call(app, v, 'GET', `/api/chats/${chat.id}`)
    t.equal(read.statusCode, 200)
    t.match(read.json(), { chat: { isOwner: false, visibility: 'public' }, votes: [] })
    t.equal((await call(app, v, 'GET', `/api/chats/${chat.id}/export?format=md`)).statusCode, 200)
    for (const [method, url, payload] of writes(chat.id)) {
      t.equal((await call(app, v, method, url, payload)).statusCode, 404, `${method} ${url}`)
    }
  }
  t.match((await call(app, owner, 'GET', `/api/chats/${chat.id}`)).json(), { chat: { isOwner: true } })
})

t.test('signing in moves the anonymous chats to the user', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  const first = (await createChat(app, v, 'before signing in')).json()
  const { res, cookie } = await signUp(app, 'ada@example.com', 'password-123', v.cookie)
  t.equal(res.statusCode, 201)
  remember(v, res.headers['set-cookie'])
  t.equal(v.cookie, cookie)
  const list = (await call(app, v, 'GET', '/api/chats')).json()
  t.same(list.chats.map((c: { id: string }) => c.id), [first.id])
  const other = visitor()
  other.cookie = (await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: { ...other.headers(true) }, payload: { email: 'ada@example.com', password: 'password-123' } })).headers['set-cookie']!.toString().split(';')[0]!.split('=').slice(1).join('=')
  t.equal((await call(app, other, 'GET', `/api/chats/${first.id}`)).statusCode, 200, 'the same user on another device sees it')
})

t.test("a first visit: reading sets no cookie, so the browser keeps the cookie of the request that created the chat", async (t) => {
  const { app } = await buildApp(t)
  const newcomer = visitor()
  // The sidebar's list, the search palette and a public chat's page are read while the first
  // message is being sent. Before, each read minted its own anonymous owner; whichever response
  // arrived last set the cookie, and the new chat could end up owned by an id the browser lost.
  const reads = ['/api/chats', '/api/chats/search?q=hello', '/chat/nothing-here/_payload.json']
  const [created, ...readResponses] = await Promise.all([
    createChat(app, newcomer, 'hello there'),
    ...reads.map((url) => call(app, visitor(), 'GET', url)),
  ])
  t.equal(created.statusCode, 201)
  for (const [index, res] of readResponses.entries()) {
    const url = reads[index]!
    t.ok(res.statusCode < 500, url)
    t.notOk(res.headers['set-cookie'], `${url} sets no cookie`)
  }
  t.same((await call(app, visitor(), 'GET', '/api/chats')).json(), { chats: [], nextCursor: null, pinned: [], projects: [] }, 'a cookieless visitor has no chats, pins or projects')
  const mine = (await call(app, newcomer, 'GET', '/api/chats')).json()
  t.same(mine.chats.map((chat: { id: string }) => chat.id), [created.json().id], 'the creator lists the chat')
})
