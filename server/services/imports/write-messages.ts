// Writes an imported chat's messages from the import's worker thread (read-export-worker.ts), on a
// connection of its own to the app's SQLite file. better-sqlite3 is synchronous: on the app's
// thread every INSERT held every request while SQLite ran the search index's triggers for its rows
// (a row of 50 KB of text takes about 6 ms; 10 such rows, the smallest statement, held requests
// 60–70 ms, and a first statement of 50 of them 267 ms; a line of 125,000 short messages held the
// loop 3.6 s in all, in pieces of up to 35 ms when FTS5 merged its segments). Here they hold only
// SQLite's write lock: reads go on meanwhile (WAL), and the app's own writes wait for the lock
// with timers (sqlite-dialect.ts), never in its thread.
//
// The rows go in transactions of about TRANSACTION_MS each, with a pause after each commit so that
// a write of the app's that found the lock taken gets it (its retries come every 2 ms; without the
// pause the next BEGIN IMMEDIATE would take the lock again at once, and the app's write would wait
// until the whole chat was written). One prepared statement for every row: no SQL is built per batch.
import { setTimeout as sleep } from 'node:timers/promises'
import { openSqlite } from '../../db/sqlite-driver.ts'
import type { PlannedMessage } from './plan-imported.ts'

/** How long one transaction of the import may hold SQLite's write lock (the app's writes wait that long at most). */
export const TRANSACTION_MS = 40
/** The pause after each commit, for the app's writes that wait for the lock. */
export const PAUSE_MS = 5
/** WAL pages after which this connection's commit checkpoints (the app's connection: SQLite's default, 1,000). */
const CHECKPOINT_PAGES = 100
/** Tries of BEGIN IMMEDIATE (each waits busy_timeout, 5 s) while another connection holds a long write. */
const BUSY_TRIES = 4

export interface MessageWriter {
  /** Writes `messages` into the chat `chatId`, in order (seq 0, 1, …). Throws on any failure; rows already committed stay (the caller deletes the chat). */
  write(chatId: string, messages: PlannedMessage[]): Promise<void>
  close(): void
}

export function openMessageWriter(path: string, { transactionMs = TRANSACTION_MS, pauseMs = PAUSE_MS } = {}): MessageWriter {
  const database = openSqlite(path)
  // SQLite copies the WAL back into the database (a checkpoint, with an fsync) in whichever
  // connection commits once the WAL has passed its threshold (1,000 pages): what this connection
  // writes would otherwise be checkpointed now and then by the app's next commit, on the app's
  // thread. This one checkpoints at a tenth of that, so the WAL seldom reaches the app's threshold
  // (measured on a busy machine: the app's writes during an import took up to 45 ms instead of 82;
  // noisy, one run each).
  database.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`)
  const insert = database.prepare(
    `INSERT INTO messages (id, chat_id, seq, parent_id, shown, role, parts, status, usage, model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'complete', NULL, ?, ?)`,
  )
  const begin = database.prepare('BEGIN IMMEDIATE')
  const commit = database.prepare('COMMIT')
  const rollback = database.prepare('ROLLBACK')

  function beginWrite() {
    for (let tried = 1; ; tried++) {
      try {
        begin.run()
        return
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || tried === BUSY_TRIES) throw error
      }
    }
  }

  return {
    async write(chatId, messages) {
      let seq = 0
      while (seq < messages.length) {
        beginWrite()
        const began = performance.now()
        try {
          do {
            const message = messages[seq]!
            insert.run(message.id, chatId, seq, message.parentId, message.shown, message.role, message.parts, message.model, message.createdAt)
            seq++
          } while (seq < messages.length && performance.now() - began < transactionMs)
          commit.run()
        } catch (error) {
          if (database.inTransaction) rollback.run()
          throw error
        }
        await sleep(pauseMs)
      }
    },
    close() {
      database.close()
    },
  }
}
