// Hardening after release: changes to the schema that close a hole rather than add a feature.
import { sql, type Kysely, type Migration } from 'kysely'
import { dialectOf } from './migration-dialect.ts'

export const hardeningMigrations: Record<string, Migration> = {
  // The ids of deleted chats, never given again: a share link, a bookmark or a search result that
  // named a deleted chat must not open someone else's chat made later with the same id. A trigger
  // records them, so every way a chat goes (its Delete, Delete all, retention, an account's
  // deletion, SQLite's delete worker) is covered without each remembering to.
  '0019_retired_chat_ids': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('retired_chat_ids')
        .addColumn('id', 'text', (col) => col.primaryKey())
        // Whose it was: their own export, imported again, may bring the chat back under its id.
        .addColumn('owner_id', 'text', (col) => col.notNull())
        .addColumn('retired_at', 'bigint', (col) => col.notNull())
        .execute()
      if (dialectOf(db) === 'postgres') {
        // Once per statement: Delete all removes thousands of chats in a few statements.
        await sql`CREATE FUNCTION chats_retire_ids() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
          INSERT INTO retired_chat_ids (id, owner_id, retired_at) SELECT id, owner_id, (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM old_rows ON CONFLICT (id) DO NOTHING;
          RETURN NULL;
        END $$`.execute(db)
        await sql`CREATE TRIGGER chats_retire_ids AFTER DELETE ON chats REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chats_retire_ids()`.execute(db)
      } else {
        await sql`CREATE TRIGGER chats_retire_ids AFTER DELETE ON chats BEGIN
          INSERT OR IGNORE INTO retired_chat_ids (id, owner_id, retired_at) VALUES (old.id, old.owner_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
        END`.execute(db)
      }
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP TRIGGER chats_retire_ids${sql.raw(dialectOf(db) === 'postgres' ? ' ON chats' : '')}`.execute(db)
      if (dialectOf(db) === 'postgres') await sql`DROP FUNCTION chats_retire_ids()`.execute(db)
      await db.schema.dropTable('retired_chat_ids').execute()
    },
  },
}
