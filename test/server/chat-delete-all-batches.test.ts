// Deleting all of an owner's chats (Delete all chats, deleting an account) goes a few hundred
// messages at a time, with other requests served in between: in one statement a history of
// 1,000,000 messages held SQLite's one thread for 11 seconds. On both databases: everything of the
// owner goes, nothing of anyone else's, and the owners' totals follow. Answers being written in
// the owner's chats stop first, and only those are asked to (not each of 10,000 chats in turn).
import t from 'tap'
import { sql } from 'kysely'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { buildAppOn, DIALECTS } from '../helpers/postgres-dialects.ts'
import { buildApp, type TestApp } from '../helpers/build-app.ts'
import { backgroundDeletesOf, startBackgroundDeletes } from '../../server/db/background-deletes.ts'
import { endOfWordsStartingWith, ownerTag } from '../../server/db/search-words.ts'
import { seedHistory } from '../../scripts/seed-history.ts'
import { byMessages, REMOVE_BATCH_MESSAGES } from '../../server/services/chats/chat-store.ts'
import { createAnswerRows } from '../../server/services/chats/answer-rows.ts'
import { createChat, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'
import { recordStatements } from '../helpers/record-statements.ts'

/** The two databases, and SQLite on a file, where the deletes run in a worker thread (background-deletes.ts). */
const STORES = [...DIALECTS, 'sqlite file'] as const

async function buildOn(t: Test, store: (typeof STORES)[number], env: Record<string, string> = {}): Promise<TestApp | null> {
  if (store !== 'sqlite file') return buildAppOn(t, store, env)
  // npm test's PostgreSQL leg builds every app on PostgreSQL: the SQLite file is the first leg's.
  if (process.env.TEST_DATABASE === 'postgres') return null
  const dir = mkdtempSync(join(tmpdir(), 'deletes-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const built = await buildApp(t, { ...env, DATABASE_PATH: join(dir, 'app.db') })
  // Every delete statement must reach the worker (the app's own connection would do them too).
  const deletes = backgroundDeletesOf(built.app.db)
  t.ok(deletes, 'the app deletes in a worker thread')
  const run = deletes!.run.bind(deletes)
  deletes!.run = (statement) => {
    workerStatements++
    return run(statement)
  }
  workerStatements = 0
  return built
}
let workerStatements = 0

/** Runs `work`, counting the event loop's turns meanwhile: a request would be answered in each. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0
  let working = true
  const counting = (async () => {
    while (working) {
      await nextTurn()
      turns++
    }
  })()
  try {
    return { result: await work(), turns }
  } finally {
    working = false
    await counting
  }
}

t.test('chats are grouped by about so many messages, a bigger chat alone, in order', async (t) => {
  const chats = [
    { id: 'a', message_count: 100 },
    { id: 'b', message_count: '100' },
    { id: 'c', message_count: 50 },
    { id: 'd', message_count: 500 },
    { id: 'e', message_count: 10 },
  ]
  t.same(byMessages(chats, 200), [['a', 'b'], ['c'], ['d'], ['e']])
  t.same(byMessages([], 200), [])
})

for (const dialect of STORES) {
  t.test(`an owner's chats all go in batches, other work runs between them (${dialect})`, async (t) => {
    const built = await buildOn(t, dialect)
    if (!built) return
    const { app } = built
    const now = Date.now()
    await seedHistory(app.db, 'owner-big', { chats: 150, messages: 3000, idPrefix: 'big', now })
    // And one long chat: its 500 messages go in batches too, not in one statement.
    await seedHistory(app.db, 'owner-big', { chats: 1, messages: 500, idPrefix: 'big-long', now: now - 1000 })
    const kept = await seedHistory(app.db, 'owner-other', { chats: 5, messages: 100, idPrefix: 'other', now })

    const { result: removed, turns } = await turnsDuring(() => app.chats.removeAllOf('owner-big'))
    t.equal(removed, 151)
    if (dialect === 'sqlite file') t.ok(workerStatements >= 3500 / REMOVE_BATCH_MESSAGES, `the worker ran the deletes (${workerStatements} statements)`)
    t.ok(turns >= 3500 / REMOVE_BATCH_MESSAGES, `the event loop turned between batches (${turns} turns for 3,500 messages)`)

    const count = async (owner: string) =>
      Number((await app.db.selectFrom('messages').innerJoin('chats', 'chats.id', 'messages.chat_id').select((eb) => eb.fn.countAll().as('n')).where('chats.owner_id', '=', owner).executeTakeFirstOrThrow()).n)
    t.equal((await app.db.selectFrom('chats').select('id').where('owner_id', '=', 'owner-big').execute()).length, 0, 'no chat of the owner is left')
    t.equal(Number((await app.db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('chat_id', 'like', 'big%').executeTakeFirstOrThrow()).n), 0, 'nor any of their messages')
    t.same((await app.db.selectFrom('chats').select('id').where('owner_id', '=', 'owner-other').execute()).map((row) => row.id).sort(), [...kept].sort(), 'someone else\'s chats stay')
    t.equal(await count('owner-other'), 100, 'with their messages')
    const totals = await app.db.selectFrom('owner_totals').selectAll().execute()
    t.same(totals.map((row) => [row.owner_id, Number(row.chats), Number(row.messages)]), [['owner-other', 5, 100]], 'the totals follow: the owner has none, the other keeps theirs')
    if (app.dbDialect === 'sqlite') {
      // The list of words each owner has typed (for searching a word being typed) goes with their last chat.
      const listed = async (owner: string) =>
        Number((await sql<{ n: number }>`SELECT count(*) AS n FROM chat_search_words WHERE word >= ${ownerTag(owner)} AND word < ${endOfWordsStartingWith(ownerTag(owner))}`.execute(app.db)).rows[0]!.n)
      t.equal(await listed('owner-big'), 0, 'the owner\'s list of words is gone')
      t.ok((await listed('owner-other')) > 0, 'the other\'s stays')
    }
  })
}

for (const dialect of STORES) {
  t.test(`one chat of 1,000 messages goes ${REMOVE_BATCH_MESSAGES} messages at a time, other work running between (${dialect})`, async (t) => {
    const built = await buildOn(t, dialect)
    if (!built) return
    const { app } = built
    const owner = visitor()
    const mine = (await createChat(app, owner, 'A short chat that stays')).json().id as string
    const { id: ownerId } = await app.db.selectFrom('chats').select('owner_id as id').where('id', '=', mine).executeTakeFirstOrThrow()
    const [big] = await seedHistory(app.db, ownerId, { chats: 1, messages: 1000, idPrefix: 'long' })
    const answer = await app.db.selectFrom('messages').select('id').where('chat_id', '=', big!).where('role', '=', 'assistant').orderBy('seq').executeTakeFirstOrThrow()
    t.equal((await app.inject({ method: 'POST', url: `/api/chats/${big}/votes`, headers: owner.headers(true), payload: { messageId: answer.id, value: 'up' } })).statusCode, 200)

    const { result: res, turns } = await turnsDuring(() => app.inject({ method: 'DELETE', url: `/api/chats/${big}`, headers: owner.headers() }))
    t.equal(res.statusCode, 204)
    if (dialect === 'sqlite file') t.equal(workerStatements, 1000 / REMOVE_BATCH_MESSAGES, 'the worker ran the deletes: four batches of messages, then the chat with the rest')
    t.ok(turns >= 1000 / REMOVE_BATCH_MESSAGES - 1, `the event loop turned between batches (${turns} turns for 1,000 messages)`)
    t.equal((await app.inject({ url: `/api/chats/${big}`, headers: owner.headers() })).statusCode, 404, 'the chat is gone')
    const left = async (table: 'messages' | 'votes') =>
      Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('chat_id', '=', big!).executeTakeFirstOrThrow()).n)
    t.same([await left('messages'), await left('votes')], [0, 0], 'with its messages and votes')
    const found = (await app.inject({ url: '/api/chats/search?q=topic1', headers: owner.headers() })).json().results as Array<{ chatId: string }>
    t.notOk(found.some((hit) => hit.chatId === big), 'and its words in the search index')
    const totals = await app.db.selectFrom('owner_totals').select(['chats', 'messages']).where('owner_id', '=', ownerId).executeTakeFirstOrThrow()
    t.same([Number(totals.chats), Number(totals.messages)], [1, 1], 'the owner\'s totals follow: the short chat and its question')
    t.equal((await app.inject({ url: `/api/chats/${mine}`, headers: owner.headers() })).statusCode, 200, 'the other chat stays')
  })
}

for (const dialect of DIALECTS) {
  t.test(`Delete all chats stops the owner's answers being written, and asks for no other (${dialect})`, async (t) => {
    const built = await buildAppOn(t, dialect, { OFFLINE_TOKEN_DELAY_MS: '0' })
    if (!built) return
    const { app } = built
    const owner = visitor()
    const other = visitor()
    const answering = (await createChat(app, owner, 'Write a long answer')).json().id as string
    const theirs = (await createChat(app, other, 'Another long answer')).json().id as string
    // Many chats with no answer running: the old way asked the answer bus about every one of them.
    const { id: ownerId } = await app.db.selectFrom('chats').select('owner_id as id').where('id', '=', answering).executeTakeFirstOrThrow()
    await seedHistory(app.db, ownerId, { chats: 40, messages: 80, idPrefix: 'quiet' })

    useModel(app, scriptedModel({ words: Array.from({ length: 400 }, (_, i) => `word${i} `), delayMs: 10 }))
    const start = (v: Visitor, chatId: string) =>
      app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [userMessage('Go on', `go-${chatId}`)], trigger: 'submit-message' } })
    const responses = [start(owner, answering), start(other, theirs)]
    while (!app.answers.get(answering) || !app.answers.get(theirs)) await new Promise((resolve) => setTimeout(resolve, 5))
    t.same(await app.chats.idsAnswering(ownerId), [answering], 'the chat with an answer being written')

    const stopped: string[] = []
    const stop = app.answers.stop.bind(app.answers)
    app.answers.stop = (chatId) => {
      stopped.push(chatId)
      return stop(chatId)
    }
    const res = await app.inject({ method: 'DELETE', url: '/api/chats', headers: owner.headers(true), payload: { confirm: 'delete all chats' } })
    t.same(res.json(), { deleted: 41 })
    t.same(stopped, [answering], 'only the chat with an answer running was stopped')
    t.notOk(await app.answers.isRunning(answering), 'its answer is no longer being written')
    t.equal((await app.inject({ url: `/api/chats/${answering}`, headers: owner.headers() })).statusCode, 404, 'and nothing brought the chat back')
    t.ok(await app.answers.isRunning(theirs), 'someone else\'s answer goes on')
    await stop(theirs)
    await Promise.all(responses)
    t.same(await app.chats.idsAnswering(ownerId), [])
  })
}

for (const dialect of DIALECTS) {
  t.test(`answers being written are found through their own index, not by reading every message (${dialect})`, async (t) => {
    const built = await buildAppOn(t, dialect)
    if (!built) return
    const { app } = built
    // The statements the store runs for start-up (settling answers a crash cut) and for Delete all
    // chats (what to stop), caught as it runs them on a database handle that records them.
    const { db: recording, statements } = recordStatements(app.db)
    const rows = createAnswerRows(recording, Date.now)
    await rows.settleInterrupted()
    await rows.idsAnswering('someone')
    const reads = statements.filter((statement) => /"status" = /.test(statement.sql))
    t.equal(reads.length, 2, 'the settling update and the search for chats to stop')
    for (const statement of reads) {
      const plan = await app.db.transaction().execute(async (trx) => {
        // An empty table is cheapest read whole: PostgreSQL is asked whether the index can serve at all.
        // (The app's own dialect: the whole suite also runs on PostgreSQL, DATABASE_URL set.)
        const postgres = app.dbDialect === 'postgres'
        if (postgres) await sql`SET LOCAL enable_seqscan = off`.execute(trx)
        const explain = postgres ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'
        const { rows } = await trx.executeQuery<Record<string, string>>({ ...statement, sql: `${explain} ${statement.sql}` })
        return rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n')
      })
      t.match(plan, /messages_streaming/, statement.sql.slice(0, 60))
    }
  })
}

t.test('on a SQLite file a delete waits for a write of the app that holds the lock, then goes (sqlite file)', async (t) => {
  const built = await buildOn(t, 'sqlite file')
  if (!built) return
  const { app } = built
  const [chat] = await seedHistory(app.db, 'owner-waiting', { chats: 1, messages: 300, idPrefix: 'waiting' })
  // The app's own connection holds the write lock (as a batch of an import would) for a while.
  await sql`BEGIN IMMEDIATE`.execute(app.db)
  let done = false
  const removing = app.chats.remove(chat!).then((removed) => ((done = true), removed))
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.notOk(done, 'the delete waits while the app writes')
  t.equal(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE chat_id = ${chat}`.execute(app.db)).rows[0]!.n), 300, 'and nothing of the chat went meanwhile')
  await sql`COMMIT`.execute(app.db)
  t.equal(await removing, true, 'then the chat goes')
  t.equal((await app.db.selectFrom('chats').select('id').where('id', '=', chat!).execute()).length, 0)
  t.equal(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE chat_id = ${chat}`.execute(app.db)).rows[0]!.n), 0, 'with its messages')
})

t.test("a transaction of the app's that reads, then writes, is not failed by a delete committed in between (sqlite file)", async (t) => {
  // The worker's connection commits while the app's own is inside a transaction. A deferred
  // transaction would have read an older state than the one it must write on: SQLite refuses that
  // write at once (SQLITE_BUSY, its busy handler not asked). Transactions take the write lock first.
  const built = await buildOn(t, 'sqlite file')
  if (!built) return
  const { app } = built
  const [doomed, kept] = await seedHistory(app.db, 'owner-racing', { chats: 2, messages: 20, idPrefix: 'racing' })
  // The worker is running already (it starts on the first delete).
  t.equal(await backgroundDeletesOf(app.db)!.run({ kind: 'chats', ids: ['no-such-chat'] }), 0)
  let deleting: Promise<number> | undefined
  await app.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('chats').select('title').where('id', '=', kept!).executeTakeFirstOrThrow()
    deleting = backgroundDeletesOf(app.db)!.run({ kind: 'chats', ids: [doomed!] })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await trx.updateTable('chats').set({ title: `${before.title} (renamed)` }).where('id', '=', kept!).execute()
  })
  t.equal(await deleting, 1, 'the delete went after the transaction')
  t.match((await app.db.selectFrom('chats').select('title').where('id', '=', kept!).executeTakeFirstOrThrow()).title, /\(renamed\)$/, 'and the transaction\'s write is kept')
})

t.test('the delete worker stops when idle and starts again for the next delete (sqlite file)', async (t) => {
  const built = await buildOn(t, 'sqlite file')
  if (!built) return
  const { app, config } = built
  // The app's own stops after a minute idle: this one after 50 ms.
  await backgroundDeletesOf(app.db)!.close()
  const deletes = startBackgroundDeletes(app.db, config.databasePath, { idleMs: 50 })
  t.teardown(() => deletes.close())
  const [first, second] = await seedHistory(app.db, 'owner-idle', { chats: 2, messages: 4, idPrefix: 'idle' })
  t.notOk(deletes.running(), 'no worker before the first delete')
  t.equal(await app.chats.remove(first!), true)
  t.ok(deletes.running(), 'a worker once a delete ran')
  await new Promise((resolve) => setTimeout(resolve, 400))
  t.notOk(deletes.running(), 'none once idle')
  t.equal(await app.chats.remove(second!), true, 'the next delete starts one again')
  t.equal((await app.db.selectFrom('chats').select('id').where('owner_id', '=', 'owner-idle').execute()).length, 0, 'both chats are gone')
})
