// Chats that exist before migration 0003_chat_search are searchable after it, on both databases;
// and the migration can be undone and redone.
import t from 'tap'
import { sql, type Kysely } from 'kysely'
import { ownerTag } from '../../server/db/search-words.ts'
import type { Database } from '../../server/db/schema.ts'
import { createChatSearch } from '../../server/services/chats/chat-search.ts'
import { DIALECTS } from '../helpers/postgres-dialects.ts'
import { migrationDatabase } from '../helpers/migration-database.ts'

for (const dialect of DIALECTS) {
  t.test(dialect, async (t) => {
    const opened = await migrationDatabase(t, dialect)
    if (!opened) return
    const { db: untyped, migrator } = opened
    const db = untyped as Kysely<Database>

    t.notOk((await migrator.migrateTo('0002_chats_messages_votes')).error)
    await db.insertInto('chats').values({ id: 'old', owner_id: 'o1', title: 'Aquarium maintenance', visibility: 'private', model: null, created_at: 1, updated_at: 2 }).execute()
    const parts = (text: string) => JSON.stringify([{ type: 'step-start' }, { type: 'text', text }, { type: 'reasoning', text: 'hidden thoughts' }])
    await db
      .insertInto('messages')
      .values([
        { id: 'm1', chat_id: 'old', seq: 0, role: 'user', parts: parts('How often should I change the filter?'), status: 'complete', usage: null, model: null, created_at: 1 },
        { id: 'm2', chat_id: 'old', seq: 1, role: 'assistant', parts: '"not an array"', status: 'error', usage: null, model: null, created_at: 2 },
      ])
      .execute()

    const { error } = await migrator.migrateToLatest()
    t.notOk(error, 'migrates with data in place')
    const search = createChatSearch(db, dialect)
    t.match(await search.search('o1', 'aquarium', 20), [{ chatId: 'old', messageId: null, updatedAt: 2 }], 'an old title')
    t.match(await search.search('o1', 'filter', 20), [{ chatId: 'old', messageId: 'm1' }], 'an old message')
    t.same(await search.search('o1', 'hidden', 20), [], 'only text parts are indexed')
    t.same(await search.search('o2', 'aquarium', 20), [], 'another owner')
    t.match(await search.search('o1', 'mainten', 20), [{ chatId: 'old', messageId: null }], 'the start of an old word')
    if (dialect === 'sqlite') {
      // A word being typed is searched as the words its owner has used (0018): the old ones are listed too.
      const { rows } = await sql<{ word: string }>`SELECT word FROM chat_search_words`.execute(db)
      const tag = ownerTag('o1')
      t.same(rows.map((row) => row.word).sort(), ['aquarium', 'change', 'filter', 'how', 'i', 'maintenance', 'often', 'should', 'the'].map((word) => tag + word), "the old chat's words")
    }

    t.notOk((await migrator.migrateDown()).error, 'undone')
    t.notOk((await migrator.migrateUp()).error, 'and redone')
    t.match(await createChatSearch(db, dialect).search('o1', 'filter', 20), [{ chatId: 'old', messageId: 'm1' }])
  })
}
