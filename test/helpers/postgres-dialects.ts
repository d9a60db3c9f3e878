// Tests on PostgreSQL: a fresh database per test, dropped on teardown. The server is the local one
// (127.0.0.1:5432, trust auth, CI has it); POSTGRES_ADMIN_URL points elsewhere.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Test } from 'tap'
import { buildApp, type TestApp } from './build-app.ts'

const ADMIN_URLS = process.env.POSTGRES_ADMIN_URL
  ? [process.env.POSTGRES_ADMIN_URL]
  : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test']

async function connectAdmin(): Promise<{ client: pg.Client; url: string } | { error: Error }> {
  let last: Error = new Error('no admin URL')
  for (const url of ADMIN_URLS) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 })
    try {
      await client.connect()
      return { client, url }
    } catch (error) {
      last = error as Error
      await client.end().catch(() => {})
    }
  }
  return { error: last }
}

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

/** An empty database of its own, or null when no PostgreSQL server answers (said loudly on `t`). */
export async function createTestDatabase(t: Test): Promise<TestDatabase | null> {
  const admin = await connectAdmin()
  if ('error' in admin) {
    t.comment(`!!! PostgreSQL unreachable (${admin.error.message}): the PostgreSQL runs of this test are SKIPPED !!!`)
    return null
  }
  const name = `chat_test_${randomBytes(6).toString('hex')}`
  try {
    await admin.client.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.client.end()
  }
  const url = new URL(admin.url)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const again = await connectAdmin()
      if ('error' in again) throw again.error
      try {
        // FORCE: nothing should still be connected, but a leak must not leave the database behind.
        await again.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await again.client.end()
      }
    },
  }
}

export type Dialect = 'sqlite' | 'postgres'
export const DIALECTS: Dialect[] = ['sqlite', 'postgres']

/**
 * DATABASE_URL of a fresh database dropped on teardown, or null when PostgreSQL is unreachable.
 * Call it before buildApp: tap runs teardowns last-added first, so the app closes its pool before
 * the database goes.
 */
export async function withPostgres(t: Test): Promise<string | null> {
  const database = await createTestDatabase(t)
  if (!database) return null
  t.teardown(() => database.drop())
  return database.url
}

/** buildApp on `dialect`: SQLite in memory, or PostgreSQL in a fresh database. Null when PostgreSQL is unreachable. */
export async function buildAppOn(t: Test, dialect: Dialect, env: Record<string, string> = {}): Promise<TestApp | null> {
  if (dialect === 'sqlite') return buildApp(t, env)
  const url = await withPostgres(t)
  return url ? buildApp(t, { ...env, DATABASE_URL: url }) : null
}
