// build(t) for tests: the real app on the production build, logs captured in memory, closed on
// teardown. Needs `npm run build` first (npm test does it).
// TEST_DATABASE=postgres runs the same tests on PostgreSQL (npm test's second tap leg): each call
// gets a fresh database, except that calls of one test naming the same DATABASE_PATH file share
// one, just as they would share the SQLite file.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type AppConfig } from '../../fastify.config.ts'
import { build, type BuildOptions } from '../../server/app.ts'
import { freshPostgresUrl } from './postgres.ts'

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>
}

export async function buildApp(
  t: Test,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const database = process.env.TEST_DATABASE === 'postgres' && !env.DATABASE_URL ? { DATABASE_URL: await postgresFor(t, env.DATABASE_PATH) } : {}
  // Uploads go to a directory of this test's own unless it names one.
  let uploads: Record<string, string> = {}
  if (!env.UPLOADS_DIR) {
    const dir = mkdtempSync(join(tmpdir(), 'uploads-test-'))
    t.teardown(() => rmSync(dir, { recursive: true, force: true }))
    uploads = { UPLOADS_DIR: dir }
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SESSION_KEY: TEST_SESSION_KEY, DATABASE_PATH: ':memory:', ...uploads, ...env, ...database })
  const logs: Array<Record<string, unknown>> = []
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line))
      callback()
    },
  })
  const app = await build(config, { ...options, logStream })
  t.teardown(() => app.close())
  await app.ready()
  return { app, config, logs }
}

const sharedDatabases = new WeakMap<Test, Map<string, string>>()

async function postgresFor(t: Test, databasePath: string | undefined): Promise<string> {
  const shared = databasePath && databasePath !== ':memory:' ? sharedDatabases.get(t)?.get(databasePath) : undefined
  if (shared) return shared
  const url = await freshPostgresUrl(t)
  if (!url) throw new Error('build-app: TEST_DATABASE=postgres but PostgreSQL is not reachable')
  if (databasePath && databasePath !== ':memory:') {
    if (!sharedDatabases.has(t)) sharedDatabases.set(t, new Map())
    sharedDatabases.get(t)!.set(databasePath, url)
  }
  return url
}

/** A fixed key so sealed cookies can be made and read across app instances in a test. */
export const TEST_SESSION_KEY = '7f2c1b0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b'

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** Headers of a real browser visit (curl and inject's default user agents count as bots). */
export const browser = { 'user-agent': BROWSER_UA, accept: 'text/html' }
