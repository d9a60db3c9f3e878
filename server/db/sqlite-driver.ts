// Which better-sqlite3 this Node runs. No single release runs on every Node we support:
// - 13 (N-API, prebuilt binaries in the package, no compiler needed) runs on Node 22 and later and
//   is the only one that works on Node 24: 12 built for Node 24.19+ aborts the process when it frees
//   a statement (nodejs/node#65446).
// - 12 is the one that still runs on Node 20 (13 crashes there), installed as `better-sqlite3-node20`.
// Both are dependencies; the one this Node cannot use is never loaded.
import { createRequire } from 'node:module'
import type SQLite from 'better-sqlite3'
import { registerSearchWords } from './search-words.ts'

export const SQLITE_DRIVER = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20'

export function loadSqliteDriver(): typeof SQLite {
  try {
    return createRequire(import.meta.url)(SQLITE_DRIVER) as typeof SQLite
  } catch (error) {
    throw new Error(`db: the SQLite driver for Node ${process.versions.node} (${SQLITE_DRIVER}) could not be loaded; run npm ci again, or set DATABASE_URL to use PostgreSQL`, { cause: error })
  }
}

/** A connection as the app uses one (the app's own, and the one deleting in a worker thread). */
export function openSqlite(path: string): SQLite.Database {
  const SQLite = loadSqliteDriver()
  const database = new SQLite(path)
  // WAL lets readers run while a writer commits; foreign keys are off by default in SQLite.
  database.pragma('journal_mode = WAL')
  // In WAL mode NORMAL syncs at checkpoints, not on every commit: a crash of the process loses
  // nothing; a power cut may lose the last commits. FULL would put an fsync in front of every
  // answer's first token (the assistant placeholder is a commit).
  database.pragma('synchronous = NORMAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  // The search index's triggers call it (server/db/search-words.ts): before any migration or write.
  registerSearchWords(database)
  return database
}
