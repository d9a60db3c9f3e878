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
  // The creation time is in the name: a test file killed on timeout skips its teardown, and what
  // it left behind is swept by a later run once it is surely not in use any more.
  const name = `chat_t_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`
  try {
    await (swept ??= sweepLeftovers())
    // template0: concurrent CREATE DATABASE from template1 fails while anyone is connected to it.
    await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE template0`))
  } catch (error) {
    if (isUnreachable(error)) return null
    throw error
  }
  t.teardown(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
  return urlFor(name)
}

let swept: Promise<void> | undefined
const LEFTOVER_AGE_S = 3600

async function sweepLeftovers(): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname ~ '^chat_t_[0-9]+_[0-9a-f]+$'")
    const cutoff = Date.now() / 1000 - LEFTOVER_AGE_S
    for (const { datname } of rows) {
      if (Number(datname.split('_')[2]) < cutoff) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {})
    }
  })
}

function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || /timeout/i.test(String((error as Error).message))
}
