// Migrations, in order, shared by SQLite and PostgreSQL. Never edit a released migration: add one.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from './migration-dialect.ts'
import { featureMigrations } from './migrations-features.ts'
import { scaleMigrations } from './migrations-scale.ts'
import { createSharedSearchIndex, searchMigrations } from './migrations-search.ts'
import { operatorMigrations } from './migrations-operators.ts'
import { hardeningMigrations } from './migrations-hardening.ts'
import { artifactMigrations } from './migrations-artifacts.ts'

export const migrations: Record<string, Migration> = {
  '0001_users_and_sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('provider_id', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('avatar', 'text')
        .addColumn('username', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('users_provider_identity', ['provider', 'provider_id'])
        .execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('anonymous_owner_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute()
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').execute()
      await db.schema.dropTable('users').execute()
      void sql
    },
  },
  '0002_chats_messages_votes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chats')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('private'))
        .addColumn('model', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('chats_owner_activity').on('chats').columns(['owner_id', 'updated_at', 'id']).execute()
      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('parts', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('usage', 'text')
        .addColumn('model', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('messages_chat_seq', ['chat_id', 'seq'])
        .execute()
      await db.schema
        .createTable('votes')
        .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('value', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('votes_pk', ['chat_id', 'message_id'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('votes').execute()
      await db.schema.dropTable('messages').execute()
      await db.schema.dropTable('chats').execute()
    },
  },
  '0003_chat_search': {
    // Full-text search over chat titles and message text (GET /api/chats/search).
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        // The text of a message's parts ("text" parts only), as an IMMUTABLE function so that an
        // expression index can use it; the query repeats the exact same expressions. jsonb refuses
        // the escape \u0000 (JSON.stringify writes it for a NUL character) and a failing index
        // expression would fail the insert: it becomes \ufffd, the same length and still valid JSON.
        await sql`
          CREATE FUNCTION chat_message_text(parts text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT coalesce(string_agg(part->>'text', E'\n'), '')
            FROM (SELECT replace(parts, '\\u0000', '\\ufffd')::jsonb AS doc) AS parsed,
              jsonb_array_elements(CASE WHEN jsonb_typeof(parsed.doc) = 'array' THEN parsed.doc ELSE '[]'::jsonb END) AS part
            WHERE part->>'type' = 'text'
          $$`.execute(db)
        await sql`CREATE INDEX chats_title_search ON chats USING gin (to_tsvector('simple', title))`.execute(db)
        await sql`CREATE INDEX messages_text_search ON messages USING gin (to_tsvector('simple', chat_message_text(parts)))`.execute(db)
        return
      }
      // SQLite: an FTS5 index over chat_search_docs (one row per chat title, one per message),
      // which triggers keep in step with chats and messages whatever code writes them. The docs
      // table gives every indexed row a stable INTEGER PRIMARY KEY (the rowids of chats and
      // messages, whose keys are text, may change on VACUUM).
      await sql`
        CREATE TABLE chat_search_docs (
          id INTEGER PRIMARY KEY,
          chat_id TEXT NOT NULL,
          message_id TEXT,
          title TEXT NOT NULL,
          body TEXT NOT NULL
        )`.execute(db)
      await sql`CREATE UNIQUE INDEX chat_search_docs_message ON chat_search_docs (message_id)`.execute(db)
      await sql`CREATE INDEX chat_search_docs_chat ON chat_search_docs (chat_id)`.execute(db)
      await createSharedSearchIndex(db)
      // The text of a message's "text" parts; parts that are not a JSON array count as no text.
      const messageText = (row: string) =>
        sql.raw(`(SELECT coalesce(group_concat(json_extract(part.value, '$.text'), char(10)), '')
          FROM json_each(CASE WHEN json_valid(${row}.parts) AND json_type(${row}.parts) = 'array' THEN ${row}.parts ELSE '[]' END) AS part
          WHERE json_extract(part.value, '$.type') = 'text')`)
      await sql`CREATE TRIGGER chats_search_ai AFTER INSERT ON chats BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body) VALUES (new.id, NULL, new.title, '');
        END`.execute(db)
      await sql`CREATE TRIGGER chats_search_au AFTER UPDATE OF title ON chats WHEN new.title IS NOT old.title BEGIN
          UPDATE chat_search_docs SET title = new.title WHERE chat_id = new.id AND message_id IS NULL;
        END`.execute(db)
      await sql`CREATE TRIGGER chats_search_ad AFTER DELETE ON chats BEGIN
          DELETE FROM chat_search_docs WHERE chat_id = old.id;
        END`.execute(db)
      await sql`CREATE TRIGGER messages_search_ai AFTER INSERT ON messages BEGIN
          INSERT INTO chat_search_docs (chat_id, message_id, title, body) VALUES (new.chat_id, new.id, '', ${messageText('new')});
        END`.execute(db)
      await sql`CREATE TRIGGER messages_search_au AFTER UPDATE OF parts ON messages BEGIN
          UPDATE chat_search_docs SET body = ${messageText('new')} WHERE message_id = new.id;
        END`.execute(db)
      await sql`CREATE TRIGGER messages_search_ad AFTER DELETE ON messages BEGIN
          DELETE FROM chat_search_docs WHERE message_id = old.id;
        END`.execute(db)
      // What existed before this migration.
      await sql`INSERT INTO chat_search_docs (chat_id, message_id, title, body) SELECT id, NULL, title, '' FROM chats`.execute(db)
      await sql`INSERT INTO chat_search_docs (chat_id, message_id, title, body)
          SELECT m.chat_id, m.id, '', ${messageText('m')} FROM messages AS m`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        await sql`DROP INDEX messages_text_search`.execute(db)
        await sql`DROP INDEX chats_title_search`.execute(db)
        await sql`DROP FUNCTION chat_message_text(text)`.execute(db)
        return
      }
      for (const trigger of ['messages_search_ad', 'messages_search_au', 'messages_search_ai', 'chats_search_ad', 'chats_search_au', 'chats_search_ai']) {
        await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db)
      }
      await sql`DROP TABLE chat_search`.execute(db)
      await sql`DROP TABLE chat_search_docs`.execute(db)
    },
  },
  // Running answers are saved about once a second while they stream (a crash then loses at most
  // the last second). They go to a table of their own, not to messages.parts: there every save would
  // re-index the growing text for search (FTS5 triggers, PostgreSQL's GIN index) a thousand times a
  // second. A draft lives as long as its answer streams; the final write of the answer replaces it.
  '0004_answer_drafts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('answer_drafts')
        .addColumn('message_id', 'text', (col) => col.primaryKey())
        .addColumn('parts', 'text', (col) => col.notNull())
        .addColumn('saved_at', 'bigint', (col) => col.notNull())
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('answer_drafts').execute()
    },
  },
  // Which tools a chat has turned off (a JSON array of names); null: every tool on offer.
  '0005_chat_tools_off': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chats').addColumn('tools_off', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('chats').dropColumn('tools_off').execute()
    },
  },
  ...featureMigrations,
  ...operatorMigrations,
  ...scaleMigrations,
  ...searchMigrations,
  ...hardeningMigrations,
  ...artifactMigrations,
}
