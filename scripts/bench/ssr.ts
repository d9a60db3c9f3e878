// SSR benchmark: `npx tsx scripts/bench/ssr.ts` (or `npm run bench`).
//
// Runs the production build as a child process and compares it, in the same run, with a bare
// Fastify (another child process, scripts/bench/bare-server.ts) sending the same HTML bytes. Only
// ratios measured in one run on one machine mean anything; absolute numbers depend on the machine.
//
//   1. throughput/latency  autocannon, 10 connections: bare /bare, app /, /chat/bench-123 (a public
//                          chat with code and a table, seeded first) and payloads
//   2. memory              autocannon, 50 connections on app /, app RSS sampled every 200 ms
//   3. first load          Chromium: JS+CSS bytes on the wire (and decoded), encodings, blocking scripts
//   4. first paint         Chromium: median FCP of cold loads, app / vs a static copy of its HTML
//                          (without, then with the app's response headers)
//
// Environment: BENCH_SECONDS (each load phase, default 10), BENCH_WARMUP_SECONDS (unreported warm-up
// before each throughput phase, default 2), BENCH_FCP_RUNS (cold loads per page, default 10).
// Everything listens on and talks to 127.0.0.1. Timings are reported, never asserted: the exit code
// is 0 unless something crashed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon, { type Result as LoadResult } from 'autocannon'
import { isbot } from 'isbot'
import { chromium, type Browser, type Response as PwResponse } from '@playwright/test'
import { launchOptions } from '../../test/helpers/chromium.ts'
import { freePort, productionAppEnv, seedPublicChat } from './bench-app.ts'

// ---------------------------------------------------------------------------------------------
// Settings

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const HOST = '127.0.0.1'
const SECONDS = positiveNumber('BENCH_SECONDS', 10)
const WARMUP_SECONDS = positiveNumber('BENCH_WARMUP_SECONDS', 2, true)
const FCP_RUNS = Math.round(positiveNumber('BENCH_FCP_RUNS', 10))
const CONNECTIONS = 10
const MEMORY_CONNECTIONS = 50
const RSS_SAMPLE_MS = 200
const CHAT_PATH = '/chat/bench-123'

// A desktop Chrome user agent. The app renders differently for bots (isbot: waits for the whole
// render instead of streaming the shell), and Playwright's headless Chromium announces itself as
// "HeadlessChrome", which isbot counts as a bot; so every request here carries this one.
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// No Accept-Encoding on purpose: the app and the baseline then both send identity bodies, so the
// comparison is "render + framework" and not "brotli vs nothing".
const LOAD_HEADERS = { 'user-agent': CHROME_UA, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

function positiveNumber(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !allowZero)) {
    throw new Error(`${name}=${raw} is not a ${allowZero ? 'non-negative' : 'positive'} number`)
  }
  return value
}

/** Progress goes to stderr so stdout holds only the results. */
function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

/**
 * Other processes on the machine (a test suite, a build) skew every number here. The 1-minute load
 * average is shown for context only: it lags (a previous bench run still shows in it), so the
 * warning about contention comes from othersShare() below instead.
 */
function loadAverage(): string {
  const [oneMinute = NaN] = loadavg()
  return `${oneMinute.toFixed(2)} on ${cpus().length} CPUs`
}

/**
 * CPU time used by processes other than ours during the load phases: the machine's busy time
 * (/proc/stat) minus what this process, the app and the baseline used (/proc/<pid>/stat). Linux
 * only; null elsewhere. Both files count in USER_HZ ticks (100 per second on Linux).
 */
interface CpuSnapshot {
  at: number
  machineBusy: number
  ours: number
}

function cpuSnapshot(pids: number[]): CpuSnapshot | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = fields
    const ticksOf = (pid: number | 'self') => {
      // Fields after the parenthesised command name (which may contain spaces): utime and stime
      // are the 12th and 13th of them.
      const rest = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ')
      return Number(rest[11]) + Number(rest[12])
    }
    const ours = ticksOf('self') + pids.reduce((total, pid) => total + ticksOf(pid), 0)
    return { at: Date.now(), machineBusy: user + nice + system + irq + softirq, ours }
  } catch {
    return null
  }
}

/** Share of the whole machine (all CPUs) that other processes used between two snapshots. */
function othersShare(before: CpuSnapshot | null, after: CpuSnapshot | null): number | null {
  if (!before || !after) return null
  const capacity = ((after.at - before.at) / 1000) * 100 * cpus().length
  const others = after.machineBusy - before.machineBusy - (after.ours - before.ours)
  return capacity > 0 ? Math.max(0, others / capacity) : null
}

/** Things worth a second look (errors, non-2xx, stale build…), repeated at the end. */
const notes: string[] = []
function note(message: string) {
  notes.push(message)
  progress(`NOTE: ${message}`)
}

// ---------------------------------------------------------------------------------------------
// Child processes: tracked so that every exit path (normal, error, Ctrl-C, watchdog) kills them.

const children = new Set<ChildProcess>()
const cleanups: Array<() => Promise<void>> = []

function track(child: ChildProcess): ChildProcess {
  children.add(child)
  child.once('exit', () => children.delete(child))
  return child
}

async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  // The app shuts down gracefully (close-with-grace waits up to 10 s for open requests); a
  // benchmark should not wait on that, so SIGKILL after a short grace.
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

let cleanedUp = false
/** True once we are the ones stopping the children (their exit is then expected). */
let stopping = false
async function cleanup(): Promise<void> {
  if (cleanedUp) return
  cleanedUp = true
  stopping = true
  for (const run of cleanups.reverse()) await run().catch(() => {})
  await Promise.all([...children].map((child) => stopChild(child)))
}

// Last resort if the process exits without cleanup() (an exception in a sync path): no orphans.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: stopping`)
    void cleanup().finally(() => process.exit(130))
  })
}

/** The whole run is bounded even if some phase hangs in a way its own timeout did not catch. */
function startWatchdog(): void {
  const loadPhases = 5 * (SECONDS + WARMUP_SECONDS) + SECONDS
  const budgetSeconds = loadPhases + 60 /* start-up */ + 20 * (3 * FCP_RUNS + 5) /* browser, worst case */
  const timer = setTimeout(() => {
    console.error(`bench: watchdog: still running after ${budgetSeconds} s, giving up`)
    void cleanup().finally(() => process.exit(1))
  }, budgetSeconds * 1000)
  timer.unref()
}

// ---------------------------------------------------------------------------------------------
// Build, app and baseline

function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist/node/server/main.js'))) return
  progress('dist/node/server/main.js is missing: npm run build')
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 10 * 60_000 })
  if (result.status !== 0) throw new Error(`npm run build failed (status ${result.status}, signal ${result.signal})`)
}

/** Whether dist/ was built from the sources as they are now (the stamp `npm run build` writes). */
function buildFreshness(): string {
  const stampFile = join(ROOT, 'dist/.build-stamp')
  if (!existsSync(stampFile)) return 'unknown (no dist/.build-stamp)'
  const script = "import('./scripts/build/fingerprint.mjs').then((m) => process.stdout.write(m.sourceFingerprint()))"
  const current = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }).stdout
  return readFileSync(stampFile, 'utf8').trim() === current.trim() ? 'matches the sources' : 'STALE (sources changed since the build)'
}


/** Keeps the last lines a child wrote, to show why it died and whether it logged warnings. */
function captureOutput(child: ChildProcess, lines: string[], limit = 200): void {
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue
      lines.push(line)
      if (lines.length > limit) lines.shift()
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
}

interface AppProcess {
  child: ChildProcess
  pid: number
  origin: string
  output: string[]
  /** Set if the app exits before the benchmark stops it. */
  exit?: string
}

/** Throws, with the app's last output, if the app died during the previous phase. */
function assertAppAlive(app: AppProcess, phase: string): void {
  if (app.exit === undefined) return
  throw new Error(`the app died during ${phase} (${app.exit}); its last output:\n${app.output.slice(-40).join('\n') || '(nothing)'}`)
}

async function startApp(): Promise<AppProcess> {
  const port = await freePort()
  const child = track(
    spawn(process.execPath, ['dist/node/server/main.js'], {
      cwd: ROOT,
      env: productionAppEnv(port),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const output: string[] = []
  captureOutput(child, output)
  const origin = `http://${HOST}:${port}`
  await waitForHealthy(origin, child, output)
  const app: AppProcess = { child, pid: child.pid!, origin, output }
  child.once('exit', (code, signal) => {
    if (stopping) return
    app.exit = `exit code ${code}, signal ${signal}, at ${new Date().toISOString()}`
    progress(`the app exited unexpectedly: ${app.exit}`)
  })
  return app
}

async function waitForHealthy(origin: string, child: ChildProcess, output: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the app exited during start-up (${child.exitCode ?? child.signalCode}):\n${output.join('\n')}`)
    }
    const answer = await get(`${origin}/healthz`).catch(() => null)
    if (answer?.status === 200) return
    await sleep(100)
  }
  throw new Error(`GET /healthz did not answer 200 within ${timeoutMs} ms:\n${output.join('\n')}`)
}

interface Baseline {
  pid: number
  origin: string
  htmlBrotliBytes: number
}

async function startBaseline(htmlFile: string, headersFile: string): Promise<Baseline> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./bare-server.ts', import.meta.url))], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', BENCH_HTML_FILE: htmlFile, BENCH_HEADERS_FILE: headersFile, BENCH_CLIENT_DIR: join(ROOT, 'dist/client') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  )
  const ready = await new Promise<{ port: number; htmlBrotliBytes: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the baseline server did not start within 30 s')), 30_000)
    child.once('message', (message) => {
      clearTimeout(timer)
      resolve(message as { port: number; htmlBrotliBytes: number })
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the baseline server exited during start-up (${code ?? signal})`))
    })
  })
  return { pid: child.pid!, origin: `http://${HOST}:${ready.port}`, htmlBrotliBytes: ready.htmlBrotliBytes }
}

// ---------------------------------------------------------------------------------------------
// Plain HTTP (node:http rather than fetch, so the bytes counted are exactly the bytes sent)

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, timeout: timeoutMs }, (res) => {
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

/** Response headers that describe the document (security, caching), not this one transfer. */
function replayableHeaders(headers: Answer['headers']): Record<string, string> {
  const perTransfer = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'x-request-id'])
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !perTransfer.has(name)) kept[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return kept
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

// ---------------------------------------------------------------------------------------------
// Phase 1: throughput and latency

interface Target {
  label: string
  server: 'bare' | 'app'
  url: string
  /** Body bytes of one response, from a probe before the load. */
  bytes: number
  result?: LoadResult
}

async function probe(target: Omit<Target, 'bytes'>): Promise<Target> {
  const answer = await get(target.url, LOAD_HEADERS)
  if (answer.status !== 200) note(`probe: ${target.label} answered ${answer.status} (expected 200)`)
  if (answer.headers['content-encoding']) note(`probe: ${target.label} came back ${answer.headers['content-encoding']}-encoded without Accept-Encoding`)
  return { ...target, bytes: answer.body.length }
}

function load(url: string, connections: number, seconds: number): Promise<LoadResult> {
  return Promise.resolve(autocannon({ url, connections, duration: seconds, headers: LOAD_HEADERS, timeout: 10 }))
}

async function measureThroughput(targets: Target[]): Promise<void> {
  for (const target of targets) {
    // JIT and caches warm up first; the warm-up numbers are thrown away.
    if (WARMUP_SECONDS > 0) {
      progress(`warm-up ${WARMUP_SECONDS} s: ${target.label}`)
      await load(target.url, CONNECTIONS, WARMUP_SECONDS)
    }
    progress(`load ${SECONDS} s, ${CONNECTIONS} connections: ${target.label}`)
    target.result = await load(target.url, CONNECTIONS, SECONDS)
    const failed = failures(target.result)
    if (failed > 0) note(`${target.label}: ${describeFailures(target.result)}`)
  }
}

function failures(result: LoadResult): number {
  return result.errors + result.non2xx
}

function describeFailures(result: LoadResult): string {
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}×${code}`)
  return `errors ${result.errors} (timeouts ${result.timeouts}, resets ${result.resets}), non-2xx ${result.non2xx}${codes.length ? ` [${codes.join(', ')}]` : ''}`
}

function throughputTable(targets: Target[]): string {
  const bare = targets.find((target) => target.server === 'bare')?.result?.requests.average ?? NaN
  const rows = targets.map((target) => {
    const r = target.result!
    return [
      `\`${target.label}\``,
      target.server === 'bare' ? 'bare Fastify' : 'app',
      formatInt(target.bytes),
      formatInt(r.requests.average),
      formatLatency(r.latency.p50),
      formatLatency(r.latency.p99),
      String(failures(r)),
      ratio(r.requests.average, bare),
    ]
  })
  return markdownTable(['target', 'server', 'body bytes', 'req/s (avg)', 'p50 ms', 'p99 ms', 'errors+non2xx', 'req/s vs bare'], rows)
}

// ---------------------------------------------------------------------------------------------
// Phase 2: memory under load

interface MemoryResult {
  idleMiB: number
  peakMiB: number
  hwmMiB: number | null
  afterMiB: number
  samples: number
  result: LoadResult
}

/** RSS of a process in KiB: /proc when there is one, ps otherwise. */
function rssKiB(pid: number): { rss: number; hwm: number | null } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN)
    return { rss: field('VmRSS'), hwm: field('VmHWM') }
  } catch {
    const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })
    return { rss: Number(ps.stdout.trim()), hwm: null }
  }
}

/**
 * Resets the kernel's peak-RSS counter (VmHWM) of a process we own, so that after the phase it
 * holds the peak of this phase only, not of start-up and the earlier phases. Linux ≥ 4.0.
 */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

async function measureMemory(app: AppProcess): Promise<MemoryResult> {
  const hwmReset = resetPeakRss(app.pid)
  if (!hwmReset) note('could not reset VmHWM: the kernel high-water mark below covers the whole life of the app')
  const idle = rssKiB(app.pid).rss
  let peak = idle
  let samples = 0
  // Sampling runs in this process, beside autocannon; a 200 ms timer barely disturbs it.
  const sampler = setInterval(() => {
    const { rss } = rssKiB(app.pid)
    if (Number.isFinite(rss)) peak = Math.max(peak, rss)
    samples++
  }, RSS_SAMPLE_MS)
  progress(`load ${SECONDS} s, ${MEMORY_CONNECTIONS} connections, RSS every ${RSS_SAMPLE_MS} ms: app /`)
  try {
    const result = await load(`${app.origin}/`, MEMORY_CONNECTIONS, SECONDS)
    if (failures(result) > 0) note(`memory phase /: ${describeFailures(result)}`)
    const after = rssKiB(app.pid)
    peak = Math.max(peak, after.rss)
    return {
      idleMiB: idle / 1024,
      peakMiB: peak / 1024,
      // VmHWM is the kernel's own peak since the reset: catches spikes between two samples.
      hwmMiB: after.hwm !== null && Number.isFinite(after.hwm) ? after.hwm / 1024 : null,
      afterMiB: after.rss / 1024,
      samples,
      result,
    }
  } finally {
    clearInterval(sampler)
  }
}

// ---------------------------------------------------------------------------------------------
// Phase 3: first load in a browser

interface Asset {
  url: string
  kind: 'js' | 'css' | 'html' | 'other'
  status: number
  encoding: string
  transfer: number
  decoded: number
}

function kindOf(contentType: string, url: string): Asset['kind'] {
  if (/javascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js'
  if (/text\/css/.test(contentType) || /\.css(\?|$)/.test(url)) return 'css'
  if (/text\/html/.test(contentType)) return 'html'
  return 'other'
}

async function describeResponse(response: PwResponse): Promise<Asset> {
  const headers = await response.allHeaders()
  // responseBodySize is the body as received (encoded); body() is what the page got (decoded).
  const sizes = await response.request().sizes()
  const decoded = await response.body().then((body) => body.length).catch(() => NaN)
  return {
    url: new URL(response.url()).pathname,
    kind: kindOf(headers['content-type'] ?? '', response.url()),
    status: response.status(),
    encoding: headers['content-encoding'] ?? 'identity',
    transfer: sizes.responseBodySize,
    decoded,
  }
}

async function firstLoad(browser: Browser, url: string): Promise<Asset[]> {
  const context = await browser.newContext({ userAgent: CHROME_UA })
  try {
    const page = await context.newPage()
    const responses: PwResponse[] = []
    page.on('response', (response) => responses.push(response))
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 })
    return await Promise.all(responses.map(describeResponse))
  } finally {
    await context.close()
  }
}

interface HeadScripts {
  blocking: string[]
  deferred: string[]
  inline: number
  stylesheets: string[]
}

/**
 * Reads <head> of the HTML as sent (not the DOM after hydration): a classic <script src> without
 * defer/async blocks the parser; type=module scripts are deferred by default. Stylesheets always
 * block rendering, which is expected; they are listed for context.
 */
function headScripts(html: string): HeadScripts {
  const head = html.match(/<head\b[^>]*>([\s\S]*?)<\/head>/i)?.[1] ?? ''
  const result: HeadScripts = { blocking: [], deferred: [], inline: 0, stylesheets: [] }
  for (const [, attributeText = ''] of head.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = parseAttributes(attributeText)
    const src = attributes.get('src')
    if (src === undefined) {
      result.inline++
      continue
    }
    const deferred = attributes.get('type') === 'module' || attributes.has('defer') || attributes.has('async')
    ;(deferred ? result.deferred : result.blocking).push(src)
  }
  for (const [, attributeText = ''] of head.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(attributeText)
    if (attributes.get('rel')?.toLowerCase() === 'stylesheet') result.stylesheets.push(attributes.get('href') ?? '?')
  }
  return result
}

function parseAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of text.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '')
  }
  return attributes
}

function assetTable(assets: Asset[]): string {
  const rows = assets.map((asset) => [
    `\`${asset.url}\``,
    asset.kind,
    String(asset.status),
    asset.encoding,
    formatKB(asset.transfer),
    formatKB(asset.decoded),
  ])
  return markdownTable(['response', 'kind', 'status', 'content-encoding', 'transfer KB', 'decoded KB'], rows)
}

// ---------------------------------------------------------------------------------------------
// Phase 4: first contentful paint

interface PaintTiming {
  fcp: number
  ttfb: number
}

async function coldPaint(browser: Browser, url: string): Promise<PaintTiming> {
  // A new context has an empty HTTP cache and its own connections: every load is a first visit.
  const context = await browser.newContext({ userAgent: CHROME_UA })
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load', timeout: 15_000 })
    // FCP is usually recorded before load; wait a little in case the paint lands just after.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 5_000,
    })
    return await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        ttfb: navigation?.responseStart ?? NaN,
      }
    })
  } finally {
    await context.close()
  }
}

interface PaintPage {
  url: string
  label: string
  servedBy: string
  htmlBytes: string
  timings: PaintTiming[]
  fcp: number
  ttfb: number
}

async function comparePaint(browser: Browser, pages: PaintPage[]): Promise<void> {
  // One unrecorded load of each first: the browser process itself is cold on the very first page.
  for (const page of pages) await coldPaint(browser, page.url)
  for (let run = 0; run < FCP_RUNS; run++) {
    progress(`cold load ${run + 1}/${FCP_RUNS}`)
    // Rotate which page goes first so drift (thermal, GC in the browser) does not favour one.
    const order = pages.map((_, index) => pages[(index + run) % pages.length]!)
    for (const page of order) page.timings.push(await coldPaint(browser, page.url))
  }
  for (const page of pages) {
    page.fcp = median(page.timings.map((timing) => timing.fcp))
    page.ttfb = median(page.timings.map((timing) => timing.ttfb))
  }
}

/**
 * The pages compared: the app, the same HTML as a static file from the baseline server, and that
 * static file again with the app's response headers (CSP, COOP, Origin-Agent-Cluster…), which
 * separates what server rendering costs from what the headers cost the browser.
 */
function paintPages(appOrigin: string, baseline: Baseline, htmlBytes: number): PaintPage[] {
  const page = (url: string, label: string, servedBy: string, sizes: string): PaintPage => ({
    url, label, servedBy, htmlBytes: sizes, timings: [], fcp: NaN, ttfb: NaN,
  })
  const staticSizes = `${htmlBytes} / ${baseline.htmlBrotliBytes}`
  return [
    page(`${appOrigin}/`, '/', 'app (SSR stream)', `${htmlBytes} / streamed`),
    page(`${baseline.origin}/static`, '/static', 'bare Fastify child (same HTML, same /assets)', staticSizes),
    page(`${baseline.origin}/static-app-headers`, '/static-app-headers', "bare Fastify child, same + the app's response headers", staticSizes),
  ]
}

// ---------------------------------------------------------------------------------------------
// Formatting

function markdownTable(header: string[], rows: string[][]): string {
  const numeric = (column: number) => rows.every((row) => /^[\d.,×% <-]+$|^n\/a$/.test(row[column] ?? ''))
  const align = header.map((_, column) => (numeric(column) ? '---:' : '---'))
  return [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const formatInt = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a')
const formatMs = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : 'n/a')
/** autocannon's latency histogram counts whole milliseconds: 0 means under 1 ms. */
const formatLatency = (value: number) => (Number.isFinite(value) ? (value < 1 ? '<1' : value.toFixed(0)) : 'n/a')
const formatKB = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : 'n/a')
const formatMiB = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a')
const ratio = (value: number, reference: number) =>
  Number.isFinite(value) && Number.isFinite(reference) && reference > 0 ? `${(value / reference).toFixed(2)}×` : 'n/a'

function gitDescription(): string {
  const run = (args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? ''
  const head = run(['rev-parse', '--short', 'HEAD']) || 'unknown'
  const dirty = run(['status', '--porcelain']).split('\n').filter(Boolean).length
  return dirty ? `${head} + ${dirty} uncommitted change(s)` : head
}

// ---------------------------------------------------------------------------------------------
// Report: each section is printed as soon as its phase is done, so a crash later keeps the results.

function print(...lines: string[]): void {
  console.log(lines.join('\n'))
}

const sum = (list: Asset[], key: 'transfer' | 'decoded') => list.reduce((total, asset) => total + asset[key], 0)
const jsAndCss = (assets: Asset[]) => assets.filter((asset) => asset.kind === 'js' || asset.kind === 'css')
const encodingsOf = (assets: Asset[]) => [...new Set(assets.map((asset) => asset.encoding))].join(', ') || 'n/a'

function printMemory(memory: MemoryResult): void {
  print(
    `## Memory, ${MEMORY_CONNECTIONS} connections on \`/\` for ${SECONDS} s`,
    '',
    `- app RSS: before ${formatMiB(memory.idleMiB)} MiB (after the throughput phases), peak ${formatMiB(memory.peakMiB)} MiB ` +
      `(${memory.samples} samples every ${RSS_SAMPLE_MS} ms), after ${formatMiB(memory.afterMiB)} MiB, ` +
      `kernel peak during the phase (VmHWM) ${formatMiB(memory.hwmMiB ?? NaN)} MiB`,
    `- during it: ${formatInt(memory.result.requests.average)} req/s, p50 ${formatLatency(memory.result.latency.p50)} ms, ` +
      `p99 ${formatLatency(memory.result.latency.p99)} ms, errors+non2xx ${failures(memory.result)}`,
    '',
  )
}

function printFirstLoad(assets: Asset[], scripts: HeadScripts, defaultUa: string): void {
  const jsCss = jsAndCss(assets)
  print(
    `## First load of \`/\` in Chromium (fresh context, until network idle)`,
    '',
    assetTable(assets),
    '',
    `- JS+CSS: ${jsCss.length} files, ${formatKB(sum(jsCss, 'transfer'))} KB transferred, ${formatKB(sum(jsCss, 'decoded'))} KB decoded; ` +
      `content-encoding: ${encodingsOf(jsCss)}`,
    `- <head> of the served HTML: render-blocking scripts: ${scripts.blocking.join(', ') || 'none'}; ` +
      `deferred/module scripts: ${scripts.deferred.join(', ') || 'none'}; inline scripts: ${scripts.inline}; ` +
      `stylesheets (render-blocking by nature): ${scripts.stylesheets.join(', ') || 'none'}`,
    `- Playwright's own user agent (${defaultUa}) is a bot for isbot: ${isbot(defaultUa)}; contexts here use the desktop Chrome one`,
    '',
  )
}

function printPaint(pages: PaintPage[]): void {
  const [app, statik, withHeaders] = pages as [PaintPage, PaintPage, PaintPage]
  print(
    `## First contentful paint, median of ${FCP_RUNS} cold loads (new context each)`,
    '',
    markdownTable(
      ['page', 'served by', 'HTML bytes (identity / br)', 'FCP ms (median)', 'TTFB ms (median)', 'FCP of each run, ms'],
      pages.map((page) => [
        `\`${page.label}\``,
        page.servedBy,
        page.htmlBytes,
        formatMs(page.fcp),
        formatMs(page.ttfb),
        page.timings.map((timing) => timing.fcp.toFixed(0)).join(' '),
      ]),
    ),
    '',
    `- FCP ratio app / static: ${ratio(app.fcp, statik.fcp)}`,
    `- FCP ratio app / static with the app's headers: ${ratio(app.fcp, withHeaders.fcp)} ` +
      `(static with headers / static: ${ratio(withHeaders.fcp, statik.fcp)}: what the response headers alone cost)`,
    '',
  )
}

interface Outcome {
  targets: Target[]
  memory: MemoryResult
  assets: Asset[]
  scripts: HeadScripts
  paint: PaintPage[]
  /** CPU share other processes used during the load phases. */
  othersText: string
}

/** The block to paste into a note: one line per measurement, ratios first-class. */
function printSummary({ targets, memory, assets, scripts, paint, othersText }: Outcome): void {
  const bare = targets[0]!.result!
  const describe = (target: Target) => {
    const r = target.result!
    return (
      `${target.label} ${formatInt(r.requests.average)} req/s = ${ratio(r.requests.average, bare.requests.average)} bare ` +
      `(p50 ${formatLatency(r.latency.p50)} / p99 ${formatLatency(r.latency.p99)} ms)`
    )
  }
  const jsCss = jsAndCss(assets)
  const [app, statik, withHeaders] = paint as [PaintPage, PaintPage, PaintPage]
  print(
    '## Summary',
    '',
    '```',
    `SSR bench ${new Date().toISOString().slice(0, 10)}, ${gitDescription()}, Node ${process.version}, ${cpus().length} CPUs, ` +
      `${SECONDS} s per phase, ${CONNECTIONS} conns; other processes used ${othersText} meanwhile`,
    `bare Fastify, same ${targets[0]!.bytes} B HTML: ${formatInt(bare.requests.average)} req/s ` +
      `(p50 ${formatLatency(bare.latency.p50)} / p99 ${formatLatency(bare.latency.p99)} ms)`,
    ...targets.slice(1).map(describe),
    `errors+non2xx: ${targets.map((target) => `${target.label} ${failures(target.result!)}`).join(', ')}, memory phase ${failures(memory.result)}`,
    `peak RSS, ${MEMORY_CONNECTIONS} conns on /: ${formatMiB(memory.peakMiB)} MiB sampled, VmHWM ${formatMiB(memory.hwmMiB ?? NaN)} MiB ` +
      `(before ${formatMiB(memory.idleMiB)} MiB)`,
    `first load /: JS+CSS ${formatKB(sum(jsCss, 'transfer'))} KB on the wire (${encodingsOf(jsCss)}), ${formatKB(sum(jsCss, 'decoded'))} KB decoded, ` +
      `${jsCss.length} files; render-blocking <head> scripts: ${scripts.blocking.length || 'none'}`,
    `FCP median of ${FCP_RUNS} cold loads: app / ${formatMs(app.fcp)} ms vs same HTML static from bare Fastify ${formatMs(statik.fcp)} ms ` +
      `= ${ratio(app.fcp, statik.fcp)} (TTFB ${formatMs(app.ttfb)} vs ${formatMs(statik.ttfb)} ms); ` +
      `static with the app's response headers ${formatMs(withHeaders.fcp)} ms (app / it = ${ratio(app.fcp, withHeaders.fcp)})`,
    '```',
    '',
  )
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  ensureBuild()
  startWatchdog()
  const started = Date.now()
  const loadAtStart = loadAverage()
  const freshness = buildFreshness()
  if (freshness !== 'matches the sources') note(`dist/ build vs sources: ${freshness}`)

  // The user agent sent everywhere must not be a bot, or the app takes its bot path.
  if (isbot(CHROME_UA)) throw new Error('CHROME_UA is classified as a bot by isbot')

  progress('starting the app (production build)')
  const app = await startApp()
  cleanups.push(() => stopChild(app.child))
  // The chat page and its payload need a chat that anyone may read (the load has no cookie).
  await seedPublicChat(app.origin, CHAT_PATH.slice('/chat/'.length))

  // The app's `/` exactly as autocannon will receive it (no Accept-Encoding: identity body).
  const page = await get(`${app.origin}/`, LOAD_HEADERS)
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`)
  const workDir = mkdtempSync(join(tmpdir(), 'ssr-bench-'))
  cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }))
  const htmlFile = join(workDir, 'index.html')
  writeFileSync(htmlFile, page.body)
  // Its response headers too, for the static copy that imitates them. The CSP nonce in them is the
  // one in this HTML, so the inline scripts still run under the policy.
  const headersFile = join(workDir, 'headers.json')
  writeFileSync(headersFile, JSON.stringify(replayableHeaders(page.headers)))

  progress('starting the baseline (bare Fastify, child process)')
  const baseline = await startBaseline(htmlFile, headersFile)

  print(
    '# SSR benchmark',
    '',
    `- commit ${gitDescription()}; dist/ build ${freshness}`,
    `- ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; Node ${process.version}; ${new Date().toISOString()}`,
    `- 1-minute load average at the start: ${loadAtStart}`,
    `- BENCH_SECONDS=${SECONDS}, unreported warm-up of ${WARMUP_SECONDS} s before each throughput phase`,
    `- app: \`node dist/node/server/main.js\` (NODE_ENV=production, LOG_LEVEL=warn) at ${app.origin}`,
    `- baseline: bare Fastify in its own child process at ${baseline.origin} (scripts/bench/bare-server.ts)`,
    `- autocannon runs in this process (one thread) on the same CPUs: the /bare figure may be the client's limit rather than Fastify's`,
    `- user-agent is desktop Chrome (isbot: false); no Accept-Encoding, so HTML bodies are identity; latency has 1 ms resolution`,
    '',
  )

  // Phase 1
  const cpuBefore = cpuSnapshot([app.pid, baseline.pid])
  const targets = await Promise.all(
    [
      { label: '/bare', server: 'bare' as const, url: `${baseline.origin}/bare` },
      { label: '/', server: 'app' as const, url: `${app.origin}/` },
      { label: CHAT_PATH, server: 'app' as const, url: `${app.origin}${CHAT_PATH}` },
      { label: '/_payload.json', server: 'app' as const, url: `${app.origin}/_payload.json` },
      { label: `${CHAT_PATH}/_payload.json`, server: 'app' as const, url: `${app.origin}${CHAT_PATH}/_payload.json` },
    ].map(probe),
  )
  if (targets[0]!.bytes !== targets[1]!.bytes) note(`/bare sends ${targets[0]!.bytes} B but / sends ${targets[1]!.bytes} B`)
  await measureThroughput(targets)
  assertAppAlive(app, 'the throughput phases')
  print(`## Throughput, ${CONNECTIONS} connections, ${SECONDS} s each`, '', throughputTable(targets), '')

  // Phase 2
  const memory = await measureMemory(app)
  assertAppAlive(app, 'the memory phase')
  printMemory(memory)
  const others = othersShare(cpuBefore, cpuSnapshot([app.pid, baseline.pid]))
  const othersText = others === null ? 'unknown' : `${(others * 100).toFixed(0)}% of all CPUs`
  print(`CPU used by other processes during the load phases: ${othersText}`, '')
  if (others !== null && others > 0.1) note(`other processes used ${othersText} during the load phases: throughput and latency are skewed`)

  // Phase 3
  progress('launching Chromium')
  const browser = await chromium.launch({ ...launchOptions(), timeout: 30_000 })
  cleanups.push(() => browser.close())
  const defaultUa = await browser.newContext().then(async (context) => {
    const ua = await (await context.newPage()).evaluate(() => navigator.userAgent)
    await context.close()
    return ua
  })
  progress('first load of / (network idle)')
  const assets = await firstLoad(browser, `${app.origin}/`)
  const scripts = headScripts(page.body.toString('utf8'))
  for (const asset of assets) if (asset.status >= 400) note(`first load: ${asset.url} answered ${asset.status}`)
  if (jsAndCss(assets).some((asset) => asset.encoding === 'identity')) note('first load: some JS/CSS came back uncompressed')
  printFirstLoad(assets, scripts, defaultUa)

  // Phase 4
  progress(`first contentful paint: ${FCP_RUNS} cold loads each`)
  const paint = paintPages(app.origin, baseline, page.body.length)
  await comparePaint(browser, paint)
  assertAppAlive(app, 'the browser phases')
  printPaint(paint)

  // At LOG_LEVEL=warn a healthy run should log nothing; show what it did log (deduplicated).
  const appLines = [...new Set(app.output.filter((line) => !/--trace-warnings/.test(line)))]
  for (const line of appLines.slice(0, 5)) note(`app output: ${line.slice(0, 300)}`)
  if (appLines.length > 5) note(`app output: … and ${appLines.length - 5} more distinct line(s)`)

  printSummary({ targets, memory, assets, scripts, paint, othersText })
  print(`(run took ${((Date.now() - started) / 1000).toFixed(0)} s)`)
}

try {
  await main()
} catch (error) {
  console.error('bench: failed:', error)
  process.exitCode = 1
} finally {
  // Notes are printed on every exit path: they are what explains a surprising number or a crash.
  if (notes.length) print('', '## Notes', '', ...notes.map((text) => `- ${text}`))
  await cleanup()
  // Nothing should be left running, but a stray handle must not keep a benchmark alive.
  process.exit(process.exitCode ?? 0)
}
