// A deleted chat's id is never given to anyone else: not through POST /api/chats {id}, not through
// an import of an export that names it. Otherwise whoever took the id would be shown behind the old
// owner's share links and bookmarks. Every way a chat is deleted retires its id (its Delete, Delete
// all, an account's deletion; on a SQLite file those run in the delete worker).
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { listenForFetch } from '../helpers/uploads.ts'

async function signedIn(app: FastifyInstance, email: string): Promise<Visitor> {
  const v = visitor()
  v.cookie = (await signUp(app, email)).cookie
  return v
}

async function importFile(app: FastifyInstance, base: string, v: Visitor, name: string, bytes: string) {
  const form = new FormData()
  form.append('file', new Blob([bytes]), name)
  const started = await fetch(`${base}/api/import`, { method: 'POST', headers: v.headers(), body: form })
  const { id } = (await started.json()) as { id: string }
  if (started.status !== 202) throw new Error(`import refused: ${started.status}`)
  // Polled as the settings dialog does: the import runs in the background and has no event to await.
  for (let attempt = 0; attempt < 500; attempt++) {
    const view = (await app.inject({ url: `/api/import/${id}`, headers: v.headers() })).json()
    if (view.status !== 'running') return view
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the import did not end')
}

// One server for the file. A file, so that deletes run in SQLite's delete worker as they do in production.
const dir = mkdtempSync(join(tmpdir(), 'chat-id-reuse-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', DATABASE_PATH: join(dir, 'app.db') })
const base = await listenForFetch(t, app)

const chatIds = async (app: FastifyInstance, v: Visitor) => ((await app.inject({ url: '/api/chats?limit=100', headers: v.headers() })).json().chats as Array<{ id: string; title: string }>)

t.test('an id its owner deleted: refused to anyone with a 409, an import gets a new one, the old share link stays dead', async (t) => {
  const ada = await signedIn(app, 'ada@example.com')
  const bob = await signedIn(app, 'bob@example.com')
  const reader = visitor()

  const shared = '3f0c1a52-8d7e-4b1a-9c55-0a1b2c3d4e5f'
  t.equal((await createChat(app, ada, 'My travel plans', shared)).statusCode, 201)
  t.equal((await app.inject({ method: 'PATCH', url: `/api/chats/${shared}`, headers: ada.headers(true), payload: { visibility: 'public' } })).statusCode, 200)
  t.equal((await app.inject({ url: `/api/chats/${shared}`, headers: reader.headers() })).statusCode, 200, 'the share link works while the chat is there')
  const exported = (await app.inject({ url: `/api/chats/${shared}/export?format=json`, headers: ada.headers() })).body
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${shared}`, headers: ada.headers() })).statusCode, 204)

  const taken = await createChat(app, bob, 'Look at my chat', shared)
  t.equal(taken.statusCode, 409)
  t.match(taken.json(), { code: 'CHAT_ID_RETIRED', message: /deleted chat/ })
  t.same(await chatIds(app, bob), [], 'nothing was stored for Bob')

  t.match(await importFile(app, base, bob, 'travel.json', exported), { status: 'done', imported: 1 })
  const [copy] = await chatIds(app, bob)
  t.ok(copy, 'Bob has his copy')
  t.not(copy!.id, shared, 'under a new id')
  t.equal((await app.inject({ url: `/api/chats/${shared}`, headers: reader.headers() })).statusCode, 404, "Ada's old share link stays dead")
  t.equal((await app.inject({ url: `/api/chats/${shared}`, headers: bob.headers() })).statusCode, 404)

  // An export that names a chat someone else has now: a new id too, and theirs is untouched.
  const live = (await createChat(app, ada, 'Still here')).json().id as string
  const liveExport = (await app.inject({ url: `/api/chats/${live}/export?format=json`, headers: ada.headers() })).body
  t.match(await importFile(app, base, bob, 'live.json', liveExport), { status: 'done', imported: 1 })
  t.notOk((await chatIds(app, bob)).some((chat) => chat.id === live), "Bob's copy has an id of its own")
  t.equal((await app.inject({ url: `/api/chats/${live}`, headers: ada.headers() })).json().chat.title, 'Still here')

  // Ada bringing back her own chat from her own export: hers again, under its id.
  t.match(await importFile(app, base, ada, 'travel.json', exported), { status: 'done', imported: 1 })
  t.equal((await app.inject({ url: `/api/chats/${shared}`, headers: ada.headers() })).json().chat.title, 'My travel plans')
})

t.test('Delete all and deleting the account retire their chats ids too', async (t) => {
  const ada = await signedIn(app, 'ada2@example.com')
  const grace = await signedIn(app, 'grace@example.com')
  const bob = await signedIn(app, 'bob2@example.com')

  const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']
  for (const id of ids) t.equal((await createChat(app, ada, 'Mine', id)).statusCode, 201)
  t.equal((await app.inject({ method: 'DELETE', url: '/api/chats', headers: ada.headers(true), payload: { confirm: 'delete all chats' } })).statusCode, 200)
  const graceId = '33333333-3333-4333-8333-333333333333'
  t.equal((await createChat(app, grace, 'Hers', graceId)).statusCode, 201)
  t.equal((await app.inject({ method: 'DELETE', url: '/api/account', headers: grace.headers(true), payload: { confirm: 'delete my account' } })).statusCode, 200)

  for (const id of [...ids, graceId]) t.match((await createChat(app, bob, 'Taken?', id)).json(), { statusCode: 409, code: 'CHAT_ID_RETIRED' }, id)
  t.equal((await createChat(app, bob, 'A new one', '44444444-4444-4444-8444-444444444444')).statusCode, 201, 'an id never used is still fine')
})
