// Big histories benchmark: `npm run bench:history`.
//
// Does what a user does cost the same whether they have 100 chats or 10,000? In one run, on one
// database, two owners seeded with scripts/seed-history.ts:
//   small  100 chats, 10,000 messages
//   big    BENCH_CHATS chats (default 10,000) with BENCH_MESSAGES messages (default 1,000,000)
// measured through the app's HTTP API (in process, app.inject), each as the median of BENCH_RUNS
// requests taken in turn: the sidebar's first page, a page in the middle of the history (paging),
// full-text search for a rare word, a common word and the start of one (typing), opening a chat of
// 100 messages (the API payload and the server-rendered page). Then: how long deleting a chat of
// 1,000 messages holds the event loop (better-sqlite3 is synchronous: nothing else runs meanwhile),
// one written before the history and one just written; the query plans of the statements those
// requests ran (EXPLAIN QUERY PLAN / EXPLAIN), how long the app takes to start on the full database
// against an empty one (SQLite), and how much memory exporting the big history (GET /api/export,
// streamed) takes. Only ratios measured in one run mean anything. Timings are reported, never
// asserted. Writes the figures as JSON to BENCH_JSON (default /tmp/bench-history.json).
//
// Environment: BENCH_RUNS (default 30), BENCH_CHATS, BENCH_MESSAGES, BENCH_DATABASE_URL (a
// PostgreSQL database to use instead of a new SQLite file; its tables are made by the migrations).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { SQLITE_DRIVER } from '../../server/db/sqlite-driver.ts'
import { seedHistory } from '../seed-history.ts'
import { positiveIntEnv } from './bench-app.ts'

const RUNS = positiveIntEnv('BENCH_RUNS', 30)
const BIG = { chats: positiveIntEnv('BENCH_CHATS', 10_000), messages: positiveIntEnv('BENCH_MESSAGES', 1_000_000) }
const SMALL = { chats: 100, messages: 10_000 }
const POSTGRES = process.env.BENCH_DATABASE_URL
const HEADERS = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }

// ---------------------------------------------------------------------------------------------
// The statements each request runs, caught at the driver, for their query plans.

type Caught = { sql: string; params: unknown[] }
let catching: Caught[] | null = null
function catchStatements() {
  if (POSTGRES) {
    const pg = createRequire(import.meta.url)('pg') as typeof import('pg')
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
      if (catching) catching.push(typeof first === 'string' ? { sql: first, params: second ?? [] } : { sql: first.text, params: first.values ?? [] })
      return query.apply(this, args)
    } as never
    return
  }
  const SQLite = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof import('better-sqlite3')
  const prepare = SQLite.prototype.prepare
  SQLite.prototype.prepare = function (this: import('better-sqlite3').Database, sql: string) {
    // Caught when run, not when prepared: the app keeps its prepared statements (plugins/db.ts), so
    // a statement the small owner's request prepared runs again for the big owner's.
    const statement = prepare.call(this, sql)
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = (statement as unknown as Record<string, (...params: unknown[]) => unknown>)[method]!
      ;(statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        catching?.push({ sql, params })
        return original.apply(statement, params)
      }
    }
    return statement
  } as never
}

async function planOf(app: FastifyInstance, caught: Caught): Promise<string> {
  if (POSTGRES) {
    const pool = (app as unknown as { dbPool?: import('pg').Pool }).dbPool
    const { Pool } = createRequire(import.meta.url)('pg') as typeof import('pg')
    const own = pool ?? new Pool({ connectionString: POSTGRES, max: 1 })
    const result = await own.query(`EXPLAIN ${caught.sql}`, caught.params)
    if (!pool) await own.end()
    return result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
  }
  const SQLite = createRequire(import.meta.url)(SQLITE_DRIVER) as typeof import('better-sqlite3')
  const database = new SQLite(databasePath!, { readonly: true })
  try {
    const rows = database.prepare(`EXPLAIN QUERY PLAN ${caught.sql}`).all(...(caught.params as never[])) as Array<{ detail: string }>
    return rows.map((row) => row.detail).join('\n')
  } finally {
    database.close()
  }
}

// ---------------------------------------------------------------------------------------------

let databasePath: string | null = null

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * How long the event loop was held while `work` ran: the gaps between the turns of a 1 ms timer
 * (longest and 99th percentile). monitorEventLoopDelay reported 1 ms here for a deletion that kept a
 * real server from answering for 9.8 s. Garbage collections meanwhile are listed apart (the longest,
 * and how much of the longest gap they were): a pause of V8's is not SQLite's nor the work's own code.
 */
async function holdsWhile<T>(work: () => Promise<T>): Promise<{ result: T; totalMs: number; longestMs: number; p99Ms: number; longestGcMs: number; gcInLongestMs: number; gcCount: number }> {
  const gaps: Array<{ from: number; to: number }> = []
  const collections: Array<{ from: number; to: number }> = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push({ from: entry.startTime, to: entry.startTime + entry.duration })
  })
  observer.observe({ entryTypes: ['gc'] })
  let lastTurn = performance.now()
  const ticker = setInterval(() => {
    const now = performance.now()
    gaps.push({ from: lastTurn, to: now })
    lastTurn = now
  }, 1)
  const start = performance.now()
  const result = await work()
  const totalMs = performance.now() - start
  // The timer's next turn records a hold that lasted until now.
  await new Promise((resolve) => setTimeout(resolve, 20))
  clearInterval(ticker)
  // Entries are delivered after the turn they happened in.
  await new Promise((resolve) => setImmediate(resolve))
  observer.disconnect()
  const lengths = gaps.map((gap) => gap.to - gap.from).sort((a, b) => a - b)
  const longest = gaps.reduce((best, gap) => (gap.to - gap.from > best.to - best.from ? gap : best), { from: 0, to: 0 })
  const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) => Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from))
  return {
    result,
    totalMs,
    longestMs: lengths.at(-1) ?? 0,
    p99Ms: lengths[Math.floor(lengths.length * 0.99)] ?? 0,
    longestGcMs: Math.max(0, ...collections.map((gc) => gc.to - gc.from)),
    gcInLongestMs: collections.reduce((sum, gc) => sum + overlap(gc, longest), 0),
    gcCount: collections.length,
  }
}

/** Median milliseconds from build() to ready for each configuration, taken in turn. */
async function startupTimes(configs: Record<'full' | 'empty', ReturnType<typeof loadConfig>>): Promise<Record<'full' | 'empty', number>> {
  const times: Record<'full' | 'empty', number[]> = { full: [], empty: [] }
  for (let run = 0; run < 6; run++) {
    for (const which of ['empty', 'full'] as const) {
      const start = performance.now()
      const started = await build(configs[which], { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
      await started.ready()
      // The first round warms what any start loads once (modules, the driver): not counted.
      if (run > 0) times[which].push(performance.now() - start)
      await started.close()
    }
  }
  return { full: median(times.full), empty: median(times.empty) }
}

async function owner(app: FastifyInstance, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: HEADERS, payload: { email, password: 'history bench 2026 password' } })
  if (res.statusCode !== 201) throw new Error(`sign-up ${email}: ${res.statusCode} ${res.body}`)
  const cookie = String(res.headers['set-cookie']).split(';')[0]!
  const { id } = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  return { id, cookie }
}

async function main() {
  catchStatements()
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'))
  databasePath = POSTGRES ? null : join(dir, 'history.db')
  const database = POSTGRES ? { DATABASE_URL: POSTGRES } : { DATABASE_PATH: databasePath! }
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_KEY: randomBytes(32).toString('hex'), UPLOADS_DIR: join(dir, 'uploads') }
  const config = loadConfig({ ...env, ...database })
  const app = await build(config, { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
  await app.ready()
  const suffix = randomBytes(3).toString('hex')
  try {
    const small = await owner(app, `small-${suffix}@example.com`)
    const big = await owner(app, `big-${suffix}@example.com`)
    // An administrator, for the admin page's row of each owner.
    const admin = await owner(app, `admin-${suffix}@example.com`)
    await app.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute()
    // A chat of 1,000 messages written before the rest of the big history (its search rows long
    // since merged by FTS5 with the rows written after them), deleted at the end.
    const [longLived] = await seedHistory(app.db, big.id, { chats: 1, messages: 1000, idPrefix: `l${suffix}`, now: Date.now() - 3 * 365 * 86_400_000 })
    const seedStart = performance.now()
    const smallIds = await seedHistory(app.db, small.id, { ...SMALL, idPrefix: `s${suffix}` })
    const bigIds = await seedHistory(app.db, big.id, { ...BIG, idPrefix: `b${suffix}`, onProgress: (written) => process.stderr.write(`\r· seeded ${written.toLocaleString('en')} of ${BIG.messages.toLocaleString('en')} messages`) })
    const seedSeconds = (performance.now() - seedStart) / 1000
    process.stderr.write('\n')
    // Statistics as a long-running database would have them (both planners use them); on PostgreSQL
    // also vacuumed, as autovacuum keeps it (the chats' totals rewrote each seeded chat once).
    await (POSTGRES ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(app.db)

    const get = async (who: { cookie: string }, url: string) => {
      const res = await app.inject({ url, headers: { cookie: who.cookie, 'user-agent': 'Mozilla/5.0 Chrome/131' } })
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
      return res
    }
    // A chat of 100 messages in each history (the big one's chats hold 100 each by default).
    const openId = (ids: string[]) => ids[Math.floor(ids.length / 2)]!
    // The cursor of the page in the middle of the history: pages are followed to there once.
    async function middleCursor(who: { cookie: string }, chats: number) {
      let cursor: string | null = null
      for (let seen = 0; seen < chats / 2; ) {
        const body: { chats: unknown[]; nextCursor: string | null } = (await get(who, `/api/chats?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json()
        seen += body.chats.length
        cursor = body.nextCursor
        if (!cursor) break
      }
      return cursor!
    }
    const cursors = { small: await middleCursor(small, SMALL.chats), big: await middleCursor(big, BIG.chats) }
    const tasks = {
      'sidebar first page': (who: 'small' | 'big') => `/api/chats`,
      'a page in the middle': (who: 'small' | 'big') => `/api/chats?cursor=${encodeURIComponent(cursors[who])}`,
      'search, a rare word': () => `/api/chats/search?q=topic123`,
      'search, a common word': () => `/api/chats/search?q=garden`,
      // The start of that word, as the palette searches while it is typed: read as a prefix.
      'search, a word being typed': () => `/api/chats/search?q=gard`,
      'open a chat (API)': (who: 'small' | 'big') => `/api/chats/${openId(who === 'small' ? smallIds : bigIds)}`,
      'open a chat (page)': (who: 'small' | 'big') => `/chat/${openId(who === 'small' ? smallIds : bigIds)}`,
      // Asked by the administrator: the owner's chats, messages and storage in the users table.
      'admin: the owner in the users table': (who: 'small' | 'big') => `/api/admin/users?q=${who}-${suffix}`,
    }
    const who = { small, big }
    const timings: Record<string, { small: number[]; big: number[] }> = Object.fromEntries(Object.keys(tasks).map((name) => [name, { small: [], big: [] }]))
    const plans: Record<string, string[]> = {}
    for (let run = 0; run < RUNS + 3; run++) {
      for (const [name, url] of Object.entries(tasks)) {
        for (const side of ['small', 'big'] as const) {
          if (run === 0 && side === 'big') catching = []
          const start = performance.now()
          await get(name.startsWith('admin') ? admin : who[side], url(side))
          const took = performance.now() - start
          if (catching) {
            plans[name] = await Promise.all(catching.filter((caught) => /^\s*(select|with)/i.test(caught.sql)).map(async (caught) => `${caught.sql.replace(/\s+/g, ' ').slice(0, 400)}\n  → ${(await planOf(app, caught)).replace(/\n/g, '\n    ')}`))
            catching = null
          }
          if (run >= 3) timings[name]![side].push(took)
        }
      }
    }

    // Deleting a chat of 1,000 messages: the longest the event loop was held meanwhile. First the
    // one written before the history, then one written just now: the first writes after a burst
    // of them also do FTS5's merging of the segments the burst wrote (SQLite).
    const deleteChat = async (chatId: string) => {
      const { result: removed, totalMs, longestMs, gcInLongestMs } = await holdsWhile(() =>
        app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: { cookie: big.cookie, 'sec-fetch-site': 'same-origin' } }),
      )
      if (removed.statusCode !== 204 && removed.statusCode !== 200) throw new Error(`DELETE: ${removed.statusCode} ${removed.body}`)
      return { totalMs, eventLoopHeldMs: longestMs, gcInLongestMs }
    }
    const deleteOld = await deleteChat(longLived!)
    const doomed = await seedHistory(app.db, big.id, { chats: 1, messages: 1000, idPrefix: `d${suffix}` })
    const { totalMs: deleteMs, eventLoopHeldMs: blockedMs, gcInLongestMs: blockedGcMs } = await deleteChat(doomed[0]!)

    // Start-up (SQLite): another app on this database, full, against one on an empty database, taken
    // in turn; from build() to ready (migrations checked, answers a crash cut settled, plugins up).
    const startup = POSTGRES ? null : await startupTimes({ full: loadConfig({ ...env, ...database }), empty: loadConfig({ ...env, DATABASE_PATH: join(dir, 'empty.db') }) })

    // Exporting the big history (GET /api/export) through a real socket, read as it comes and
    // thrown away: how much the process's memory grows meanwhile.
    await app.listen({ host: '127.0.0.1', port: 0 })
    const port = (app.server.address() as import('node:net').AddressInfo).port
    // The JavaScript heap and buffers, not RSS: RSS keeps what seeding freed, so it would hide growth.
    const inUse = () => {
      const usage = process.memoryUsage()
      return usage.heapUsed + usage.arrayBuffers
    }
    // What the export holds on to, not what it has allocated and the collector has not taken back
    // yet: every 250 ms a full collection (node --expose-gc, as `npm run bench:history` starts it),
    // then a reading. Without the flag only the peak of all allocations is known.
    global.gc?.()
    const memoryBefore = inUse()
    let memoryPeak = memoryBefore
    let retainedPeak = memoryBefore
    const sampler = setInterval(() => (memoryPeak = Math.max(memoryPeak, inUse())), 20)
    const collector = global.gc
      ? setInterval(() => {
          global.gc!()
          retainedPeak = Math.max(retainedPeak, inUse())
        }, 250)
      : undefined
    const exportStart = performance.now()
    const response = await fetch(`http://127.0.0.1:${port}/api/export`, { headers: { cookie: big.cookie } })
    let exportBytes = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) exportBytes += chunk.length
    const exportSeconds = (performance.now() - exportStart) / 1000
    clearInterval(sampler)
    clearInterval(collector)

    // Delete all chats (Settings) of the big history: the longest the event loop was held meanwhile
    // (on SQLite, what every other request waited at most). The export just before left hundreds of
    // MB of garbage: collected first, so that its collection is not counted as the delete's.
    global.gc?.()
    const deletedAll = await holdsWhile(() =>
      app.inject({ method: 'DELETE', url: '/api/chats', headers: { cookie: big.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' }, payload: { confirm: 'delete all chats' } }),
    )
    if (deletedAll.result.statusCode !== 200) throw new Error(`DELETE /api/chats: ${deletedAll.result.statusCode} ${deletedAll.result.body}`)
    const deleteAll = {
      chats: (deletedAll.result.json() as { deleted: number }).deleted,
      totalMs: deletedAll.totalMs,
      eventLoopHeldMs: deletedAll.longestMs,
      eventLoopHeldP99Ms: deletedAll.p99Ms,
      longestGcMs: deletedAll.longestGcMs,
      gcInLongestMs: deletedAll.gcInLongestMs,
      gcCount: deletedAll.gcCount,
    }

    const dialect = POSTGRES ? 'PostgreSQL' : 'SQLite (a file, WAL)'
    const rows = Object.entries(timings).map(([name, { small: s, big: b }]) => ({ name, small: median(s), big: median(b), ratio: median(b) / median(s) }))
    console.log(`# Big histories: ${dialect}, median of ${RUNS} requests each`)
    console.log(`small: ${SMALL.chats.toLocaleString('en')} chats, ${SMALL.messages.toLocaleString('en')} messages; big: ${BIG.chats.toLocaleString('en')} chats, ${BIG.messages.toLocaleString('en')} messages (seeded in ${seedSeconds.toFixed(0)} s)\n`)
    console.log('| request | small ms | big ms | big ÷ small (goal ≤ 2) |')
    console.log('| --- | ---: | ---: | ---: |')
    for (const row of rows) console.log(`| ${row.name} | ${row.small.toFixed(2)} | ${row.big.toFixed(2)} | ${row.ratio.toFixed(2)} |`)
    console.log(`\nDeleting a chat of 1,000 messages written before the history: ${deleteOld.totalMs.toFixed(1)} ms in all; the event loop was held for at most ${deleteOld.eventLoopHeldMs.toFixed(1)} ms (goal: a few; garbage collection within it: ${deleteOld.gcInLongestMs.toFixed(1)} ms).`)
    console.log(`Deleting a chat of 1,000 messages written just before: ${deleteMs.toFixed(1)} ms in all; the event loop was held for at most ${blockedMs.toFixed(1)} ms (garbage collection within it: ${blockedGcMs.toFixed(1)} ms).`)
    console.log(`Deleting all ${deleteAll.chats.toLocaleString('en')} chats of the big history (Settings → Delete all chats): ${(deleteAll.totalMs / 1000).toFixed(1)} s in all; the event loop was held for at most ${deleteAll.eventLoopHeldMs.toFixed(0)} ms (99th percentile of the gaps between a 1 ms timer's turns: ${deleteAll.eventLoopHeldP99Ms.toFixed(1)} ms; ${global.gc ? 'after a full collection; ' : ''}${deleteAll.gcCount} garbage collections meanwhile, the longest ${deleteAll.longestGcMs.toFixed(1)} ms, ${deleteAll.gcInLongestMs.toFixed(1)} ms of them within the longest hold).`)
    if (startup) console.log(`Start-up (build to ready) with this history stored: ${startup.full.toFixed(0)} ms against ${startup.empty.toFixed(0)} ms on an empty database (${(startup.full / startup.empty).toFixed(2)}×, median of 5 each).`)
    console.log(`Exporting the big history (GET /api/export, streamed): ${(exportBytes / 1e6).toFixed(0)} MB in ${exportSeconds.toFixed(1)} s; ${global.gc ? `what the process holds (after a full collection, every 250 ms) grew by ${((retainedPeak - memoryBefore) / 1e6).toFixed(1)} MB at most; ` : ''}the heap and buffers in use, garbage included, grew by ${((memoryPeak - memoryBefore) / 1e6).toFixed(0)} MB at most (goal: flat, far below the file's size).`)
    console.log('\n## Query plans (the big owner, first run)')
    for (const [name, list] of Object.entries(plans)) {
      console.log(`\n### ${name}`)
      for (const plan of list) console.log(`- ${plan}`)
    }
    const json = { dialect, runs: RUNS, small: SMALL, big: BIG, seedSeconds, requests: rows, delete: { totalMs: deleteMs, eventLoopHeldMs: blockedMs }, deleteOld, deleteAll, startup, export: { bytes: exportBytes, seconds: exportSeconds, memoryGrowthBytes: memoryPeak - memoryBefore, retainedGrowthBytes: global.gc ? retainedPeak - memoryBefore : null }, plans }
    writeFileSync(process.env.BENCH_JSON || '/tmp/bench-history.json', JSON.stringify(json, null, 2))
  } finally {
    await app.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
