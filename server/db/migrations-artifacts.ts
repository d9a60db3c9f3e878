// Artifacts: what an answer makes beside the chat (shared/artifacts.ts), one row per version.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from './migration-dialect.ts'

export const artifactMigrations: Record<string, Migration> = {
  // A version is never overwritten: an edit is a new row. Each row hangs off its chat and off the
  // message it belongs to (ON DELETE CASCADE on both), so every way a chat or a message goes (its
  // Delete, Delete all, retention, an account's deletion, deleting a branch, SQLite's delete worker)
  // takes its versions with it without each remembering to. Their bytes count in the chat's
  // message_bytes (triggers below), which the owner's totals already follow: the anonymous storage
  // cap and the admin page's totals count artifacts with no change of theirs, and a chat that moves
  // owner (sign-in) moves them too.
  '0020_artifacts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('artifacts')
        .addColumn('artifact_id', 'text', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('language', 'text')
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('author', 'text', (col) => col.notNull())
        .addColumn('bytes', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('artifacts_pk', ['artifact_id', 'version'])
        .execute()
      // A chat's list reads every version's (artifact, version, message) of the chat, never their content.
      await db.schema.createIndex('artifacts_chat').on('artifacts').columns(['chat_id', 'artifact_id', 'version']).execute()
      // Deleting a message looks its versions up by it (without this, each deleted message read the whole table).
      await db.schema.createIndex('artifacts_message').on('artifacts').column('message_id').execute()
      if (dialectOf(db) === 'postgres') await postgresBytes(db)
      else await sqliteBytes(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        for (const name of POSTGRES_TRIGGERS) await sql.raw(`DROP TRIGGER ${name} ON artifacts; DROP FUNCTION ${name}()`).execute(db)
      } else {
        for (const name of SQLITE_TRIGGERS) await sql.raw(`DROP TRIGGER ${name}`).execute(db)
      }
      await db.schema.dropTable('artifacts').execute()
    },
  },
}

const POSTGRES_TRIGGERS = ['artifacts_bytes_insert', 'artifacts_bytes_delete', 'artifacts_bytes_update']
const SQLITE_TRIGGERS = ['artifacts_chat_bytes_insert', 'artifacts_chat_bytes_delete', 'artifacts_chat_bytes_update']

/** Statement triggers reading the statement's rows, as migration 0015's: each chat changes once per statement. */
async function postgresBytes(db: Kysely<unknown>) {
  const addToChats = (rows: string) => `
    UPDATE chats SET message_bytes = chats.message_bytes + d.bytes
    FROM (SELECT chat_id, sum(bytes) AS bytes FROM (${rows}) AS r GROUP BY chat_id) AS d
    WHERE chats.id = d.chat_id AND d.bytes <> 0;`
  const bodies: Record<string, { event: string; tables: string; body: string }> = {
    artifacts_bytes_insert: { event: 'INSERT', tables: 'NEW TABLE AS new_rows', body: addToChats('SELECT chat_id, bytes FROM new_rows') },
    artifacts_bytes_delete: { event: 'DELETE', tables: 'OLD TABLE AS old_rows', body: addToChats('SELECT chat_id, -bytes AS bytes FROM old_rows') },
    artifacts_bytes_update: {
      event: 'UPDATE',
      tables: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      body: addToChats('SELECT chat_id, bytes FROM new_rows UNION ALL SELECT chat_id, -bytes AS bytes FROM old_rows'),
    },
  }
  for (const [name, { event, tables, body }] of Object.entries(bodies)) {
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db)
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON artifacts REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db)
  }
}

async function sqliteBytes(db: Kysely<unknown>) {
  await sql`CREATE TRIGGER artifacts_chat_bytes_insert AFTER INSERT ON artifacts BEGIN
    UPDATE chats SET message_bytes = message_bytes + new.bytes WHERE id = new.chat_id;
  END`.execute(db)
  await sql`CREATE TRIGGER artifacts_chat_bytes_delete AFTER DELETE ON artifacts BEGIN
    UPDATE chats SET message_bytes = message_bytes - old.bytes WHERE id = old.chat_id;
  END`.execute(db)
  await sql`CREATE TRIGGER artifacts_chat_bytes_update AFTER UPDATE OF bytes, chat_id ON artifacts BEGIN
    UPDATE chats SET message_bytes = message_bytes - old.bytes WHERE id = old.chat_id;
    UPDATE chats SET message_bytes = message_bytes + new.bytes WHERE id = new.chat_id;
  END`.execute(db)
}
