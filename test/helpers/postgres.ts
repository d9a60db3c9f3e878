// PostgreSQL for tests: one throwaway database per test (or per shared key within a test), made
// from the `test` database of a local server and dropped on teardown. CI runs on a machine with
// PostgreSQL; a fresh machine may not have it, so callers get null and decide what to do.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Test } from 'tap'

/** The maintenance connection; TEST_POSTGRES_URL overrides it (tests may read env, the app may not). */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  // A server that goes away mid-test must fail the test, not crash the process.
  client.on('error', () => {})
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end().catch(() => {})
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin((client) => client.query('select 1'))
    return true
  } catch {
    return false
  }
}

function urlFor(database: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * A new empty database for this test, dropped (connections and all) when the test ends; null when
 * PostgreSQL is not reachable. Call it before building the app that uses it: tap runs teardowns
 * last-in first-out, so the app closes its pool before the database is dropped under it.
 */
export async function freshPostgresUrl(t: Test): Promise<string | null> {
  const name = `chat_t_${randomBytes(6).toString('hex')}`
  try {
    // template0: concurrent CREATE DATABASE from template1 fails while anyone is connected to it.
    await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE template0`))
  } catch (error) {
    if (isUnreachable(error)) return null
    throw error
  }
  t.teardown(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
  return urlFor(name)
}

function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || /timeout/i.test(String((error as Error).message))
}
