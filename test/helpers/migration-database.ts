// A database of one dialect with the migrator, for tests that fill it as an older version left it
// and then migrate: SQLite in memory, or a PostgreSQL database of its own (null when none answers).
import { Migrator, type Kysely } from 'kysely'
import type { Test } from 'tap'
import { createDatabase } from '../../server/plugins/db.ts'
import { migrations } from '../../server/db/migrations.ts'
import { withPostgres } from './postgres-dialects.ts'

export async function migrationDatabase(t: Test, dialect: 'sqlite' | 'postgres'): Promise<{ db: Kysely<unknown>; migrator: Migrator } | null> {
  let databaseUrl: string | undefined
  if (dialect === 'postgres') {
    const url = await withPostgres(t)
    if (!url) return null
    databaseUrl = url
  }
  const { db } = await createDatabase({ databaseUrl, databasePath: ':memory:' })
  t.teardown(() => db.destroy())
  return { db: db as unknown as Kysely<unknown>, migrator: new Migrator({ db, provider: { getMigrations: async () => migrations } }) }
}
