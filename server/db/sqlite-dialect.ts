// Kysely's SQLite dialect, with transactions that take the write lock when they begin.
// The app's connection is not SQLite's only one: chats are deleted from a second connection in a
// worker thread (background-deletes.ts). A deferred transaction (Kysely's `begin`) that reads and
// then writes would have read a state older than the one it must write on if the worker committed
// in between, and SQLite refuses that write at once ("database is locked": its busy handler is not
// asked, as waiting could not help). `begin immediate` waits for the lock first (busy_timeout), so
// a transaction always writes on what it read.
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely'

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
}
