// Daily token quotas: counted from the answers' usage (the offline model counts its
// words), refused with 429 and when the quota resets (00:00 UTC), reset the next day, overridden per
// user by an administrator, kept in the database across restarts (and so shared by replicas).
import t from 'tap'
import { rmSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, remember, visitor, type Visitor } from '../helpers/chat.ts'
import { readSession, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'

// 21:30 UTC: the quota resets in 2 h 30 min.
const START = Date.UTC(2026, 10, 26, 21, 30)

function clock(at = START) {
  const state = { at }
  return { now: () => state.at, state }
}

/** Starts a chat and asks for its answer; the answer's status, or the refusal. */
async function ask(app: FastifyInstance, v: Visitor, text: string) {
  const created = await createChat(app, v, text)
  if (created.statusCode !== 201) return created
  const chatId = created.json().id as string
  const question = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages[0]
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [question] } })
  remember(v, res.headers['set-cookie'])
  await app.answers.get(chatId)?.settled
  return res
}

t.test('over the daily quota: 429 that says when it resets; the next UTC day it works again', async (t) => {
  const time = clock()
  const { app } = await buildApp(t, { QUOTA_TOKENS_PER_DAY: '50', OFFLINE_TOKEN_DELAY_MS: '0' }, { now: time.now })
  const v = visitor()
  v.cookie = (await signUp(app)).cookie
  const userId = (await readSession(app, v.cookie)).json().user.id as string

  t.equal((await ask(app, v, 'Tell me about tides')).statusCode, 200, 'the first answer is written')
  const used = await app.usage.tokensOn(userId, time.now())
  t.ok(used >= 50, `it used the quota (${used} tokens: the offline model counts words)`)

  const refused = await ask(app, v, 'And about waves?')
  t.equal(refused.statusCode, 429)
  t.equal(refused.json().code, 'QUOTA_EXCEEDED')
  t.equal(refused.json().message, `You have used today's quota of 50 tokens (${used} used). It resets at 00:00 UTC, in 2 h 30 min.`)
  t.equal(refused.headers['retry-after'], String(150 * 60))
  const chats = (await app.inject({ url: '/api/chats', headers: v.headers() })).json()
  t.equal(chats.chats.length, 2, 'the refused question is kept (its chat was made; nothing typed is lost)')

  time.state.at += 3 * 3600_000
  t.equal((await ask(app, v, 'And about waves?')).statusCode, 200, 'a new UTC day: the quota is fresh')
})

t.test('anonymous visitors have their own quota; users without a server quota have none', async (t) => {
  const time = clock()
  const { app } = await buildApp(t, { QUOTA_TOKENS_PER_DAY_ANONYMOUS: '10', OFFLINE_TOKEN_DELAY_MS: '0' }, { now: time.now })
  const anonymous = visitor()
  t.equal((await ask(app, anonymous, 'Tell me about tides')).statusCode, 200)
  t.equal((await ask(app, anonymous, 'Tell me about tides')).statusCode, 429, 'the anonymous quota is used')
  const user = visitor()
  user.cookie = (await signUp(app)).cookie
  for (let i = 0; i < 3; i++) t.equal((await ask(app, user, `Question ${i}`)).statusCode, 200, 'no user quota is set')
})

t.test("an administrator's per-user quota wins: a higher one, none at all, or back to the server's", async (t) => {
  const time = clock()
  const { app } = await buildApp(t, { QUOTA_TOKENS_PER_DAY: '10', ADMIN_EMAILS: 'boss@example.com', OFFLINE_TOKEN_DELAY_MS: '0' }, { now: time.now })
  const admin = visitor()
  admin.cookie = (await signInAdmin(app, 'boss@example.com')).cookie
  const ada = visitor()
  ada.cookie = (await signUp(app, 'ada@example.com')).cookie
  const adaId = (await readSession(app, ada.cookie)).json().user.id as string
  const setQuota = (tokensPerDay: number | null) => app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/quota`, headers: admin.headers(true), payload: { tokensPerDay } })

  t.equal((await ask(app, ada, 'One')).statusCode, 200)
  t.equal((await ask(app, ada, 'Two')).statusCode, 429)
  t.equal((await setQuota(-1)).statusCode, 200)
  t.equal((await ask(app, ada, 'Two')).statusCode, 200, 'no limit for her')
  t.equal((await setQuota(1_000_000)).statusCode, 200)
  t.equal((await ask(app, ada, 'Three')).statusCode, 200, 'her own, higher quota')
  await setQuota(null)
  t.equal((await ask(app, ada, 'Four')).statusCode, 429, "back to the server's")
})

t.test('usage survives a restart (it is in the database, as every replica sees it)', async (t) => {
  const dbPath = `${t.testdirName}-quota.db`
  t.teardown(() => rmSync(dbPath, { force: true }))
  const time = clock()
  const env = { DATABASE_PATH: dbPath, QUOTA_TOKENS_PER_DAY_ANONYMOUS: '10', OFFLINE_TOKEN_DELAY_MS: '0' }
  const first = await buildApp(t, env, { now: time.now })
  const v = visitor()
  t.equal((await ask(first.app, v, 'Tell me about tides')).statusCode, 200)
  await first.app.close()
  const second = await buildApp(t, env, { now: time.now })
  t.equal((await ask(second.app, v, 'Tell me more')).statusCode, 429, 'the restarted server remembers')
})
