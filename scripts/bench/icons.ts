// Icon endpoint benchmark: `npx tsx scripts/bench/icons.ts` (or `npm run bench:icons`).
//
// Starts the production build (`node dist/node/server/main.js`) and, in the same run, a bare
// Fastify in its own child process that sends the very same bytes from one route. autocannon (10
// connections, in this process) then loads a cached icon request against the app and the bare
// route in turn, and prints req/s, p50/p99 latency and the app/bare ratio. Only the ratio means
// anything across machines.
//
// Environment: BENCH_SECONDS (each measured phase, 5–10, default 10), BENCH_WARMUP_SECONDS
// (unreported warm-up before each phase, default 2). Everything listens on and talks to 127.0.0.1;
// the app's upstream icon service points at a closed local port, so nothing leaves the machine.
// The run stops by itself (a watchdog bounds it); timings are reported, never asserted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './bench-app.ts'

const HOST = '127.0.0.1'
const ICON_PATH = '/api/_nuxt_icon/lucide.json?icons=house,settings,user'
const CONNECTIONS = 10
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'application/json',
}

// ---------------------------------------------------------------------------------------------
// Child mode: the bare baseline. `icons.ts --bare <file>` serves the file's bytes at GET /bare.

if (process.argv[2] === '--bare') {
  const { default: Fastify } = await import('fastify')
  const body = readFileSync(process.argv[3]!)
  const app = Fastify({ logger: false })
  app.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body))
  await app.listen({ host: HOST, port: 0 })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('bench: the bare server has no TCP address')
  process.send!({ port: address.port })
  // The parent owns this process: when it goes away (even by SIGKILL) the IPC channel closes.
  process.on('disconnect', () => process.exit(0))
  process.on('SIGTERM', () => process.exit(0))
} else {
  await runBenchmark()
}

// ---------------------------------------------------------------------------------------------
// Parent mode

async function runBenchmark(): Promise<void> {
  const { default: autocannon } = await import('autocannon')
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const seconds = boundedNumber('BENCH_SECONDS', 10, 5, 10)
  const warmupSeconds = boundedNumber('BENCH_WARMUP_SECONDS', 2, 0, 10)
  const children = new Set<ChildProcess>()
  const cleanups: Array<() => void> = []

  const cleanup = () => {
    for (const run of cleanups.splice(0)) run()
    for (const child of children) child.kill('SIGKILL')
  }
  process.on('exit', cleanup)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cleanup()
      process.exit(130)
    })
  }
  // Three load phases, three warm-ups, start-up: anything longer than this is stuck.
  const watchdog = setTimeout(() => {
    console.error('bench: watchdog: giving up')
    cleanup()
    process.exit(1)
  }, (3 * (seconds + warmupSeconds) + 90) * 1000)
  watchdog.unref()

  const track = (child: ChildProcess) => {
    children.add(child)
    child.once('exit', () => children.delete(child))
    return child
  }

  try {
    if (!existsSync(join(root, 'dist/node/server/main.js'))) {
      progress('dist/ is missing: npm run build')
      const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 10 * 60_000 })
      if (build.status !== 0) throw new Error('npm run build failed')
    }

    progress('starting the app (production build)')
    const port = await freePort()
    const output: string[] = []
    const app = track(
      spawn(process.execPath, ['dist/node/server/main.js'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production', HOST, PORT: String(port), LOG_LEVEL: 'warn', ICONS_UPSTREAM_URL: `http://${HOST}:1` },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    app.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    app.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    const appOrigin = `http://${HOST}:${port}`
    await waitFor(async () => (await get(`${appOrigin}/healthz`)).status === 200, 30_000, () => output.join(''))

    // The first request loads and caches; the benchmark measures the cached answer.
    const first = await get(`${appOrigin}${ICON_PATH}`)
    if (first.status !== 200) throw new Error(`GET ${ICON_PATH} answered ${first.status}: ${first.body.toString().slice(0, 200)}`)
    const icons = Object.keys((JSON.parse(first.body.toString()) as { icons: object }).icons)
    if (first.headers['content-encoding']) throw new Error('the icon answer came back compressed without Accept-Encoding')

    progress('starting the baseline (bare Fastify, child process)')
    const workDir = mkdtempSync(join(tmpdir(), 'icons-bench-'))
    cleanups.push(() => rmSync(workDir, { recursive: true, force: true }))
    const bodyFile = join(workDir, 'icons.json')
    writeFileSync(bodyFile, first.body)
    const bare = track(
      spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--bare', bodyFile], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    )
    const barePort = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bare server did not start within 30 s')), 30_000)
      bare.once('message', (message) => {
        clearTimeout(timer)
        resolve((message as { port: number }).port)
      })
      bare.once('exit', (code) => reject(new Error(`the bare server exited during start-up (${code})`)))
    })
    const bareUrl = `http://${HOST}:${barePort}/bare`
    const bareProbe = await get(bareUrl)
    if (!bareProbe.body.equals(first.body)) throw new Error('the bare route does not send the same bytes')

    // /healthz shows what every request through the app costs (hooks, security headers) before
    // the icon route does anything; the icon row against it is the route's own cost.
    const targets = [
      { label: 'bare Fastify, same bytes', url: bareUrl },
      { label: `app ${ICON_PATH} (cached)`, url: `${appOrigin}${ICON_PATH}` },
      { label: 'app /healthz (reference)', url: `${appOrigin}/healthz` },
    ]
    const loadBefore = loadavg()[0]!
    const results = []
    for (const target of targets) {
      if (warmupSeconds > 0) {
        progress(`warm-up ${target.label}`)
        await autocannon({ url: target.url, connections: CONNECTIONS, duration: warmupSeconds, headers: HEADERS })
      }
      progress(`measuring ${target.label} for ${seconds} s`)
      results.push(await autocannon({ url: target.url, connections: CONNECTIONS, duration: seconds, headers: HEADERS }))
    }
    if (app.exitCode !== null) throw new Error(`the app exited during the run:\n${output.join('')}`)

    const [baseline, icon, health] = results as [(typeof results)[number], (typeof results)[number], (typeof results)[number]]
    const ratio = icon.requests.average / baseline.requests.average
    const row = (label: string, result: typeof baseline, versus: string) =>
      `| ${label} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts} / ${result.non2xx} | ${versus} |`
    console.log(
      [
        `# Icon endpoint benchmark`,
        '',
        `- ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}`,
        `- autocannon in this process, ${CONNECTIONS} connections, ${seconds} s per target after ${warmupSeconds} s warm-up; no Accept-Encoding (identity bodies)`,
        // Other processes skew every number (2 cores shared): the load average says how much.
        `- 1-minute load average: ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after, on ${cpus().length} CPUs`,
        `- body: ${first.body.length} B of Iconify JSON (${icons.join(', ')}), cache-control: ${first.headers['cache-control']}`,
        '',
        '| target | req/s | p50 ms | p99 ms | errors / non-2xx | vs bare |',
        '|---|---|---|---|---|---|',
        row(targets[0]!.label, baseline, '1.00'),
        row(targets[1]!.label, icon, ratio.toFixed(2)),
        row(targets[2]!.label, health, (health.requests.average / baseline.requests.average).toFixed(2)),
        '',
        `Cached icon request: ${(ratio * 100).toFixed(0)}% of the bare route's throughput ` +
          `(${((icon.requests.average / health.requests.average) * 100).toFixed(0)}% of the app's /healthz).`,
      ].join('\n'),
    )
  } finally {
    cleanup()
  }
}

function boundedNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name}=${raw}: expected a number from ${min} to ${max}`)
  return value
}

function progress(message: string): void {
  process.stderr.write(`· ${message}\n`)
}


async function waitFor(check: () => Promise<boolean>, timeoutMs: number, explain: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`not ready within ${timeoutMs} ms:\n${explain()}`)
}

function get(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: HEADERS, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)))
    req.on('error', reject)
    req.end()
  })
}
