// Speed that does not depend on how much is stored (issue 20): indexes that let one owner's lists
// be read without walking other owners' chats. Found with `npm run bench:history` (its query plans):
// the sidebar's history went through chats_project (every owner's chats outside projects, newest
// first) and the pinned chats scanned the whole chats table.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf, sqliteMessageText } from './migrations.ts'

export const scaleMigrations: Record<string, Migration> = {
  '0013_owner_list_indexes': {
    async up(db: Kysely<unknown>) {
      // The history: one owner's chats outside projects and not archived, newest first.
      await db.schema.createIndex('chats_owner_history').on('chats').columns(['owner_id', 'project_id', 'archived_at', 'updated_at', 'id']).execute()
      await db.schema.createIndex('chats_owner_pinned').on('chats').columns(['owner_id', 'pinned_at']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chats_owner_pinned').execute()
      await db.schema.dropIndex('chats_owner_history').execute()
    },
  },
  // PostgreSQL search kept each message's words only in an expression index: every match was
  // re-read and its JSON parts parsed into a tsvector again to rank it (26 µs a match; 1,500 matches
  // of a rare word in a big history cost 40 ms), and the owner's matches were found by hashing all
  // the owner's chats. The vectors are now stored with their owner, one row per message in a table
  // of their own (not a column of messages: every read of a chat would carry them), which triggers
  // keep in step with messages and chats whatever code writes them (a chat changes owner when an
  // anonymous visitor signs in). SQLite's FTS5 index already stores its documents (migration 0003).
  '0014_message_search_vectors': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'postgres') return
      await sql`
        CREATE TABLE message_search (
          message_id text PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
          chat_id text NOT NULL,
          owner_id text NOT NULL,
          created_at bigint NOT NULL,
          document tsvector NOT NULL
        )`.execute(db)
      await sql`
        CREATE FUNCTION message_search_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO message_search (message_id, chat_id, owner_id, created_at, document)
          SELECT new.id, new.chat_id, c.owner_id, new.created_at, to_tsvector('simple', chat_message_text(new.parts))
          FROM chats AS c WHERE c.id = new.chat_id
          ON CONFLICT (message_id) DO UPDATE
            SET chat_id = excluded.chat_id, owner_id = excluded.owner_id, created_at = excluded.created_at, document = excluded.document;
          RETURN NULL;
        END $$`.execute(db)
      await sql`CREATE TRIGGER messages_search_write AFTER INSERT OR UPDATE OF parts, chat_id, created_at ON messages FOR EACH ROW EXECUTE FUNCTION message_search_write()`.execute(db)
      await sql`
        CREATE FUNCTION message_search_owner() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE message_search SET owner_id = new.owner_id
          WHERE message_id IN (SELECT id FROM messages WHERE chat_id = new.id);
          RETURN NULL;
        END $$`.execute(db)
      await sql`CREATE TRIGGER chats_search_owner AFTER UPDATE OF owner_id ON chats FOR EACH ROW WHEN (new.owner_id IS DISTINCT FROM old.owner_id) EXECUTE FUNCTION message_search_owner()`.execute(db)
      await sql`
        INSERT INTO message_search (message_id, chat_id, owner_id, created_at, document)
        SELECT m.id, m.chat_id, c.owner_id, m.created_at, to_tsvector('simple', chat_message_text(m.parts))
        FROM messages AS m JOIN chats AS c ON c.id = m.chat_id`.execute(db)
      await sql`CREATE INDEX message_search_document ON message_search USING gin (document)`.execute(db)
      // An owner's rows newest first: for a word common in other owners' messages, walking the
      // owner's own rows until enough match is cheaper than the word's whole list (the planner picks).
      await sql`CREATE INDEX message_search_owner ON message_search (owner_id, created_at)`.execute(db)
      await sql`DROP INDEX messages_text_search`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'postgres') return
      await sql`CREATE INDEX messages_text_search ON messages USING gin (to_tsvector('simple', chat_message_text(parts)))`.execute(db)
      await sql`DROP TRIGGER chats_search_owner ON chats`.execute(db)
      await sql`DROP FUNCTION message_search_owner()`.execute(db)
      await sql`DROP TRIGGER messages_search_write ON messages`.execute(db)
      await sql`DROP FUNCTION message_search_write()`.execute(db)
      await sql`DROP TABLE message_search`.execute(db)
    },
  },
  // SQLite search walked FTS5's hits of every owner, newest first, keeping the searching owner's:
  // an owner with 100 chats searching a common word went past another owner's 500,000 newer hits
  // first (346 ms; bench:history). The owner is now a column of the index itself (its id as one
  // token: the dashes of a UUID would split it into five), and a search matches it with the words,
  // so FTS5 intersects the owner's own list with the words' lists. PostgreSQL got its owner column
  // in 0014.
  '0015_search_owner_sqlite': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'sqlite') return
      await dropSearchIndex(db)
      await sql`ALTER TABLE chat_search_docs ADD COLUMN owner TEXT NOT NULL DEFAULT ''`.execute(db)
      await sql`UPDATE chat_search_docs SET owner = (SELECT replace(c.owner_id, '-', '') FROM chats AS c WHERE c.id = chat_search_docs.chat_id)`.execute(db)
      await createSearchIndex(db, ['title', 'body', 'owner'])
      // New rows carry their owner; a chat that changes owner (sign-in) takes its rows along.
      await sql`DROP TRIGGER chats_search_ai`.execute(db)
      await sql`CREATE TRIGGER chats_search_ai AFTER INSERT ON chats BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body, owner) VALUES (new.id, NULL, new.title, '', replace(new.owner_id, '-', ''));
        END`.execute(db)
      await sql`DROP TRIGGER messages_search_ai`.execute(db)
      await sql`CREATE TRIGGER messages_search_ai AFTER INSERT ON messages BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body, owner)
          VALUES (new.chat_id, new.id, '', ${sqliteMessageText('new')}, (SELECT replace(c.owner_id, '-', '') FROM chats AS c WHERE c.id = new.chat_id));
        END`.execute(db)
      await sql`CREATE TRIGGER chats_search_owner AFTER UPDATE OF owner_id ON chats WHEN new.owner_id IS NOT old.owner_id BEGIN
          UPDATE chat_search_docs SET owner = replace(new.owner_id, '-', '') WHERE chat_id = new.id;
        END`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'sqlite') return
      await sql`DROP TRIGGER chats_search_owner`.execute(db)
      await sql`DROP TRIGGER chats_search_ai`.execute(db)
      await sql`CREATE TRIGGER chats_search_ai AFTER INSERT ON chats BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body) VALUES (new.id, NULL, new.title, '');
        END`.execute(db)
      await sql`DROP TRIGGER messages_search_ai`.execute(db)
      await sql`CREATE TRIGGER messages_search_ai AFTER INSERT ON messages BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body) VALUES (new.chat_id, new.id, '', ${sqliteMessageText('new')});
        END`.execute(db)
      await dropSearchIndex(db)
      await sql`ALTER TABLE chat_search_docs DROP COLUMN owner`.execute(db)
      await createSearchIndex(db, ['title', 'body'])
    },
  },
}

/** SQLite: the FTS5 index over chat_search_docs and the triggers that keep it in step (as 0003 made them). */
async function dropSearchIndex(db: Kysely<unknown>) {
  for (const trigger of ['chat_search_docs_ai', 'chat_search_docs_ad', 'chat_search_docs_au']) await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
  await sql`DROP TABLE chat_search`.execute(db)
}

async function createSearchIndex(db: Kysely<unknown>, columns: string[]) {
  const list = sql.raw(columns.join(', '))
  const fromNew = sql.raw(columns.map((column) => `new.${column}`).join(', '))
  const fromOld = sql.raw(columns.map((column) => `old.${column}`).join(', '))
  await sql`CREATE VIRTUAL TABLE chat_search USING fts5 (${list}, content='chat_search_docs', content_rowid='id')`.execute(db)
  // Built from the content table in one pass, then kept in step by the external-content triggers.
  await sql`INSERT INTO chat_search (chat_search) VALUES ('rebuild')`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_ai AFTER INSERT ON chat_search_docs BEGIN
      INSERT INTO chat_search (rowid, ${list}) VALUES (new.id, ${fromNew});
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_ad AFTER DELETE ON chat_search_docs BEGIN
      INSERT INTO chat_search (chat_search, rowid, ${list}) VALUES ('delete', old.id, ${fromOld});
    END`.execute(db)
  await sql`CREATE TRIGGER chat_search_docs_au AFTER UPDATE ON chat_search_docs BEGIN
      INSERT INTO chat_search (chat_search, rowid, ${list}) VALUES ('delete', old.id, ${fromOld});
      INSERT INTO chat_search (rowid, ${list}) VALUES (new.id, ${fromNew});
    END`.execute(db)
}
