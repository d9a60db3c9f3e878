// Kysely's SQLite dialect with a driver of our own, for a database that is not the app's alone: chats
// are deleted from a second connection in a worker thread (background-deletes.ts), and now and then
// one of its statements holds SQLite's write lock for a few hundred milliseconds (FTS5 merging its
// big segments). Two things change from Kysely's driver:
// - Transactions begin immediate. A deferred one (Kysely's `begin`) that read and then wrote would
//   have read a state older than the one it must write on if the worker committed in between, and
//   SQLite refuses that write at once ("database is locked", its busy handler not asked, as waiting
//   could not help). `begin immediate` takes the write lock first, so a transaction writes on what
//   it read.
// - A statement that finds the database locked waits with timers, not in SQLite's busy handler
//   (busy_timeout), which sleeps inside the call and so held the whole event loop: every request and
//   every answer streaming waited for the worker's statement (486 ms once, bench README). The
//   connection is still used by one query at a time; the others queue behind it.
import { setTimeout as sleep } from 'node:timers/promises'
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely'
import type { Statement } from 'better-sqlite3'

/** What the driver needs of the database: the app's statement cache (plugins/db.ts) or better-sqlite3. */
export interface SqliteDatabase {
  prepare(sql: string): Statement
  close(): void
}

/** How long a statement waits for the lock before it fails with SQLITE_BUSY (busy_timeout was 5 s). */
export const LOCKED_WAIT_MS = 10_000
/** The pause between two tries (SQLite's own busy handler starts at 1 ms and grows to 100). */
const LOCKED_RETRY_MS = 2

function isLocked(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  // Not SQLITE_BUSY_SNAPSHOT: a transaction's stale snapshot stays stale however long it waits.
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY'
}

class WaitingConnection implements DatabaseConnection {
  readonly #database: SqliteDatabase

  constructor(database: SqliteDatabase) {
    this.#database = database
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = performance.now()
    for (;;) {
      try {
        return this.#run<R>(query)
      } catch (error) {
        if (!isLocked(error) || performance.now() - started >= LOCKED_WAIT_MS) throw error
        await sleep(LOCKED_RETRY_MS)
      }
    }
  }

  #run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#database.prepare(sql)
    if (statement.reader) return { rows: statement.all(parameters) as R[] }
    const { changes, lastInsertRowid } = statement.run(parameters)
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    // The app never iterates a query (plugins/db.ts keeps every statement for reuse).
    throw new Error('db: streaming a query is not supported on SQLite')
  }
}

class WaitingSqliteDriver implements Driver {
  readonly #database: SqliteDatabase
  readonly #connection: WaitingConnection
  /** SQLite here is one connection: a query or a transaction holds it until released. */
  #held: Promise<void> | undefined
  #release: (() => void) | undefined

  constructor(database: SqliteDatabase) {
    this.#database = database
    this.#connection = new WaitingConnection(database)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.#held) await this.#held
    this.#held = new Promise((resolve) => (this.#release = resolve))
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#held = undefined
    this.#release = undefined
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy(): Promise<void> {
    this.#database.close()
  }
}

export class WaitingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase

  constructor(database: SqliteDatabase) {
    super({ database: database as never })
    this.#database = database
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.#database)
  }
}
