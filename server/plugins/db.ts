// The database: SQLite through better-sqlite3 by default (a file under ./data), or
// PostgreSQL when DATABASE_URL is set. Migrations run at start-up; /readyz checks both.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import fp from 'fastify-plugin'
import type pg from 'pg'
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely'
import type { AppConfig } from '../../fastify.config.ts'
import type { Database } from '../db/schema.ts'
import { migrations } from '../db/migrations.ts'
import { openSqlite } from '../db/sqlite-driver.ts'
import { WaitingSqliteDialect } from '../db/sqlite-dialect.ts'
import { startBackgroundDeletes } from '../db/background-deletes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    dbDialect: 'sqlite' | 'postgres'
    /** The PostgreSQL pool (for metrics); null on SQLite. */
    dbPool: pg.Pool | null
  }
}

/**
 * The database from the configuration. `pg` is loaded only when DATABASE_URL is set: a SQLite
 * process does not carry the PostgreSQL client's code (a few MB of memory per process).
 */
export async function createDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>,
  onConnectionError: (error: Error) => void = () => {},
): Promise<{
  db: Kysely<Database>
  dialect: 'sqlite' | 'postgres'
  pool?: pg.Pool
}> {
  if (config.databaseUrl) {
    const { default: pg } = await import('pg')
    // BIGINT columns hold millisecond timestamps: read them as numbers, not strings.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 })
    // A client whose server went away (restart, failover) emits 'error'; with no listener that is
    // an uncaught exception and ends the process. The pool listens only while a client is idle, so
    // each client gets a listener of its own for the moments it is checked out between two queries
    // (reported there, once; the pool's 'error' repeats it for idle clients). A broken client is not
    // queryable, so the pool drops it on release; the next query opens a new connection.
    pool.on('connect', (client) => client.on('error', onConnectionError))
    pool.on('error', () => {})
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', pool }
  }
  if (config.databasePath !== ':memory:') mkdirSync(dirname(config.databasePath), { recursive: true })
  const database = openSqlite(config.databasePath)
  // A statement that finds the file locked (by the delete worker's connection) fails at once and
  // waits with timers instead (sqlite-dialect.ts): SQLite's busy handler would sleep in the event loop.
  database.pragma('busy_timeout = 0')
  return { db: new Kysely<Database>({ dialect: new WaitingSqliteDialect(withStatementCache(database)) }), dialect: 'sqlite' }
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw new Error(`db: migration failed: ${(error as Error).message}`, { cause: error })
  return results ?? []
}

export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name)
}

export default fp(
  async function database(app, options: { config: AppConfig }) {
    const { db, dialect, pool } = await createDatabase(options.config, (error) => app.log.warn({ err: error }, 'db: a PostgreSQL connection was lost'))
    app.decorate('db', db)
    app.decorate('dbDialect', dialect)
    app.decorate('dbPool', pool ?? null)
    if (pool) {
      app.metrics.onScrape(() => {
        app.metrics.dbPool.set({ state: 'total' }, pool.totalCount)
        app.metrics.dbPool.set({ state: 'idle' }, pool.idleCount)
        app.metrics.dbPool.set({ state: 'waiting' }, pool.waitingCount)
      })
    }
    // Deleting chats holds a thread of its own on a SQLite file (background-deletes.ts).
    const deletes = dialect === 'sqlite' && options.config.databasePath !== ':memory:' ? startBackgroundDeletes(db, options.config.databasePath) : null
    app.addHook('onClose', async () => {
      await deletes?.close()
      await db.destroy()
    })
    const applied = await migrateToLatest(db)
    for (const result of applied) app.log.info({ migration: result.migrationName, status: result.status }, 'db: migration')
    app.readinessChecks.set('database', async () => {
      await sql`select 1`.execute(db)
      const pending = await pendingMigrations(db)
      if (pending.length) throw new Error(`pending migrations: ${pending.join(', ')}`)
      return `${dialect} reachable, migrations applied`
    })
  },
  { name: 'db', dependencies: ['metrics'] },
)

/** Prepared statements kept, by SQL text (least recently used out first). */
const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query anew; preparing was 4 % of a chat page's server render (a CPU
 * profile). A statement is reusable once it has run, and the app never iterates one
 * (Kysely's stream()), so each SQL text keeps its statement.
 */
function withStatementCache(database: import('better-sqlite3').Database) {
  const statements = new Map<string, import('better-sqlite3').Statement>()
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql)
      if (statement) {
        statements.delete(sql)
      } else {
        statement = database.prepare(sql)
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!)
      }
      statements.set(sql, statement)
      return statement
    },
  }
}
