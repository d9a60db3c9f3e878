// Retention: anonymous visitors' chats and files unused RETENTION_ANONYMOUS_DAYS go, with
// RETENTION_DAYS everyone's; signed-out and expired session rows go; the sweep runs once per period
// (also across three processes on one database), logs what it deleted and counts it in /metrics.
import t from 'tap'
import { rmSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildApp, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'
import { listenForFetch, uploader } from '../helpers/uploads.ts'
import { startAppProcess } from '../helpers/app-process.ts'
import { freshPostgresUrl } from '../helpers/postgres.ts'

const DAY = 86_400_000

/** Real time plus an offset the test moves. */
function clock() {
  const state = { offset: 0 }
  return { now: () => Date.now() + state.offset, state }
}

/** Makes an owner's chats and files look unused for `days`. */
async function age(app: FastifyInstance, ownerId: string, days: number) {
  const at = Date.now() - days * DAY
  await app.db.updateTable('chats').set({ updated_at: at, created_at: at }).where('owner_id', '=', ownerId).execute()
  await app.db.updateTable('files').set({ created_at: at }).where('owner_id', '=', ownerId).execute()
}

async function ownerOf(app: FastifyInstance, chatId: string) {
  return (await app.db.selectFrom('chats').select('owner_id').where('id', '=', chatId).executeTakeFirstOrThrow()).owner_id
}

async function chatWithFile(app: FastifyInstance, files: ReturnType<typeof uploader>, v: Visitor, text: string) {
  const file = (await files.upload(v, 'notes.txt', 'remember the milk', 'text/plain')).body
  const created = await app.inject({ method: 'POST', url: '/api/chats', headers: v.headers(true), payload: { message: { role: 'user', parts: [{ type: 'text', text }, { type: 'file', url: file.url, mediaType: 'text/plain', filename: 'notes.txt' }] } } })
  return { chatId: created.json().id as string, fileId: file.id as string }
}

t.test('the sweep deletes what anonymous visitors left unused, keeps the rest, and sweeps old session rows', async (t) => {
  const time = clock()
  const { app, logs } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', RETENTION_SWEEP_INTERVAL_S: '10' }, { now: time.now })
  const files = uploader(await listenForFetch(t, app))

  const gone = visitor()
  const old = await chatWithFile(app, files, gone, 'An old question')
  const stray = (await files.upload(gone, 'stray.txt', 'never sent', 'text/plain')).body
  const oldOwner = await ownerOf(app, old.chatId)
  await app.inject({ method: 'PATCH', url: '/api/settings', headers: gone.headers(true), payload: { instructions: 'Be brief.' } })
  await app.db.updateTable('settings').set({ updated_at: Date.now() - 31 * DAY }).where('owner_id', '=', oldOwner).execute()
  await age(app, oldOwner, 31)

  const recent = visitor()
  const kept = await chatWithFile(app, files, recent, 'A recent question')
  await age(app, await ownerOf(app, kept.chatId), 29)

  const user = visitor()
  user.cookie = (await signUp(app)).cookie
  const usersChat = (await createChat(app, user, 'A signed-in question')).json().id as string
  await age(app, await ownerOf(app, usersChat), 400)
  const signedOut = visitor()
  signedOut.cookie = (await signUp(app, 'bob@example.com')).cookie
  await app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: signedOut.headers() })

  // The sweep's timer looks four times per period; the period has passed since the start-up sweep.
  time.state.offset = 11_000
  const deadline = Date.now() + 10_000
  while (!logs.some((line) => line.msg === 'retention: swept old data') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  const swept = logs.find((line) => line.msg === 'retention: swept old data')
  t.match(swept, { chats: 1, files: 2, settings: 1, sessions: 1 }, 'logged with what it deleted')

  t.notOk(await app.chats.get(old.chatId), 'the 31-day-old anonymous chat is gone')
  t.equal((await app.inject({ url: old.fileId ? `/api/files/${old.fileId}` : '', headers: gone.headers() })).statusCode, 404, 'with its file')
  t.notOk(await app.db.selectFrom('files').select('id').where('id', '=', stray.id).executeTakeFirst(), 'and the upload it never sent')
  t.equal((await app.settings.get(oldOwner)).instructions, '', 'and its settings')
  t.ok(await app.chats.get(kept.chatId), 'a 29-day-old anonymous chat stays')
  t.equal((await app.inject({ url: `/api/files/${kept.fileId}`, headers: recent.headers() })).statusCode, 200, 'with its file')
  t.ok(await app.chats.get(usersChat), "a signed-in user's chat stays however old (RETENTION_DAYS is unset)")
  const sessions = await app.db.selectFrom('sessions').select(['revoked_at']).execute()
  t.same(sessions.map((row) => row.revoked_at), [null], 'the signed-out session row is gone; the live one stays')
  t.equal((await app.inject({ url: '/api/_auth/session', headers: user.headers() })).json().user.email, 'ada@example.com', 'and still signs in')

  const metrics = (await app.inject({ url: '/metrics' })).body
  t.match(metrics, /retention_deleted_total\{kind="chats"\} 1/)
  t.match(metrics, /retention_deleted_total\{kind="files"\} 2/)
  t.match(metrics, /retention_deleted_total\{kind="sessions"\} 1/)

  t.equal(await app.retention.runIfDue(), null, 'not again within the period')
  time.state.offset += 10_000
  t.same(await app.retention.runIfDue(), { chats: 0, files: 0, projects: 0, settings: 0, sessions: 0 }, 'the next period: runs (nothing left to do)')
})

t.test("RETENTION_DAYS: everyone's chats unused that long go too", async (t) => {
  const { app } = await buildApp(t, { RETENTION_DAYS: '365', OFFLINE_TOKEN_DELAY_MS: '0' })
  const user = visitor()
  user.cookie = (await signUp(app)).cookie
  const old = (await createChat(app, user, 'Last year')).json().id as string
  const recent = (await createChat(app, user, 'This year')).json().id as string
  await app.db.updateTable('chats').set({ updated_at: Date.now() - 366 * DAY }).where('id', '=', old).execute()
  t.match(await app.retention.sweep(Date.now()), { chats: 1 })
  t.notOk(await app.chats.get(old))
  t.ok(await app.chats.get(recent))
})

t.test('the sweep deletes in batches and does not hold requests up', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '1000', IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '1000' })
  const v = visitor()
  for (let i = 0; i < 250; i++) await createChat(app, v, `Old ${i}`)
  const owner = (await app.db.selectFrom('chats').select('owner_id').executeTakeFirstOrThrow()).owner_id
  await age(app, owner, 40)
  let served = 0
  const sweeping = app.retention.sweep(Date.now())
  // While it runs, requests are answered between its batches.
  const during = (async () => {
    for (let i = 0; i < 5; i++) if ((await app.inject({ url: '/healthz' })).statusCode === 200) served++
  })()
  const counts = await sweeping
  await during
  t.equal(counts.chats, 250, 'all of them, 100 at a time')
  t.equal(served, 5)
})

t.test('three processes on one database: one sweep per period', async (t) => {
  const postgres = process.env.TEST_DATABASE === 'postgres' ? await freshPostgresUrl(t) : null
  const dbPath = `${t.testdirName}-retention.db`
  t.teardown(() => rmSync(dbPath, { force: true }))
  const database: Record<string, string> = postgres ? { DATABASE_URL: postgres } : { DATABASE_PATH: dbPath }
  const seed = await buildApp(t, { ...database, OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  for (let i = 0; i < 3; i++) await createChat(seed.app, v, `Old ${i}`)
  await age(seed.app, (await seed.app.db.selectFrom('chats').select('owner_id').executeTakeFirstOrThrow()).owner_id, 31)
  // The seeding app swept at its start: this period is taken. Forget it, as if a period had passed.
  await seed.app.db.deleteFrom('job_runs').execute()
  await seed.app.close()

  const env = { ...database, SESSION_KEY: TEST_SESSION_KEY, UPLOADS_DIR: `${t.testdirName}-uploads`, RETENTION_SWEEP_INTERVAL_S: '3600' }
  const processes = await Promise.all(['A', 'B', 'C'].map((name) => startAppProcess(name, env)))
  t.teardown(() => Promise.all(processes.map((process) => process.stop())))
  const swept = () => processes.filter((process) => process.output.some((line) => line.includes('retention: swept old data')))
  const deadline = Date.now() + 10_000
  while (swept().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  await new Promise((resolve) => setTimeout(resolve, 500))
  t.equal(swept().length, 1, 'exactly one of the three swept')
  const line = JSON.parse(swept()[0]!.output.find((text) => text.includes('retention: swept old data'))!)
  t.equal(line.chats, 3, 'and it deleted the three old chats')
  const counted = await Promise.all(processes.map(async (process) => (await (await fetch(`${process.url}/metrics`)).text()).match(/retention_deleted_total\{kind="chats"\} (\d+)/)?.[1] ?? '0'))
  t.same(counted.map(Number).sort(), [0, 0, 3], 'counted once, by the one that swept')
})
