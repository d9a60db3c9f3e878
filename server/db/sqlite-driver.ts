// Which better-sqlite3 this Node runs. No single release runs on every Node we support:
// - 13 (N-API, prebuilt binaries in the package, no compiler needed) runs on Node 22 and later and
//   is the only one that works on Node 24: 12 built for Node 24.19+ aborts the process when it frees
//   a statement (nodejs/node#65446).
// - 12 is the one that still runs on Node 20 (13 crashes there), installed as `better-sqlite3-node20`.
// Both are dependencies; the one this Node cannot use is never loaded.
import { createRequire } from 'node:module'
import type SQLite from 'better-sqlite3'

export const SQLITE_DRIVER = Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20'

export function loadSqliteDriver(): typeof SQLite {
  try {
    return createRequire(import.meta.url)(SQLITE_DRIVER) as typeof SQLite
  } catch (error) {
    throw new Error(`db: the SQLite driver for Node ${process.versions.node} (${SQLITE_DRIVER}) could not be loaded; run npm ci again, or set DATABASE_URL to use PostgreSQL`, { cause: error })
  }
}
