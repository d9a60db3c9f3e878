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
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { seedHistory } from '../seed-history.ts'
import { ROOT, ensureBuild, freePort, positiveIntEnv, productionAppEnv } from './bench-app.ts'

const SIZES = (process.env.BENCH_SIZES ?? '250000,1000000').split(',').map((n) => Number(n.trim())).filter((n) => n >= 100)
const HEAP_CAP_MB = positiveIntEnv('BENCH_HEAP_CAP_MB', 96)
const EMAIL = 'export@example.com'
const PASSWORD = 'export memory bench'
const HOST = '127.0.0.1'

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

function get(port: number, path: string, headers: Record<string, string>, onChunk: (chunk: Buffer) => void = () => {}): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: HOST, port, path, headers }, (res) => {
      res.on('data', onChunk)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function exportOnce(file: string, nodeArgs: string[]) {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, 'dist/node/server/main.js'], { cwd: ROOT, env: productionAppEnv(port, { DATABASE_PATH: file }), stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if ((await get(port, '/healthz', {})).status === 200) break
      } catch {
        if (attempt > 100) throw new Error(`the app did not start: ${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const signIn = await new Promise<string>((resolve, reject) => {
      const req = request({ host: HOST, port, path: '/api/auth/local/sign-in', method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } }, (res) => {
        res.resume()
        resolve(String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]!)
      })
      req.on('error', reject)
      req.end(JSON.stringify({ email: EMAIL, password: PASSWORD }))
    })
    // Warm: the first request of a process loads code it then keeps.
    await get(port, '/api/chats', { cookie: signIn })
    const idle = rssOf(child.pid!)
    let peak = idle
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 100)
    const started = performance.now()
    let bytes = 0
    const res = await get(port, '/api/export', { cookie: signIn }, (chunk) => (bytes += chunk.length))
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    if (res.status !== 200) throw new Error(`export: ${res.status}`)
    return { bytes, seconds, idle, peak, crashed: child.exitCode !== null }
  } finally {
    child.kill('SIGKILL')
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
