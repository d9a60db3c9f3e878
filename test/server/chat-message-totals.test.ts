// Each chat keeps its messages' count and bytes, and each owner the sums over their chats
// (migration 0015): the admin page's users table and a visitor's storage budget read those instead
// of every message. On both databases: the migration counts what is already stored, and the
// triggers keep every total equal to a full recount through every kind of write; the migration can
// be undone and redone.
import t, { type Test } from 'tap'
import type { Kysely } from 'kysely'
import type { Database } from '../../server/db/schema.ts'
import { DIALECTS } from '../helpers/postgres-dialects.ts'
import { migrationDatabase } from '../helpers/migration-database.ts'

const parts = (text: string) => JSON.stringify([{ type: 'text', text }])
const message = (id: string, chatId: string, seq: number, text: string) => ({ id, chat_id: chatId, seq, parent_id: null, role: 'user' as const, parts: parts(text), status: 'complete' as const, usage: null, model: null, created_at: seq })
const chat = (id: string, owner: string) => ({ id, owner_id: owner, title: id, visibility: 'private' as const, model: null, created_at: 1, updated_at: 1 })

type Totals = Record<string, number[]>

/** The totals kept, by chat and by owner, and the same counted from the messages. */
async function totals(db: Kysely<Database>): Promise<{ chats: Totals; owners: Totals; countedChats: Totals; countedOwners: Totals }> {
  const chats = await db.selectFrom('chats').select(['id', 'owner_id', 'message_count', 'message_bytes']).execute()
  const owners = await db.selectFrom('owner_totals').selectAll().execute()
  const messages = await db.selectFrom('messages').select(['chat_id', 'parts']).execute()
  const countedChats: Totals = {}
  const countedOwners: Totals = {}
  for (const row of chats) {
    const mine = messages.filter((m) => m.chat_id === row.id)
    const bytes = mine.reduce((sum, m) => sum + Buffer.byteLength(m.parts), 0)
    countedChats[row.id] = [mine.length, bytes]
    const owner = (countedOwners[row.owner_id] ??= [0, 0, 0])
    owner[0]! += 1
    owner[1]! += mine.length
    owner[2]! += bytes
  }
  return {
    chats: Object.fromEntries(chats.map((row) => [row.id, [Number(row.message_count), Number(row.message_bytes)]])),
    owners: Object.fromEntries(owners.map((row) => [row.owner_id, [Number(row.chats), Number(row.messages), Number(row.message_bytes)]])),
    countedChats,
    countedOwners,
  }
}

async function same(t: Test, db: Kysely<Database>, what: string) {
  const now = await totals(db)
  t.same(now.chats, now.countedChats, `${what}: each chat's totals`)
  t.same(now.owners, now.countedOwners, `${what}: each owner's totals`)
  return now
}

for (const dialect of DIALECTS) {
  t.test(dialect, async (t) => {
    const opened = await migrationDatabase(t, dialect)
    if (!opened) return
    const { db: untyped, migrator } = opened
    const db = untyped as Kysely<Database>
    t.notOk((await migrator.migrateTo('0014_message_search_vectors')).error)
    await db.insertInto('chats').values([chat('a', 'ada'), chat('b', 'ada'), chat('empty', 'bob')]).execute()
    // Bytes, not characters: accents and emoji take more than one.
    await db.insertInto('messages').values([message('a1', 'a', 0, 'Plain words'), message('a2', 'a', 1, 'Crème brûlée 🍮'), message('b1', 'b', 0, 'Ünïcödé')]).execute()

    t.notOk((await migrator.migrateToLatest()).error, 'migrates with messages in place')
    let now = await same(t, db, 'what was stored is counted')
    t.same(now.chats.empty, [0, 0])
    t.same(now.owners.bob, [1, 0, 0])
    t.equal(now.owners.ada![1], 3)
    t.ok(now.chats.a![1]! > parts('Plain words').length + parts('Crème brûlée 🍮').length, 'in bytes (more than the characters)')

    await db.insertInto('chats').values(chat('c', 'visitor')).execute()
    await db.insertInto('messages').values([message('a3', 'a', 2, 'Une réponse'), message('c1', 'c', 0, 'Asked before signing in')]).execute()
    await db.updateTable('messages').set({ parts: parts('Une réponse bien plus longue, écrite jusqu’au bout') }).where('id', '=', 'a3').execute()
    await db.updateTable('messages').set({ status: 'error' }).where('id', '=', 'a1').execute()
    await db.updateTable('messages').set({ chat_id: 'empty' }).where('id', '=', 'b1').execute()
    await db.deleteFrom('messages').where('id', '=', 'a2').execute()
    now = await same(t, db, 'after new chats and messages, a longer message, a status change, a move to another owner’s chat and a deletion')
    t.same(now.chats.b, [0, 0])
    t.same(now.owners.bob, [1, 1, now.chats.empty![1]])

    // A visitor signs in: their chats become the user's, with their totals.
    await db.updateTable('chats').set({ owner_id: 'ada' }).where('owner_id', '=', 'visitor').execute()
    now = await same(t, db, 'after a chat changed owner')
    t.equal(now.owners.ada![0], 3)
    t.notOk(now.owners.visitor, 'the visitor has nothing left')

    await db.deleteFrom('chats').where('id', '=', 'a').execute()
    now = await same(t, db, 'after a chat was deleted with its messages')
    t.same(Object.keys(now.chats).sort(), ['b', 'c', 'empty'])

    t.notOk((await migrator.migrateTo('0014_message_search_vectors')).error, 'undone')
    const tables = await db.introspection.getTables()
    t.notOk(tables.some((table) => table.name === 'owner_totals'))
    t.notOk(tables.find((table) => table.name === 'chats')!.columns.some((column) => column.name === 'message_count'))
    await db.insertInto('messages').values(message('b2', 'b', 1, 'Written while undone')).execute()
    t.notOk((await migrator.migrateToLatest()).error, 'and redone')
    await same(t, db, 'counting what was written meanwhile')
  })
}
