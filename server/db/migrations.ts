// Migrations, in order, shared by SQLite and PostgreSQL. Never edit a released migration: add one.
import { PostgresAdapter, SqliteAdapter, sql, type Kysely, type Migration } from 'kysely'
import { scaleMigrations } from './migrations-scale.ts'
import { operatorMigrations } from './migrations-operators.ts'

/**
 * Which database a migration runs on, for the few that must differ (full-text search). Kysely hands
 * a migration only the Kysely instance (a transaction on PostgreSQL); its adapter is the one
 * reliable tell, and an adapter we do not know fails the migration instead of guessing.
 */
export function dialectOf(db: Kysely<unknown>): 'sqlite' | 'postgres' {
  const adapter = db.getExecutor().adapter
  if (adapter instanceof SqliteAdapter) return 'sqlite'
  if (adapter instanceof PostgresAdapter) return 'postgres'
  throw new Error(`db: no migration for the ${adapter.constructor.name} dialect`)
}

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
      await sql`CREATE VIRTUAL TABLE chat_search USING fts5 (title, body, content='chat_search_docs', content_rowid='id')`.execute(db)
      // The FTS5 external-content pattern: the index follows its content table.
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
  // Files users attach to messages: the bytes live in the file storage under the id; chat_id is
  // the chat whose message carries the file (null until a message is sent with it).
  '0006_files': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('filename', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('chat_id', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('files_owner').on('files').columns(['owner_id', 'created_at']).execute()
      await db.schema.createIndex('files_chat').on('files').column('chat_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('files').execute()
    },
  },
  // Conversations as trees (issue 17), first step: each message names its parent (null for a
  // chat's first) and each chat its current leaf, the last message of the branch it shows. A chat
  // written before is one straight branch: each message's parent is the one before it by seq.
  '0007_message_tree': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('messages').addColumn('parent_id', 'text').execute()
      await db.schema.alterTable('chats').addColumn('current_leaf_id', 'text').execute()
      await sql`
        UPDATE messages SET parent_id = (
          SELECT previous.id FROM messages AS previous
          WHERE previous.chat_id = messages.chat_id AND previous.seq < messages.seq
          ORDER BY previous.seq DESC LIMIT 1
        )`.execute(db)
      await sql`
        UPDATE chats SET current_leaf_id = (
          SELECT last.id FROM messages AS last WHERE last.chat_id = chats.id ORDER BY last.seq DESC LIMIT 1
        )`.execute(db)
      await db.schema.createIndex('messages_parent').on('messages').columns(['chat_id', 'parent_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_parent').execute()
      await db.schema.alterTable('chats').dropColumn('current_leaf_id').execute()
      await db.schema.alterTable('messages').dropColumn('parent_id').execute()
    },
  },
  // Conversation trees, second step: reading a branch as fast as a straight chat. A chat marks
  // when it first forks (a second version of a message); until then it is read in order of
  // writing. In a forked chat the messages of the shown branch are marked `shown` and read in
  // order from an index; a walk up the parents reads (id, parent_id) from an index alone.
  '0008_branch_reads': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chats').addColumn('forked', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('chats').addColumn('versions', 'text').execute()
      await db.schema.alterTable('messages').addColumn('shown', 'integer', (col) => col.notNull().defaultTo(0)).execute()
      await sql`
        UPDATE chats SET forked = 1 WHERE EXISTS (
          SELECT 1 FROM messages WHERE messages.chat_id = chats.id
          GROUP BY messages.parent_id HAVING COUNT(*) > 1
        )`.execute(db)
      // Chats that forked before (written between migrations 0007 and 0008): mark their branch.
      await sql`
        UPDATE messages SET shown = 1 WHERE id IN (
          WITH RECURSIVE branch(id) AS (
            SELECT current_leaf_id FROM chats WHERE forked = 1 AND current_leaf_id IS NOT NULL
            UNION ALL
            SELECT messages.parent_id FROM branch JOIN messages ON messages.id = branch.id WHERE messages.parent_id IS NOT NULL
          )
          SELECT id FROM branch
        )`.execute(db)
      // …and their versions, by parent ('' for first messages), oldest first.
      const { rows: forks } = await sql<{ chat_id: string; parent_id: string | null; id: string }>`
        SELECT messages.chat_id, messages.parent_id, messages.id FROM messages JOIN chats ON chats.id = messages.chat_id
        WHERE chats.forked = 1 ORDER BY messages.chat_id, messages.seq`.execute(db)
      const byChat = new Map<string, Record<string, string[]>>()
      for (const row of forks) {
        const groups = byChat.get(row.chat_id) ?? {}
        ;(groups[row.parent_id ?? ''] ??= []).push(row.id)
        byChat.set(row.chat_id, groups)
      }
      for (const [chatId, groups] of byChat) {
        const versions = Object.fromEntries(Object.entries(groups).filter(([, ids]) => ids.length > 1))
        await sql`UPDATE chats SET versions = ${JSON.stringify(versions)} WHERE id = ${chatId}`.execute(db)
      }
      await db.schema.createIndex('messages_walk').on('messages').columns(['id', 'parent_id']).execute()
      await db.schema.createIndex('messages_shown').on('messages').columns(['chat_id', 'shown', 'seq']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_shown').execute()
      await db.schema.dropIndex('messages_walk').execute()
      await db.schema.alterTable('messages').dropColumn('shown').execute()
      await db.schema.alterTable('chats').dropColumn('versions').execute()
      await db.schema.alterTable('chats').dropColumn('forked').execute()
    },
  },
  // The personal layer (issue 18): settings per owner (a user, or an anonymous visitor until sign-in),
  // projects that group chats and hold instructions, and on chats their own system prompt, their
  // project, pins, archiving, and where an imported chat came from (so a re-import adds no copy).
  '0009_personal_layer': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('owner_id', 'text', (col) => col.primaryKey())
        .addColumn('instructions', 'text')
        .addColumn('default_model', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('instructions', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('projects_owner').on('projects').columns(['owner_id', 'updated_at']).execute()
      await db.schema.alterTable('chats').addColumn('system_prompt', 'text').execute()
      await db.schema.alterTable('chats').addColumn('project_id', 'text').execute()
      await db.schema.alterTable('chats').addColumn('pinned_at', 'bigint').execute()
      await db.schema.alterTable('chats').addColumn('archived_at', 'bigint').execute()
      await db.schema.alterTable('chats').addColumn('imported_from', 'text').execute()
      await db.schema.createIndex('chats_project').on('chats').columns(['project_id', 'updated_at', 'id']).execute()
      // NULLs are distinct in a unique index (both databases): chats made here never collide.
      await db.schema.createIndex('chats_imported').on('chats').columns(['owner_id', 'imported_from']).unique().execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('chats_imported').execute()
      await db.schema.dropIndex('chats_project').execute()
      for (const column of ['imported_from', 'archived_at', 'pinned_at', 'project_id', 'system_prompt']) await db.schema.alterTable('chats').dropColumn(column).execute()
      await db.schema.dropTable('projects').execute()
      await db.schema.dropTable('settings').execute()
    },
  },
  // Imports of ChatGPT, Claude and our own exports (issue 18): each runs in the background and
  // writes its progress here, so any replica can answer how it goes.
  '0010_imports': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('imports')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('filename', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('format', 'text')
        .addColumn('total_bytes', 'bigint', (col) => col.notNull())
        .addColumn('read_bytes', 'bigint', (col) => col.notNull())
        .addColumn('imported', 'integer', (col) => col.notNull())
        .addColumn('duplicates', 'integer', (col) => col.notNull())
        .addColumn('skipped', 'text', (col) => col.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute()
      await db.schema.createIndex('imports_owner').on('imports').columns(['owner_id', 'created_at']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('imports').execute()
    },
  },
  // A project's files (issue 18): their text is given to every chat of the project. Such a file
  // belongs to its project (project_id) and to no chat.
  '0011_project_files': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('files').addColumn('project_id', 'text').execute()
      await db.schema.createIndex('files_project').on('files').column('project_id').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('files_project').execute()
      await db.schema.alterTable('files').dropColumn('project_id').execute()
    },
  },
  ...operatorMigrations,
  ...scaleMigrations,
}
