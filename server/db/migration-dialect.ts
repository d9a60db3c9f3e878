import { PostgresAdapter, SqliteAdapter, type Kysely } from 'kysely'

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
