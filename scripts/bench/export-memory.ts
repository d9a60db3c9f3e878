// Export memory benchmark: `npm run bench:export-memory` (after `npm run build`).
//
// Does exporting every chat (`GET /api/export`) hold memory in proportion to the history, or stay
// flat? For each size in BENCH_SIZES (messages; chats have 100 each), a SQLite file is seeded
// (scripts/seed-history.ts, through the app), then the production app serves it from a child
// process while this process reads the whole export through a socket and samples the child's RSS
// every 100 ms. Each export runs twice: with the heap as Node sizes it (V8 lets garbage pile up
// while memory is plentiful, so RSS grows with the export however little it holds), and with the
// old generation capped at BENCH_HEAP_CAP_MB (default 96): an export that held its history would
// fail there or slow down, one that streams runs as fast and its RSS stays flat. Printed, never
// asserted: the exit code is 0 unless something crashed.
//
// Environment: BENCH_SIZES (default "250000,1000000"), BENCH_HEAP_CAP_MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { seedHistory } from '../seed-history.ts'
import { ensureBuild, positiveIntEnv, startProductionApp } from './bench-app.ts'

const SIZES = (process.env.BENCH_SIZES ?? '250000,1000000').split(',').map((n) => Number(n.trim())).filter((n) => n >= 100)
const HEAP_CAP_MB = positiveIntEnv('BENCH_HEAP_CAP_MB', 96)
const EMAIL = 'export@example.com'
const PASSWORD = 'export memory bench'

// SQLite files of its own, whatever the shell says.
delete process.env.DATABASE_URL

const progress = (message: string) => process.stderr.write(`· ${message}\n`)
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024

/** A SQLite file with one account holding `messages` messages in chats of 100. */
async function seedFile(path: string, messages: number) {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATABASE_PATH: path, SESSION_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' })
  const app = await build(config, { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
  try {
    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers, payload: { email: EMAIL, password: PASSWORD } })
    if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`)
    const user = await app.db.selectFrom('users').select('id').where('provider', '=', 'local').where('email', '=', EMAIL).executeTakeFirstOrThrow()
    await seedHistory(app.db, user.id, { chats: Math.max(1, Math.round(messages / 100)), messages, idPrefix: 'export' })
  } finally {
    await app.close()
  }
}

async function exportOnce(file: string, nodeArgs: string[]) {
  const app = await startProductionApp({ DATABASE_PATH: file }, nodeArgs)
  try {
    const signIn = await fetch(`${app.origin}/api/auth/local/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
    // Warm: the first request of a process loads code it then keeps.
    await (await fetch(`${app.origin}/api/chats`, { headers: { cookie } })).text()
    const idle = rssOf(app.pid)
    let peak = idle
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(app.pid))), 100)
    const started = performance.now()
    // Identity, as a download of the file: compression would measure zlib too.
    const response = await fetch(`${app.origin}/api/export`, { headers: { cookie, 'accept-encoding': 'identity' } })
    if (response.status !== 200) throw new Error(`export: ${response.status}`)
    let bytes = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    return { bytes, seconds, idle, peak }
  } finally {
    app.stop()
  }
}

async function main() {
  ensureBuild()
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'))
  const rows: string[] = []
  try {
    for (const messages of SIZES) {
      const file = join(dir, `history-${messages}.db`)
      progress(`seeding ${messages.toLocaleString('en')} messages`)
      await seedFile(file, messages)
      for (const [label, args] of [['as Node sizes the heap', []], [`old generation capped at ${HEAP_CAP_MB} MB`, [`--max-old-space-size=${HEAP_CAP_MB}`]]] as const) {
        progress(`exporting ${messages.toLocaleString('en')} messages, ${label}`)
        const run = await exportOnce(file, [...args])
        const mb = (bytes: number) => (bytes / 1e6).toFixed(0)
        rows.push(`| ${messages.toLocaleString('en')} | ${label} | ${mb(run.bytes)} | ${run.seconds.toFixed(1)} | ${mb(run.idle)} | ${mb(run.peak)} | ${mb(run.peak - run.idle)} |`)
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log('\n# Exporting every chat (GET /api/export) from a SQLite file: the app process\'s memory\n')
  console.log('| messages | heap | export MB | seconds | RSS idle MB | RSS peak MB | growth MB |')
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |')
  for (const row of rows) console.log(row)
}

await main()
