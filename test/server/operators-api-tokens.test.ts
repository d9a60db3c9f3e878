// Personal API tokens: made and revoked by a signed-in user, shown once, kept only as a
// SHA-256; `Authorization: Bearer` works on the chat API with no cookie and no same-origin check,
// with the same ownership rules and rate limits; a token cannot manage tokens, the account or
// imports; a revoked or mistyped token is a 401, never an anonymous visit.
import t from 'tap'
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { readSession, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'

/** A script: no browser headers, no cookie. */
const script = (token: string, json = false) => ({ authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) })

async function signedIn(app: FastifyInstance, email = 'ada@example.com'): Promise<Visitor> {
  const v = visitor()
  v.cookie = (await signUp(app, email)).cookie
  return v
}

async function makeToken(app: FastifyInstance, v: Visitor, name = 'Backup script') {
  return app.inject({ method: 'POST', url: '/api/tokens', headers: v.headers(true), payload: { name } })
}

t.test('create, list, use and revoke a token; only its hash is stored', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const ada = await signedIn(app)
  const adaId = (await readSession(app, ada.cookie)).json().user.id

  t.equal((await app.inject({ url: '/api/tokens', headers: visitor().headers() })).statusCode, 401, 'a visitor has no tokens')
  const made = await makeToken(app, ada, '  Backup script  ')
  t.equal(made.statusCode, 201)
  const { token, apiToken } = made.json()
  t.match(token, /^chat_[A-Za-z0-9_-]{43}$/)
  t.match(apiToken, { name: 'Backup script', lastUsedAt: null })
  t.equal(made.headers['cache-control'], 'no-store')

  const rows = await app.db.selectFrom('api_tokens').selectAll().execute()
  t.equal(rows.length, 1)
  t.equal(rows[0]!.token_hash, createHash('sha256').update(token).digest('hex'), 'stored as its SHA-256')
  t.notOk(JSON.stringify(rows).includes(token.slice(5)), 'the secret itself is nowhere in the table')
  const listed = (await app.inject({ url: '/api/tokens', headers: ada.headers() })).json()
  t.same(Object.keys(listed.tokens[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'name'], 'the list never shows the secret')

  // A script: no cookie, no Origin or Sec-Fetch-Site.
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: script(token, true), payload: { message: userMessage('From a script') } })
  t.equal(created.statusCode, 201)
  t.notOk(created.headers['set-cookie'], 'no cookie is set for a script')
  const chatId = created.json().id as string
  t.equal((await app.db.selectFrom('chats').select('owner_id').where('id', '=', chatId).executeTakeFirstOrThrow()).owner_id, adaId, 'the chat is Ada’s')
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: script(token) })).json().messages[0]
  const answer = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: script(token, true), payload: { messages: [question] } })
  t.equal(answer.statusCode, 200)
  t.ok(streamedText(parseUiStream(answer.body).chunks).length > 0, 'the answer streams to the script')
  await app.answers.get(chatId)?.settled
  t.equal((await app.inject({ url: '/api/chats', headers: ada.headers() })).json().chats[0].id, chatId, 'Ada sees it in her browser')
  t.ok((await app.inject({ url: '/api/tokens', headers: ada.headers() })).json().tokens[0].lastUsedAt > 0, 'last used is recorded')

  const revoked = await app.inject({ method: 'DELETE', url: `/api/tokens/${apiToken.id}`, headers: ada.headers() })
  t.equal(revoked.statusCode, 204)
  const after = await app.inject({ url: '/api/chats', headers: script(token) })
  t.equal(after.statusCode, 401)
  t.equal(after.json().code, 'INVALID_TOKEN', 'revoked: refused, not served as an anonymous visitor')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/tokens/${apiToken.id}`, headers: ada.headers() })).statusCode, 404, 'revoking twice: 404')
})

t.test('ownership, limits and what a token may not do', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '2' })
  const ada = await signedIn(app)
  const bob = await signedIn(app, 'bob@example.com')
  const token = (await makeToken(app, ada)).json().token as string
  const bobsChat = (await createChat(app, bob, 'Bob’s secret')).json().id as string
  const bobsToken = (await makeToken(app, bob)).json().apiToken.id as string

  t.equal((await app.inject({ url: `/api/chats/${bobsChat}`, headers: script(token) })).statusCode, 404, "another user's chat is a 404")
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${bobsChat}`, headers: script(token) })).statusCode, 404)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/tokens/${bobsToken}`, headers: ada.headers() })).statusCode, 404, "and another user's token")

  for (const [method, url] of [['GET', '/api/tokens'], ['POST', '/api/tokens'], ['POST', '/api/account/sign-out-everywhere'], ['DELETE', '/api/account'], ['POST', '/api/import']] as const) {
    const res = await app.inject({ method, url, headers: script(token, method !== 'GET'), payload: method === 'GET' ? undefined : {} })
    t.equal(res.statusCode, 403, `${method} ${url} with a token`)
    t.equal(res.json().code, 'TOKEN_NOT_ALLOWED')
  }

  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'POST', url: '/api/chats', headers: script(token, true), payload: { message: userMessage(`n${i}`) } })).statusCode)
  t.same(statuses, [201, 201, 429], 'the same rate limits as in the browser')

  for (const bad of ['chat_not-a-real-token', 'something else', '']) {
    const res = await app.inject({ url: '/api/chats', headers: { authorization: `Bearer ${bad}` } })
    t.equal(res.statusCode, 401, `Bearer ${JSON.stringify(bad)}`)
  }
  const crossSite = await app.inject({ method: 'POST', url: '/api/chats', headers: { ...script('chat_forged', true), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload: { message: userMessage('x') } })
  t.equal(crossSite.statusCode, 401, 'a forged token from another site gets nowhere')
})

t.test('names are required and limited; at most 50 tokens', async (t) => {
  const { app } = await buildApp(t)
  const ada = await signedIn(app)
  t.equal((await makeToken(app, ada, '   ')).json().code, 'EMPTY_NAME')
  t.equal((await makeToken(app, ada, 'x'.repeat(101))).statusCode, 400)
  for (let i = 0; i < 50; i++) await makeToken(app, ada, `t${i}`)
  const tooMany = await makeToken(app, ada, 'one more')
  t.equal(tooMany.statusCode, 409)
  t.equal(tooMany.json().code, 'TOO_MANY_TOKENS')
})

t.test("a disabled user's tokens stop working; deleting the account deletes its tokens", async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com' })
  const admin = visitor()
  admin.cookie = (await signInAdmin(app, 'boss@example.com')).cookie
  const ada = await signedIn(app)
  const adaId = (await readSession(app, ada.cookie)).json().user.id
  const token = (await makeToken(app, ada)).json().token as string
  await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/disable`, headers: admin.headers() })
  t.equal((await app.inject({ url: '/api/chats', headers: script(token) })).statusCode, 401)
  await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/enable`, headers: admin.headers() })
  t.equal((await app.inject({ url: '/api/chats', headers: script(token) })).statusCode, 200, 'enabled: works again')
  await app.inject({ method: 'DELETE', url: `/api/admin/users/${adaId}`, headers: admin.headers(true), payload: { confirm: 'ada@example.com' } })
  t.equal((await app.db.selectFrom('api_tokens').selectAll().execute()).length, 0)
})
