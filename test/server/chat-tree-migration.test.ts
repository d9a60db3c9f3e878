// Conversations as trees, first step: every message names its parent and every chat its
// current leaf. Chats written before migration 0007 become one straight branch, on both databases;
// new messages, edits and regenerations keep the chain and the leaf right; the migration undoes.
// Then migration 0008 (branch reads): a chat forked before it reads as it did.
import t from 'tap'
import { sql, type Kysely } from 'kysely'
import { createChatStore } from '../../server/services/chats/chat-store.ts'
import type { Database } from '../../server/db/schema.ts'
import { DIALECTS } from '../helpers/postgres-dialects.ts'
import { migrationDatabase } from '../helpers/migration-database.ts'

const text = (value: string) => [{ type: 'text', text: value }]

/** Each message's parent, in seq order, and the chat's leaf. */
async function shape(db: Kysely<Database>, chatId: string) {
  const rows = await db.selectFrom('messages').select(['id', 'parent_id']).where('chat_id', '=', chatId).orderBy('seq').execute()
  const chat = await db.selectFrom('chats').select('current_leaf_id').where('id', '=', chatId).executeTakeFirstOrThrow()
  return { parents: rows.map((row) => [row.id, row.parent_id]), leaf: chat.current_leaf_id }
}

for (const dialect of DIALECTS) {
  t.test(dialect, async (t) => {
    const opened = await migrationDatabase(t, dialect)
    if (!opened) return
    const { db: untyped, migrator } = opened
    const db = untyped as Kysely<Database>

    // A database as the previous version left it: two chats, one of three messages, one empty.
    t.notOk((await migrator.migrateTo('0006_files')).error)
    await db.insertInto('chats').values([
      { id: 'c1', owner_id: 'o1', title: 'Old', visibility: 'private', model: null, created_at: 1, updated_at: 3, tools_off: null },
      { id: 'empty', owner_id: 'o1', title: 'Nothing', visibility: 'private', model: null, created_at: 1, updated_at: 1, tools_off: null },
    ]).execute()
    const row = (id: string, seq: number, role: 'user' | 'assistant') => ({ id, chat_id: 'c1', seq, role, parts: JSON.stringify(text(id)), status: 'complete' as const, usage: null, model: null, created_at: seq })
    // Inserted out of order: the chain follows seq, not insertion.
    await db.insertInto('messages').values([row('m3', 2, 'user'), row('m1', 0, 'user'), row('m2', 1, 'assistant')]).execute()

    t.notOk((await migrator.migrateToLatest()).error, 'migrates with data in place')
    t.same(await shape(db, 'c1'), { parents: [['m1', null], ['m2', 'm1'], ['m3', 'm2']], leaf: 'm3' }, 'an old chat is one straight branch ending at its last message')
    t.same((await shape(db, 'empty')).leaf, null)

    const store = createChatStore(db)
    t.equal((await store.messages('c1')).length, 3, 'nothing lost')
    await store.append('c1', [
      { id: 'm4', role: 'assistant', parts: text('m4'), status: 'complete' },
      { id: 'm5', role: 'user', parts: text('m5'), status: 'complete' },
    ])
    t.same(await shape(db, 'c1'), { parents: [['m1', null], ['m2', 'm1'], ['m3', 'm2'], ['m4', 'm3'], ['m5', 'm4']], leaf: 'm5' }, 'appended messages continue the branch')
    await store.removeBelow('c1', 'm4', true)
    t.same(await shape(db, 'c1'), { parents: [['m1', null], ['m2', 'm1'], ['m3', 'm2']], leaf: 'm3' }, 'after deleting the end of a branch the leaf is the last message left')

    await store.create({ id: 'c2', ownerId: 'o1', model: null, message: { id: 'n1', parts: text('n1') } })
    await store.append('c2', [{ id: 'n2', role: 'assistant', parts: text('n2'), status: 'streaming' }])
    t.same(await shape(db, 'c2'), { parents: [['n1', null], ['n2', 'n1']], leaf: 'n2' }, 'a new chat starts its branch at its first message')

    t.notOk((await migrator.migrateTo('0006_files')).error, 'the migration undoes')
    t.notOk((await migrator.migrateToLatest()).error, 'and redoes')
    t.same(await shape(db, 'c1'), { parents: [['m1', null], ['m2', 'm1'], ['m3', 'm2']], leaf: 'm3' })
  })
}

// Migration 0008: a chat forked under 0007 (an edit made between the two) is marked forked, its
// shown branch marked, its versions kept with it; it reads as it did, and the migration undoes.
for (const dialect of DIALECTS) {
  t.test(`${dialect}: a chat forked before migration 0008`, async (t) => {
    const opened = await migrationDatabase(t, dialect)
    if (!opened) return
    const { db: untyped, migrator } = opened
    const db = untyped as Kysely<Database>
    t.notOk((await migrator.migrateTo('0007_message_tree')).error)
    const insertChat = (id: string, leaf: string) =>
      sql`INSERT INTO chats (id, owner_id, title, visibility, model, created_at, updated_at, tools_off, current_leaf_id) VALUES (${id}, 'o1', ${id}, 'private', NULL, 1, 1, NULL, ${leaf})`.execute(db)
    const insertMessage = (chatId: string, id: string, seq: number, parent: string | null, role: string) =>
      sql`INSERT INTO messages (id, chat_id, seq, parent_id, role, parts, status, usage, model, created_at) VALUES (${id}, ${chatId}, ${seq}, ${parent}, ${role}, ${JSON.stringify(text(id))}, 'complete', NULL, NULL, ${seq})`.execute(db)
    await insertChat('forked', 'q2-old-a')
    // q1 → a1 → q2-old → q2-old-a, and q2-new (an edit of q2-old) → q2-new-a; the old one is shown.
    for (const [id, seq, parent, role] of [['q1', 0, null, 'user'], ['a1', 1, 'q1', 'assistant'], ['q2-old', 2, 'a1', 'user'], ['q2-old-a', 3, 'q2-old', 'assistant'], ['q2-new', 4, 'a1', 'user'], ['q2-new-a', 5, 'q2-new', 'assistant']] as const) {
      await insertMessage('forked', id, seq, parent, role)
    }
    await insertChat('straight', 's2')
    await insertMessage('straight', 's1', 0, null, 'user')
    await insertMessage('straight', 's2', 1, 's1', 'assistant')

    t.notOk((await migrator.migrateToLatest()).error, 'migrates with data in place')
    const flags = await db.selectFrom('chats').select(['id', 'forked', 'versions']).orderBy('id').execute()
    t.same(flags.map((chat) => [chat.id, chat.forked, chat.versions && JSON.parse(chat.versions)]), [['forked', 1, { a1: ['q2-old', 'q2-new'] }], ['straight', 0, null]])
    const store = createChatStore(db)
    const shown = await store.messages('forked')
    t.same(shown.map((message) => message.id), ['q1', 'a1', 'q2-old', 'q2-old-a'], 'the branch it showed')
    t.same(shown[2]!.versions, ['q2-old', 'q2-new'])
    t.same((await store.messages('straight')).map((message) => message.id), ['s1', 's2'])
    t.same(await store.switchTo('forked', 'q2-new'), { switched: true })
    t.same((await store.messages('forked')).map((message) => message.id), ['q1', 'a1', 'q2-new', 'q2-new-a'])

    t.notOk((await migrator.migrateTo('0007_message_tree')).error, 'the migration undoes')
    t.notOk((await migrator.migrateToLatest()).error, 'and redoes')
    t.same((await createChatStore(db).messages('forked')).map((message) => message.id), ['q1', 'a1', 'q2-new', 'q2-new-a'], 'the chosen branch is kept')
  })
}
