// The admin API: 404 to everyone but administrators (the same answer as an unknown
// route); the users table (paged, searchable, with their counts); disable, sign out everywhere,
// make admin, per-user quota, delete after a typed confirmation; every action in the audit log.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { readSession, sameOrigin, sameOriginJson, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { ADMIN_USERS_PAGE_SIZE } from '../../shared/admin.ts'

const as = (cookie: string | undefined, json = false) => ({ ...(json ? sameOriginJson : sameOrigin), ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) })

async function setUp(t: Test, env: Record<string, string> = {}) {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com', OFFLINE_TOKEN_DELAY_MS: '0', ...env })
  const admin = await signInAdmin(app, 'boss@example.com')
  const ada = await signUp(app, 'ada@example.com')
  const adaId = (await readSession(app, ada.cookie)).json().user.id as string
  return { app, admin: admin.cookie, ada: ada.cookie, adaId }
}

async function chatAndAnswer(app: FastifyInstance, cookie: string, text: string) {
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: as(cookie, true), payload: { message: { id: `q-${text}`, role: 'user', parts: [{ type: 'text', text }] } } })
  const chatId = created.json().id as string
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: as(cookie) })).json().messages[0]
  await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: as(cookie, true), payload: { messages: [question] } })
  await app.answers.get(chatId)?.settled
  return chatId
}

t.test('the admin API is an unknown route to visitors, users and API tokens, even with a bad body', async (t) => {
  const { app, ada, admin } = await setUp(t)
  const unknown = await app.inject({ url: '/api/admin/nothing-here', headers: as(undefined) })
  const cases = [
    { who: 'a visitor', headers: as(undefined) },
    { who: 'a signed-in user', headers: as(ada) },
    { who: 'an API token of an administrator', headers: { authorization: `Bearer ${(await app.inject({ method: 'POST', url: '/api/tokens', headers: as(admin, true), payload: { name: 'cli' } })).json().token}` } },
  ]
  for (const { who, headers } of cases) {
    for (const [method, url] of [['GET', '/api/admin/users'], ['GET', '/api/admin/usage'], ['GET', '/api/admin/audit'], ['POST', '/api/admin/users/x/disable'], ['DELETE', '/api/admin/users/x']] as const) {
      const res = await app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{"not":"valid"' })
      t.equal(res.statusCode, 404, `${who}: ${method} ${url}`)
      t.same(res.json(), { statusCode: 404, code: 'NOT_FOUND', message: `No ${method} route for ${url}` }, 'word for word an unknown route')
    }
  }
  t.equal(unknown.json().code, 'NOT_FOUND')
  t.equal((await app.inject({ url: '/api/admin/users', headers: as(admin) })).statusCode, 200, 'an administrator gets in')
})

t.test('the users table: newest first, paged, searchable, with chats, messages, tokens this month and storage', async (t) => {
  const { app, admin, ada, adaId } = await setUp(t, { AUTH_RATE_LIMIT_PER_IP: '100' })
  await chatAndAnswer(app, ada, 'Tell me about tides')
  for (let i = 0; i < ADMIN_USERS_PAGE_SIZE; i++) await signUp(app, `user${String(i).padStart(2, '0')}@example.org`)

  const first = (await app.inject({ url: '/api/admin/users', headers: as(admin) })).json()
  t.equal(first.users.length, ADMIN_USERS_PAGE_SIZE)
  t.equal(first.users[0].email, 'user24@example.org', 'newest first')
  t.ok(first.nextCursor)
  const second = (await app.inject({ url: `/api/admin/users?cursor=${first.nextCursor}`, headers: as(admin) })).json()
  t.same(second.users.map((user: { email: string }) => user.email), ['ada@example.com', 'boss@example.com'])
  t.equal(second.nextCursor, null)

  const row = second.users[0]
  t.match(row, { id: adaId, name: 'Ada', provider: 'local', disabled: false, admin: false, adminByConfig: false, chats: 1, messages: 2, quotaTokensPerDay: null })
  t.ok(row.tokensThisMonth > 0, 'the answer’s tokens are counted')
  t.ok(row.storageBytes > 0, 'and the bytes of the messages')
  t.ok(row.lastActiveAt >= row.createdAt)
  t.match(second.users[1], { admin: true, adminByConfig: true })

  const found = (await app.inject({ url: '/api/admin/users?q=ADA%40', headers: as(admin) })).json()
  t.same(found.users.map((user: { email: string }) => user.email), ['ada@example.com'], 'search by email, any case')
  const literal = (await app.inject({ url: '/api/admin/users?q=user1_', headers: as(admin) })).json()
  t.same(literal.users, [], '_ is no wildcard')
  const bad = await app.inject({ url: '/api/admin/users?cursor=bm9wZQ', headers: as(admin) })
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().code, 'INVALID_CURSOR')
})

t.test('actions: sign out everywhere, make admin, quota; none on oneself; ADMIN_EMAILS admins stay; all in the audit log', async (t) => {
  const { app, admin, ada, adaId } = await setUp(t)
  const adminId = (await readSession(app, admin)).json().user.id as string

  const signedOut = await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/sign-out`, headers: as(admin) })
  t.equal(signedOut.statusCode, 200)
  t.same((await readSession(app, ada)).json(), {}, "Ada's session ended")
  const ada2 = (await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'correct horse battery' } })).headers['set-cookie']
  const adaCookie = String([ada2].flat()[0]).split(';')[0]!.slice(SESSION_COOKIE.length + 1)
  t.equal((await app.inject({ url: '/api/admin/users', headers: as(adaCookie) })).statusCode, 404, 'not yet an administrator')

  const made = await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/admin`, headers: as(admin, true), payload: { admin: true } })
  t.match(made.json(), { admin: true, adminByConfig: false })
  t.equal((await app.inject({ url: '/api/admin/users', headers: as(adaCookie) })).statusCode, 200, 'made admin: at once')
  t.equal((await readSession(app, adaCookie)).json().user.admin, true, 'and the session says so (the account menu shows Admin)')

  const demoteConfig = await app.inject({ method: 'POST', url: `/api/admin/users/${adminId}/admin`, headers: as(adaCookie, true), payload: { admin: false } })
  t.equal(demoteConfig.statusCode, 400)
  t.equal(demoteConfig.json().code, 'ADMIN_BY_CONFIG')
  const self = await app.inject({ method: 'POST', url: `/api/admin/users/${adminId}/disable`, headers: as(admin) })
  t.equal(self.statusCode, 400)
  t.equal(self.json().code, 'NOT_ON_YOURSELF')

  const quota = await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/quota`, headers: as(admin, true), payload: { tokensPerDay: 5000 } })
  t.equal(quota.json().quotaTokensPerDay, 5000)
  const badQuota = await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/quota`, headers: as(admin, true), payload: { tokensPerDay: -5 } })
  t.equal(badQuota.statusCode, 400)
  const missing = await app.inject({ method: 'POST', url: '/api/admin/users/nobody/enable', headers: as(admin) })
  t.equal(missing.statusCode, 404)
  t.equal(missing.json().code, 'USER_NOT_FOUND')

  const demoted = await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/admin`, headers: as(admin, true), payload: { admin: false } })
  t.equal(demoted.json().admin, false)

  const audit = (await app.inject({ url: '/api/admin/audit', headers: as(admin) })).json()
  t.same(
    audit.entries.map((entry: { action: string; actor: { email: string }; target: { email: string } }) => [entry.action, entry.actor.email, entry.target.email]),
    [
      ['user.remove-admin', 'boss@example.com', 'ada@example.com'],
      ['user.quota', 'boss@example.com', 'ada@example.com'],
      ['user.make-admin', 'boss@example.com', 'ada@example.com'],
      ['user.sign-out', 'boss@example.com', 'ada@example.com'],
    ],
    'newest first; refused actions are not there',
  )
  t.same(audit.entries[1].details, { tokensPerDay: 5000 })
  t.same(audit.entries[3].details, { sessionsEnded: 1 })
})

t.test('delete a user with their chats and files, after typing their email', async (t) => {
  const { app, admin, ada, adaId } = await setUp(t)
  const chatId = await chatAndAnswer(app, ada, 'Keep this')
  const wrong = await app.inject({ method: 'DELETE', url: `/api/admin/users/${adaId}`, headers: as(admin, true), payload: { confirm: 'ada' } })
  t.equal(wrong.statusCode, 400)
  t.match(wrong.json().message, 'Type the user\'s email (“ada@example.com”) to confirm.')
  t.ok(await app.chats.get(chatId), 'nothing deleted')

  const deleted = await app.inject({ method: 'DELETE', url: `/api/admin/users/${adaId}`, headers: as(admin, true), payload: { confirm: ' ADA@example.com ' } })
  t.same(deleted.json(), { deleted: true, chats: 1 })
  t.notOk(await app.chats.get(chatId), 'the chat went with them')
  t.same((await readSession(app, ada)).json(), {}, 'signed out')
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'correct horse battery' } })
  t.equal(signIn.statusCode, 401, 'the account is gone')
  const audit = (await app.inject({ url: '/api/admin/audit', headers: as(admin) })).json()
  t.match(audit.entries[0], { action: 'user.delete', target: { id: adaId, email: 'ada@example.com' }, details: { chats: 1 } })
})

t.test('usage: tokens per day and model, top users, failed answers by kind', async (t) => {
  const { app, admin, ada } = await setUp(t)
  await chatAndAnswer(app, ada, 'One question')
  await chatAndAnswer(app, ada, 'Another question')
  await app.quotas.count({ ownerId: 'anonymous-owner', model: 'offline', inputTokens: 1, outputTokens: 2, failedKind: 'TIMEOUT' })
  const usage = (await app.inject({ url: '/api/admin/usage', headers: as(admin) })).json()
  const today = new Date().toISOString().slice(0, 10)
  t.equal(usage.days.length, 1)
  t.match(usage.days[0], { day: today, model: 'offline', answers: 3 })
  t.ok(usage.days[0].inputTokens > 0 && usage.days[0].outputTokens > 0)
  t.match(usage.topUsers[0], { name: 'Ada', email: 'ada@example.com', answers: 2 })
  t.match(usage.topUsers[1], { id: 'anonymous-owner', name: 'Anonymous visitor', email: null })
  t.same(usage.failures, [{ kind: 'TIMEOUT', count: 1 }])
  t.same(usage.quotas, { tokensPerDay: null, tokensPerDayAnonymous: null })
})
