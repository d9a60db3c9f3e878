// `npm run db:migrate`: applies pending migrations to the configured database and exits. The server
// also migrates at start-up; this is for running it as a separate deployment step.
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ConfigError, loadConfig, type AppConfig } from '../fastify.config.ts'
import { createDatabase, migrateToLatest } from './plugins/db.ts'

export async function migrate(config: Pick<AppConfig, 'databaseUrl' | 'databasePath'>): Promise<string[]> {
  const { db } = await createDatabase(config)
  try {
    const results = await migrateToLatest(db)
    return results.map((result) => `${result.migrationName}: ${result.status}`)
  } finally {
    await db.destroy()
  }
}

/** Prints what was applied; exits non-zero on failure. */
export async function runFromCli(): Promise<void> {
  try {
    // loadConfig() reads the environment (fastify.config.ts is the one place that does).
    const applied = await migrate(loadConfig())
    console.log(applied.length ? applied.join('\n') : 'db: no pending migrations')
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  }
}

// Run directly (`node dist/node/server/migrate.js`) as well as through `npm run db:migrate`.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) await runFromCli()
