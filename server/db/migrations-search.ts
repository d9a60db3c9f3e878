// SQLite's search index keyed by owner. Migration 0003 indexed every owner's titles and
// messages as one list per word, so a search for a word walked the newer rows of every owner: a
// light user's common word took 370 ms next to a history of 1,000,000 messages, and bm25 counted
// the word in the whole index on each search. Now each indexed word carries its owner's tag
// (server/db/search-words.ts), so the index holds one list per owner and word.
//
// The index no longer copies its text from chat_search_docs (that stays, as the snippets' text):
// it is contentless and deletes by rowid, so deleting a chat or a message needs no function of
// ours (the sqlite3 shell can still delete); writing a title or a message needs search_words(),
// which the app registers on its connection. PostgreSQL keeps each message's owner already
// (message_search, 0014): nothing changes there.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from './migration-dialect.ts'
import { SEARCH_WORD_LIST_FUNCTION, SEARCH_WORDS_FUNCTION } from './search-words.ts'

const taggedSql = (row: 'new' | 'd', column: 'title' | 'body', owner: string) => `${SEARCH_WORDS_FUNCTION}(${owner}, ${row}.${column})`
const tagged = (row: 'new' | 'd', column: 'title' | 'body', owner: string) => sql.raw(taggedSql(row, column, owner))
const ownerOf = (row: 'new') => `(SELECT owner_id FROM chats WHERE id = ${row}.chat_id)`

const INDEX_TRIGGERS = ['chat_search_docs_ai', 'chat_search_docs_ad', 'chat_search_docs_au']

/**
 * The triggers that keep the owner-tagged index (0017) following chat_search_docs; with `wordList`,
 * each title and message written also adds its words to chat_search_words (0018).
 */
async function createTaggedIndexTriggers(db: Kysely<unknown>, { wordList }: { wordList: boolean }) {
  const index = sql.raw(`INSERT INTO chat_search (rowid, title, body) VALUES (new.id, ${taggedSql('new', 'title', ownerOf('new'))}, ${taggedSql('new', 'body', ownerOf('new'))});`)
  // OR IGNORE: most words of a message are words its owner has used before.
  const words = sql.raw(
    wordList ? `INSERT OR IGNORE INTO chat_search_words (word) SELECT value FROM json_each(${SEARCH_WORD_LIST_FUNCTION}(${ownerOf('new')}, new.title, new.body));` : '',
  )
  await sql`CREATE TRIGGER chat_search_docs_ai AFTER INSERT ON chat_search_docs BEGIN
      ${index}
      ${words}
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_ad AFTER DELETE ON chat_search_docs BEGIN
      DELETE FROM chat_search WHERE rowid = old.id;
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_au AFTER UPDATE ON chat_search_docs BEGIN
      DELETE FROM chat_search WHERE rowid = old.id;
      ${index}
      ${words}
    END`.execute(db)
}

export const searchMigrations: Record<string, Migration> = {
  '0017_owner_search_words': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return
      for (const trigger of INDEX_TRIGGERS) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
      await sql`DROP TABLE chat_search`.execute(db)
      // `ascii`: the words come split and folded by search_words(); it only splits at the spaces.
      await sql`CREATE VIRTUAL TABLE chat_search USING fts5 (title, body, content='', contentless_delete=1, tokenize='ascii')`.execute(db)
      // A delete leaves a tombstone in the segment holding the row. By default a segment is rewritten
      // once a tenth of it is tombstones: Delete all chats of a 1,000,000-message history then held
      // the event loop up to 2 s at a time (bench:history). Off: tombstones go when FTS5 merges the
      // segment with others as rows arrive; until then they cost disk space, and only their owner's
      // searches step over them (other owners' words are other lists).
      await sql`INSERT INTO chat_search (chat_search, rank) VALUES ('deletemerge', 0)`.execute(db)
      await createTaggedIndexTriggers(db, { wordList: false })
      // A chat that changes owner (a visitor signing in) has its rows indexed again under the new tag.
      await sql`CREATE TRIGGER chats_search_owner AFTER UPDATE OF owner_id ON chats WHEN new.owner_id IS NOT old.owner_id BEGIN
          UPDATE chat_search_docs SET chat_id = chat_id WHERE chat_id = new.id;
        END`.execute(db)
      await sql`
        INSERT INTO chat_search (rowid, title, body)
        SELECT d.id, ${tagged('d', 'title', 'c.owner_id')}, ${tagged('d', 'body', 'c.owner_id')}
        FROM chat_search_docs AS d JOIN chats AS c ON c.id = d.chat_id`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return
      for (const trigger of ['chats_search_owner', ...INDEX_TRIGGERS]) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
      await sql`DROP TABLE chat_search`.execute(db)
      // Migration 0003's index, filled again from the docs.
      await createSharedSearchIndex(db)
      await sql`INSERT INTO chat_search (chat_search) VALUES ('rebuild')`.execute(db)
    },
  },
  // The words each owner has used, so that a word being typed ("gard") is searched as the words it
  // starts ("garden", "gardening"), each walked newest first and stopped at the search's limit.
  // Searched as a prefix, FTS5 reads every row of every word it starts before it returns the first
  // (36–50 ms for "gard" in a history of 1,000,000 messages, against 1–2 ms for the word whole:
  // bench:history). Words are added as titles and messages are written; a deleted chat's words stay
  // listed (a word no longer in any row costs its owner's searches one empty walk) until the
  // owner's last chat goes, with their whole list (services/chats/owner-search-words.ts).
  '0018_search_word_list': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return
      await sql`CREATE TABLE chat_search_words (word TEXT PRIMARY KEY) WITHOUT ROWID`.execute(db)
      for (const trigger of INDEX_TRIGGERS) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
      await createTaggedIndexTriggers(db, { wordList: true })
      // The words already indexed, read from the index itself (its terms are the tagged words).
      await sql`CREATE VIRTUAL TABLE temp.chat_search_terms USING fts5vocab(main, chat_search, row)`.execute(db)
      await sql`INSERT INTO chat_search_words (word) SELECT term FROM temp.chat_search_terms`.execute(db)
      await sql`DROP TABLE temp.chat_search_terms`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return
      for (const trigger of INDEX_TRIGGERS) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
      await createTaggedIndexTriggers(db, { wordList: false })
      await sql`DROP TABLE chat_search_words`.execute(db)
    },
  },
}

/**
 * Migration 0003's SQLite index: every owner's words in one list each, copied from chat_search_docs
 * (the FTS5 external-content pattern: the index follows its content table through triggers).
 */
export async function createSharedSearchIndex(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE chat_search USING fts5 (title, body, content='chat_search_docs', content_rowid='id')`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_ai AFTER INSERT ON chat_search_docs BEGIN
      INSERT INTO chat_search (rowid, title, body) VALUES (new.id, new.title, new.body);
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_ad AFTER DELETE ON chat_search_docs BEGIN
      INSERT INTO chat_search (chat_search, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_au AFTER UPDATE ON chat_search_docs BEGIN
      INSERT INTO chat_search (chat_search, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
      INSERT INTO chat_search (rowid, title, body) VALUES (new.id, new.title, new.body);
    END`.execute(db)
}
