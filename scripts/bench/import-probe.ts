// Import probe: `npx tsx scripts/bench/import-probe.ts [shape] [count]` (shape: line, claude, nodes, pasted;
// PROBE_DATABASE_URL: an empty PostgreSQL database instead of a SQLite file).
// Builds the app in this process on a SQLite file, measures the idle baseline (a 5 ms interval's
// gaps with no import), then imports one shape and logs every gap over 20 ms with what the main
// thread was doing then: the SQLite statements that ran in it (their time and SQL's start), and GC.
// For finding where a hold comes from; bench:import measures the holds as a user sees them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { createRequire } from 'node:module'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { chatGptLine, chatGptNodes, chatGptPasted, claudeVersions } from '../../test/fixtures/imports/shapes.ts'
import { SQLITE_DRIVER } from '../../server/db/sqlite-driver.ts'

const shape = process.argv[2] ?? 'line'
const count = Number(process.argv[3] ?? 125_000)
const make = { line: chatGptLine, claude: claudeVersions, nodes: chatGptNodes, pasted: (n: number, id: string) => chatGptPasted(n, 80_000, id) }[shape]
if (!make) throw new Error(`unknown shape ${shape}`)

// Every statement's time on this thread (better-sqlite3 is synchronous: its time is the thread's).
type Event = { at: number; ms: number; what: string }
const events: Event[] = []
const Statement = (createRequire(import.meta.url)(SQLITE_DRIVER) as { prototype: unknown } & { new (...args: never[]): unknown }) as unknown as { prototype: { prepare: (...args: unknown[]) => { run: (...a: unknown[]) => unknown; all: (...a: unknown[]) => unknown; source: string } } }
const originalPrepare = Statement.prototype.prepare
Statement.prototype.prepare = function (this: unknown, ...args: unknown[]) {
  const statement = originalPrepare.apply(this, args)
  for (const method of ['run', 'all'] as const) {
    const original = statement[method].bind(statement)
    statement[method] = (...a: unknown[]) => {
      const began = performance.now()
      try {
        return original(...a)
      } finally {
        const ms = performance.now() - began
        if (ms > 2) events.push({ at: began, ms, what: `sql ${statement.source.replace(/\s+/g, ' ').slice(0, 50)}` })
      }
    }
  }
  return statement
} as typeof originalPrepare
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.duration > 2) events.push({ at: entry.startTime, ms: entry.duration, what: `gc kind ${(entry as unknown as { detail?: { kind?: number } }).detail?.kind}` })
}).observe({ entryTypes: ['gc'] })

/** The process's peak resident memory so far (Linux), in MB. */
function peakRssMb(): number {
  return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024)
}

function gapLogger() {
  const gaps: Array<{ at: number; ms: number }> = []
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    if (now - last > 20) gaps.push({ at: last, ms: now - last })
    last = now
  }, 5)
  return { gaps, stop: () => clearInterval(timer) }
}

const dir = mkdtempSync(join(tmpdir(), 'import-probe-'))
try {
  // PROBE_DATABASE_URL: a PostgreSQL database (empty) instead of a SQLite file.
  const postgres = process.env.PROBE_DATABASE_URL ? { DATABASE_URL: process.env.PROBE_DATABASE_URL } : {}
  const config = loadConfig({ ...postgres, NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_KEY: '7f2c1b0a9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b', DATABASE_PATH: join(dir, 'probe.db'), UPLOADS_DIR: join(dir, 'uploads'), OFFLINE_TOKEN_DELAY_MS: '0' })
  const app = await build(config, {})
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as { port: number }
  const base = `http://127.0.0.1:${address.port}`
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: base }
  const signUp = await fetch(`${base}/api/auth/local/sign-up`, { method: 'POST', headers, body: JSON.stringify({ email: 'probe@example.com', password: 'correct horse battery', name: 'Probe' }) })
  const cookie = signUp.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')

  const idle = gapLogger()
  await new Promise((resolve) => setTimeout(resolve, 3000))
  idle.stop()
  console.log(`idle 3 s: ${idle.gaps.length} gaps > 20 ms, longest ${Math.max(0, ...idle.gaps.map((g) => g.ms)).toFixed(0)} ms`)

  // PROBE_REPEAT: import it this many times (each a chat of its own) into the same, growing database.
  for (let round = 1; round <= Number(process.env.PROBE_REPEAT ?? 1); round++) {
    const file = make(count, `probe-${shape}-${round}`)
    // Uploaded by curl, another process: this thread's own work would count as the app's.
    const path = join(dir, 'conversations.json')
    writeFileSync(path, file)
    // PROBE_WRITES=1: a write of the app's every 50 ms meanwhile (a user's save: a commit on this thread).
    let writing = process.env.PROBE_WRITES === '1'
    const writes = (async () => {
      while (writing) {
        await app.db.updateTable('users').set({ name: `Probe ${Date.now()}` }).where('email', '=', 'probe@example.com').execute()
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const rssBefore = peakRssMb()
    events.length = 0
    const during = gapLogger()
    const started = performance.now()
    const curl = spawn('curl', ['-s', '-H', `cookie: ${cookie}`, '-H', 'sec-fetch-site: same-origin', '-H', `origin: ${base}`, '-F', `file=@${path}`, `${base}/api/import`])
    let answer = ''
    curl.stdout.on('data', (chunk: Buffer) => (answer += chunk))
    await once(curl, 'close')
    console.log(`uploaded in ${((performance.now() - started) / 1000).toFixed(2)} s`)
    let view = JSON.parse(answer) as Record<string, unknown>
    while (view.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      view = (await (await fetch(`${base}/api/import/${String(view.id)}`, { headers: { cookie } })).json()) as Record<string, unknown>
    }
    during.stop()
    writing = false
    await writes
    const seconds = (performance.now() - started) / 1000
    console.log(`import ${round}: ${shape} ${count}: ${String(view.status)} in ${seconds.toFixed(1)} s; ${during.gaps.length} gaps > 20 ms, longest ${Math.max(0, ...during.gaps.map((g) => g.ms)).toFixed(0)} ms; peak RSS ${peakRssMb()} MB (before the import ${rssBefore} MB)`)
    for (const gap of during.gaps.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      const inside = events.filter((e) => e.at + e.ms > gap.at && e.at < gap.at + gap.ms)
      console.log(`  gap ${gap.ms.toFixed(0)} ms at ${((gap.at - started) / 1000).toFixed(2)} s: ${inside.map((e) => `${e.what} ${e.ms.toFixed(0)} ms`).join('; ') || '(no statement or GC over 2 ms)'}`)
    }
    const bySql = new Map<string, { n: number; ms: number; max: number }>()
    for (const e of events) {
      const key = e.what
      const row = bySql.get(key) ?? { n: 0, ms: 0, max: 0 }
      row.n++
      row.ms += e.ms
      row.max = Math.max(row.max, e.ms)
      bySql.set(key, row)
    }
    for (const [what, row] of [...bySql].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log(`  ${what}: ${row.n} over 2 ms, ${row.ms.toFixed(0)} ms total, max ${row.max.toFixed(0)} ms`)
  }
  await app.close()
} finally {
  rmSync(dir, { recursive: true, force: true })
}
