// Speed that does not depend on how much is stored (issue 20): indexes that let one owner's lists
// be read without walking other owners' chats. Found with `npm run bench:history` (its query plans):
// the sidebar's history went through chats_project (every owner's chats outside projects, newest
// first) and the pinned chats scanned the whole chats table.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from './migration-dialect.ts'

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
}
