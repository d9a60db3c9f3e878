// Speed that does not depend on how much is stored: indexes that let one owner's lists
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
  // The admin page's users table counted and measured every message of the users shown at each
  // view (388 ms for a user with 1,000,000 messages, holding SQLite's one thread), and a visitor's
  // storage budget did the same at each message. Now each chat keeps its messages' count and bytes
  // (the bytes of their parts' JSON as stored), and each owner the sums over their chats
  // (owner_totals), all kept by triggers whatever code writes: a message changes its chat's totals,
  // which change its owner's; a chat that changes owner (a visitor signing in) moves its totals; a
  // deleted chat takes them away (its messages go after it, ON DELETE CASCADE, and then find no
  // chat to change). Reading a user's totals is one row, however much they stored.
  '0015_chat_message_totals': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('chats').addColumn('message_count', 'bigint', (col) => col.notNull().defaultTo(0)).execute()
      await db.schema.alterTable('chats').addColumn('message_bytes', 'bigint', (col) => col.notNull().defaultTo(0)).execute()
      await db.schema
        .createTable('owner_totals')
        .addColumn('owner_id', 'text', (col) => col.primaryKey())
        .addColumn('chats', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('messages', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('message_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute()
      if (dialectOf(db) === 'postgres') await postgresTotals(db)
      else await sqliteTotals(db)
      await sql`
        INSERT INTO owner_totals (owner_id, chats, messages, message_bytes)
        SELECT owner_id, count(*), sum(message_count), sum(message_bytes) FROM chats GROUP BY owner_id`.execute(db)
    },
    async down(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') {
        for (const [table, names] of Object.entries(POSTGRES_TOTALS_TRIGGERS)) {
          for (const name of names) await sql.raw(`DROP TRIGGER ${name} ON ${table}; DROP FUNCTION ${name}()`).execute(db)
        }
      } else {
        for (const name of ['messages_chat_totals_insert', 'messages_chat_totals_delete', 'messages_chat_totals_update', 'messages_chat_totals_move', 'chats_owner_totals_insert', 'chats_owner_totals_delete', 'chats_owner_totals_update', 'chats_owner_totals_move']) {
          await sql.raw(`DROP TRIGGER ${name}`).execute(db)
        }
      }
      await db.schema.dropTable('owner_totals').execute()
      await db.schema.alterTable('chats').dropColumn('message_bytes').execute()
      await db.schema.alterTable('chats').dropColumn('message_count').execute()
    },
  },
  // Answers being written are the messages in status 'streaming': a few at any time, found by
  // every start-up (settling what a crash cut), by each replica's start (answers nobody holds) and
  // by Delete all chats (answers to stop first). Without an index each read every message stored:
  // 180 ms per start with 1,000,000 messages on SQLite. A partial index holds only those few rows.
  '0016_streaming_messages': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('messages_streaming').on('messages').column('chat_id').where(sql.ref('status'), '=', sql.lit('streaming')).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('messages_streaming').execute()
    },
  },
}

/**
 * Migration 0015 on PostgreSQL. Statement triggers that read the statement's rows (transition
 * tables): an UPDATE makes a new row version, so a row trigger on a bulk insert (an import, the
 * seeding script) rewrote a chat once per message and its owner's row once per message too (a
 * million dead rows for a seeded history); here each statement changes each chat and owner once.
 */
async function postgresTotals(db: Kysely<unknown>) {
  await sql`
    UPDATE chats SET message_count = t.count, message_bytes = t.bytes
    FROM (SELECT chat_id, count(*) AS count, sum(octet_length(parts)) AS bytes FROM messages GROUP BY chat_id) AS t
    WHERE t.chat_id = chats.id`.execute(db)
  // What a statement adds to each chat (+1 and its bytes per new row, −1 and its bytes per old row),
  // given as (chat_id, count, bytes) rows; a chat the statement deleted is not there any more.
  const addToChats = (rows: string) => `
    UPDATE chats SET message_count = chats.message_count + d.count, message_bytes = chats.message_bytes + d.bytes
    FROM (SELECT chat_id, sum(count) AS count, sum(bytes) AS bytes FROM (${rows}) AS r GROUP BY chat_id) AS d
    WHERE chats.id = d.chat_id AND (d.count <> 0 OR d.bytes <> 0);`
  // The same for owners, from (owner_id, chats, messages, bytes) rows. An owner left with no chat
  // (only a deletion or a move takes chats away: `old_rows` holds their owners) has no row.
  const addToOwners = (rows: string, takesAway: boolean) => `
    INSERT INTO owner_totals AS t (owner_id, chats, messages, message_bytes)
    SELECT owner_id, sum(chats), sum(messages), sum(bytes) FROM (${rows}) AS r GROUP BY owner_id
    ON CONFLICT (owner_id) DO UPDATE SET chats = t.chats + excluded.chats, messages = t.messages + excluded.messages, message_bytes = t.message_bytes + excluded.message_bytes;
    ${takesAway ? 'DELETE FROM owner_totals WHERE chats = 0 AND owner_id IN (SELECT owner_id FROM old_rows);' : ''}`
  // An updated row that changed: its new values add, its old ones take away, in one pass over the pairs.
  const changedMessages = `SELECT x.* FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.chat_id, 1, octet_length(n.parts)), (o.chat_id, -1, -octet_length(o.parts))) AS x (chat_id, count, bytes)
    WHERE n.chat_id <> o.chat_id OR octet_length(n.parts) <> octet_length(o.parts)`
  const changedChats = `SELECT x.* FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.owner_id, 1, n.message_count, n.message_bytes), (o.owner_id, -1, -o.message_count, -o.message_bytes)) AS x (owner_id, chats, messages, bytes)
    WHERE n.owner_id <> o.owner_id OR n.message_count <> o.message_count OR n.message_bytes <> o.message_bytes`
  const triggers: Array<{ name: string; table: string; event: string; tables: string; body: string }> = [
    { name: 'messages_totals_insert', table: 'messages', event: 'INSERT', tables: 'NEW TABLE AS new_rows', body: addToChats('SELECT chat_id, 1 AS count, octet_length(parts) AS bytes FROM new_rows') },
    { name: 'messages_totals_delete', table: 'messages', event: 'DELETE', tables: 'OLD TABLE AS old_rows', body: addToChats('SELECT chat_id, -1 AS count, -octet_length(parts) AS bytes FROM old_rows') },
    {
      name: 'messages_totals_update',
      table: 'messages',
      event: 'UPDATE',
      tables: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      body: addToChats(changedMessages),
    },
    { name: 'chats_totals_insert', table: 'chats', event: 'INSERT', tables: 'NEW TABLE AS new_rows', body: addToOwners('SELECT owner_id, 1 AS chats, message_count AS messages, message_bytes AS bytes FROM new_rows', false) },
    { name: 'chats_totals_delete', table: 'chats', event: 'DELETE', tables: 'OLD TABLE AS old_rows', body: addToOwners('SELECT owner_id, -1 AS chats, -message_count AS messages, -message_bytes AS bytes FROM old_rows', true) },
    {
      name: 'chats_totals_update',
      table: 'chats',
      event: 'UPDATE',
      tables: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      body: addToOwners(changedChats, true),
    },
  ]
  for (const { name, table, event, tables, body } of triggers) {
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db)
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`).execute(db)
  }
}

/** Migration 0015's PostgreSQL triggers (each with its function of the same name). */
const POSTGRES_TOTALS_TRIGGERS = { messages: ['messages_totals_insert', 'messages_totals_delete', 'messages_totals_update'], chats: ['chats_totals_insert', 'chats_totals_delete', 'chats_totals_update'] }

/** Migration 0015 on SQLite: the same with a trigger per case (SQLite triggers have no IF). */
async function sqliteTotals(db: Kysely<unknown>) {
  const bytes = (row: 'new' | 'old') => sql.raw(`length(CAST(${row}.parts AS BLOB))`)
  await sql`
    UPDATE chats SET
      message_count = (SELECT count(*) FROM messages WHERE messages.chat_id = chats.id),
      message_bytes = (SELECT coalesce(sum(length(CAST(parts AS BLOB))), 0) FROM messages WHERE messages.chat_id = chats.id)`.execute(db)
  const triggers = [
    sql`CREATE TRIGGER messages_chat_totals_insert AFTER INSERT ON messages BEGIN
      UPDATE chats SET message_count = message_count + 1, message_bytes = message_bytes + ${bytes('new')} WHERE id = new.chat_id;
    END`,
    sql`CREATE TRIGGER messages_chat_totals_delete AFTER DELETE ON messages BEGIN
      UPDATE chats SET message_count = message_count - 1, message_bytes = message_bytes - ${bytes('old')} WHERE id = old.chat_id;
    END`,
    sql`CREATE TRIGGER messages_chat_totals_update AFTER UPDATE OF parts ON messages
    WHEN new.chat_id = old.chat_id AND ${bytes('new')} <> ${bytes('old')} BEGIN
      UPDATE chats SET message_bytes = message_bytes + ${bytes('new')} - ${bytes('old')} WHERE id = new.chat_id;
    END`,
    sql`CREATE TRIGGER messages_chat_totals_move AFTER UPDATE OF chat_id ON messages WHEN new.chat_id <> old.chat_id BEGIN
      UPDATE chats SET message_count = message_count - 1, message_bytes = message_bytes - ${bytes('old')} WHERE id = old.chat_id;
      UPDATE chats SET message_count = message_count + 1, message_bytes = message_bytes + ${bytes('new')} WHERE id = new.chat_id;
    END`,
    sql`CREATE TRIGGER chats_owner_totals_insert AFTER INSERT ON chats BEGIN
      INSERT INTO owner_totals (owner_id, chats, messages, message_bytes) VALUES (new.owner_id, 1, new.message_count, new.message_bytes)
      ON CONFLICT (owner_id) DO UPDATE SET chats = chats + 1, messages = messages + excluded.messages, message_bytes = message_bytes + excluded.message_bytes;
    END`,
    sql`CREATE TRIGGER chats_owner_totals_delete AFTER DELETE ON chats BEGIN
      UPDATE owner_totals SET chats = chats - 1, messages = messages - old.message_count, message_bytes = message_bytes - old.message_bytes WHERE owner_id = old.owner_id;
      DELETE FROM owner_totals WHERE owner_id = old.owner_id AND chats = 0;
    END`,
    sql`CREATE TRIGGER chats_owner_totals_update AFTER UPDATE OF message_count, message_bytes ON chats WHEN new.owner_id = old.owner_id BEGIN
      UPDATE owner_totals SET messages = messages + new.message_count - old.message_count, message_bytes = message_bytes + new.message_bytes - old.message_bytes
      WHERE owner_id = new.owner_id;
    END`,
    sql`CREATE TRIGGER chats_owner_totals_move AFTER UPDATE OF owner_id ON chats WHEN new.owner_id <> old.owner_id BEGIN
      UPDATE owner_totals SET chats = chats - 1, messages = messages - old.message_count, message_bytes = message_bytes - old.message_bytes WHERE owner_id = old.owner_id;
      DELETE FROM owner_totals WHERE owner_id = old.owner_id AND chats = 0;
      INSERT INTO owner_totals (owner_id, chats, messages, message_bytes) VALUES (new.owner_id, 1, new.message_count, new.message_bytes)
      ON CONFLICT (owner_id) DO UPDATE SET chats = chats + 1, messages = messages + excluded.messages, message_bytes = message_bytes + excluded.message_bytes;
    END`,
  ]
  for (const trigger of triggers) await trigger.execute(db)
}
