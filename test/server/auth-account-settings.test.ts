// Account settings: change a local account's password (the old one stops working, other devices are
// signed out, this one stays), sign out everywhere, and delete the account with all its chats after
// a typed confirmation. Only ever the session's own user; nobody signed in gets 401.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, remember, visitor, type Visitor } from '../helpers/chat.ts'

async function signedUp(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<Visitor> {
  const v = visitor()
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: v.headers(true), payload: { email, password, name: 'Ada' } })
  t.equal(res.statusCode, 201)
  remember(v, res.headers['set-cookie'])
  return v
}

async function signIn(app: FastifyInstance, email: string, password: string) {
  const v = visitor()
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: v.headers(true), payload: { email, password } })
  remember(v, res.headers['set-cookie'])
  return { status: res.statusCode, v }
}

const whoIs = async (app: FastifyInstance, v: Visitor) => (await app.inject({ url: '/api/_auth/session', headers: v.headers() })).json().user?.email ?? null

t.test('change password: checked, the old one stops working, other devices are signed out, this one stays', async (t) => {
  const { app } = await buildApp(t)
  const here = await signedUp(app, 'pw@example.com')
  const { v: elsewhere } = await signIn(app, 'pw@example.com', 'correct horse battery')
  t.equal(await whoIs(app, elsewhere), 'pw@example.com')
  const change = (payload: object) => app.inject({ method: 'POST', url: '/api/account/password', headers: here.headers(true), payload })

  const wrong = await change({ currentPassword: 'not it at all', newPassword: 'a brand new passphrase' })
  t.equal(wrong.statusCode, 400)
  t.equal(wrong.json().code, 'WRONG_PASSWORD')
  const weak = await change({ currentPassword: 'correct horse battery', newPassword: 'password123' })
  t.equal(weak.json().code, 'WEAK_PASSWORD')
  const short = await change({ currentPassword: 'correct horse battery', newPassword: 'short' })
  t.equal(short.statusCode, 400, 'too short: refused by the schema')

  const ok = await change({ currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { changed: true, otherSessionsSignedOut: 1 })
  t.equal(await whoIs(app, here), 'pw@example.com', 'this device stays signed in')
  t.equal(await whoIs(app, elsewhere), null, 'the other device is signed out')
  t.equal((await signIn(app, 'pw@example.com', 'correct horse battery')).status, 401, 'the old password no longer works')
  t.equal((await signIn(app, 'pw@example.com', 'a brand new passphrase')).status, 200, 'the new one does')
})

t.test('wrong current passwords are limited per user', async (t) => {
  const { app } = await buildApp(t)
  const v = await signedUp(app, 'guess@example.com')
  let last = 0
  for (let i = 0; i < 11; i++) {
    last = (await app.inject({ method: 'POST', url: '/api/account/password', headers: v.headers(true), payload: { currentPassword: `guess ${i}`, newPassword: 'a brand new passphrase' } })).statusCode
  }
  t.equal(last, 429)
})

t.test('sign out everywhere: every session of the user ends, this one too', async (t) => {
  const { app } = await buildApp(t)
  const here = await signedUp(app, 'all@example.com')
  const { v: elsewhere } = await signIn(app, 'all@example.com', 'correct horse battery')
  const res = await app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: here.headers() })
  t.same(res.json(), { signedOut: 2 })
  remember(here, res.headers['set-cookie'])
  t.equal(await whoIs(app, here), null)
  t.equal(await whoIs(app, elsewhere), null)
})

t.test('delete the account: only after the typed confirmation; its chats go with it, nobody else’s', async (t) => {
  const { app } = await buildApp(t)
  const owner = await signedUp(app, 'leaving@example.com')
  const other = await signedUp(app, 'staying@example.com')
  const mine = (await createChat(app, owner, 'Mine')).json()
  const theirs = (await createChat(app, other, 'Theirs')).json()

  const unconfirmed = await app.inject({ method: 'DELETE', url: '/api/account', headers: owner.headers(true), payload: { confirm: 'yes' } })
  t.equal(unconfirmed.statusCode, 400)
  t.equal(unconfirmed.json().code, 'CONFIRMATION_REQUIRED')
  t.match(unconfirmed.json().message, /delete my account/)
  t.equal((await app.inject({ url: `/api/chats/${mine.id}`, headers: owner.headers() })).statusCode, 200, 'nothing deleted yet')

  const res = await app.inject({ method: 'DELETE', url: '/api/account', headers: owner.headers(true), payload: { confirm: 'Delete my account' } })
  t.same(res.json(), { deleted: true, chats: 1 })
  remember(owner, res.headers['set-cookie'])
  t.equal(await whoIs(app, owner), null, 'signed out')
  t.equal((await signIn(app, 'leaving@example.com', 'correct horse battery')).status, 401, 'the account is gone')
  const count = await app.db.selectFrom('chats').select(app.db.fn.countAll().as('n')).where('id', '=', mine.id).executeTakeFirstOrThrow()
  t.equal(Number(count.n), 0, 'its chat is deleted')
  t.equal((await app.inject({ url: `/api/chats/${theirs.id}`, headers: other.headers() })).statusCode, 200, 'another user’s chat stays')
})

t.test('not signed in: 401 for every account route', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  await createChat(app, v, 'anonymous chat')
  for (const [method, url, payload] of [
    ['POST', '/api/account/password', { currentPassword: 'x', newPassword: 'a brand new passphrase' }],
    ['POST', '/api/account/sign-out-everywhere', undefined],
    ['DELETE', '/api/account', { confirm: 'delete my account' }],
  ] as const) {
    const res = await app.inject({ method, url, headers: v.headers(payload !== undefined), ...(payload ? { payload } : {}) })
    t.equal(res.statusCode, 401, `${method} ${url}`)
  }
})
