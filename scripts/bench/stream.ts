// Streaming benchmark: `npx tsx scripts/bench/stream.ts` (or `npm run bench:stream`).
//
// A local OpenAI-compatible fake (test/helpers/fake-openai.ts) streams N tokens at a fixed pace;
// the production build (dist/node/server/main.js, a child process) relays them to the browser.
// Measured in the same run, so only the differences mean anything:
//
//   1. relay     time to first token and tokens/s straight from the fake vs through the app
//                (POST /api/chats, then POST /api/chats/:id and its UI message stream), medians
//   2. capacity  C answers streaming at once (one chat each) in the one app process: how many got
//                going within the time limit, and the app's RSS idle vs at its peak. A fresh app
//                per level (a true idle baseline), and the fake upstream in its own process so the
//                bench's own event loop is not what saturates first. Each level runs once per
//                BENCH_SAVE_INTERVALS value (ANSWER_SAVE_INTERVAL_MS, default "0,1000": answers
//                written only at their end vs saved every second while they stream), with the
//                tokens/s all answers got together and the rows the saves wrote per second.
//                The pace each answer kept: the upstream's time from its first token to its last
//                over the client's (the upstream process reports when it wrote them; paired by the
//                question, which names the message), and the CPU the app, the upstream and the
//                clients used per second.
//
// Environment: BENCH_TOKENS (default 100), BENCH_TOKEN_MS (pace, default 10), BENCH_RUNS (relay runs,
// default 7), BENCH_WARMUP (answers relayed before measuring, default 20: a server in use has run
// its code often enough for the JIT; a fresh one would measure compilation), BENCH_CONCURRENCY
// (default 200,500,1000), BENCH_LEVEL_SECONDS (limit per level, default 60), BENCH_APP_NODE_ARGS
// (node flags for the app, e.g. --cpu-prof), BENCH_HEAPSNAPSHOT (see startApp), BENCH_DATABASE
// (`postgres`: a fresh database on TEST_POSTGRES_URL's server instead of a SQLite file),
// BENCH_APP_LOG (a file for the app's log lines), BENCH_TOOLS (`off`: AI_TOOLS=none, and no tool
// step measured; otherwise 1b measures what one tool step adds to the time to the first text).
// Everything listens on and talks to 127.0.0.1; the run stops by itself (watchdog).
// Timings are reported, never asserted.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startFakeOpenAI } from '../../test/helpers/fake-openai.ts'
import { ONE_ADDRESS_ENV } from '../../test/helpers/one-address-env.ts'
import { freePort, positiveIntEnv, ROOT } from './bench-app.ts'

const HOST = '127.0.0.1'
const TOKENS = positiveIntEnv('BENCH_TOKENS', 100)
const TOKEN_MS = positiveIntEnv('BENCH_TOKEN_MS', 10)
const RUNS = positiveIntEnv('BENCH_RUNS', 7)
const WARMUP = positiveIntEnv('BENCH_WARMUP', 20)
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '200,500,1000').split(',').map((n) => Number(n.trim())).filter((n) => n > 0)
const LEVEL_SECONDS = positiveIntEnv('BENCH_LEVEL_SECONDS', 60)
const SAVE_INTERVALS = (process.env.BENCH_SAVE_INTERVALS ?? '0,1000').split(',').map((n) => Number(n.trim())).filter((n) => n >= 0)
const MODEL = 'bench-model'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
// Long enough that every answer of a level is still streaming when the last one starts.
const HOLD_TOKEN_MS = 50
const HOLD_TOKENS = 200

function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN
}

// ---------------------------------------------------------------------------------------------
// The app as a child process; everything we start is stopped on every exit path.

let app: ChildProcess | undefined
const cleanups: Array<() => Promise<void>> = []
async function cleanup() {
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((resolve) => app!.once('exit', resolve))
    app.kill('SIGTERM')
    const timer = setTimeout(() => app?.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }
  for (const run of cleanups.reverse()) await run().catch(() => {})
}
process.on('exit', () => app?.kill('SIGKILL'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)))

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN
}

/** The text of a chat completion request's last user message: the key that pairs an answer's two ends. */
function lastUserText(body: any): string {
  const user = [...(body?.messages ?? [])].reverse().find((message: { role: string }) => message.role === 'user')
  const content = user?.content
  return typeof content === 'string' ? content : Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : ''
}

/**
 * `--upstream <tokens> <ms>`: this file run as the fake upstream's own process (capacity phase).
 * After its URL it prints one JSON line per streamed answer: its key and when its first and last
 * content chunks were written (epoch ms), so the bench can compare the pace the upstream really
 * kept (its timers run late when the machine is busy) with the pace each client saw.
 */
async function upstreamMain(tokens: number, pace: number) {
  const fake = await startFakeOpenAI()
  fake.script({
    chunks: Array.from({ length: tokens }, (_, i) => ` tok${i}`),
    chunkDelayMs: pace,
    onContentSent: (body, sentAt) => {
      if (body?.stream) process.stdout.write(`${JSON.stringify({ key: lastUserText(body), ...sentAt })}\n`)
    },
  })
  process.stdout.write(`${fake.baseUrl}\n`)
  process.on('SIGTERM', () => void fake.close().finally(() => process.exit(0)))
}

interface UpstreamProcess {
  url: string
  pid: number
  /** Per answer key (its question's text): when the upstream wrote its first and last content chunk. */
  sent: Map<string, { first: number; last: number }>
  stop: () => Promise<void>
}

/** The fake upstream in its own process; `stop()` ends it (and every exit path does). */
async function startUpstreamProcess(tokens: number, pace: number): Promise<UpstreamProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--upstream', String(tokens), String(pace)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  cleanups.push(stop)
  process.on('exit', () => child.kill('SIGKILL'))
  const sent = new Map<string, { first: number; last: number }>()
  const url = await new Promise<string>((resolve, reject) => {
    let pending = ''
    let url: string | undefined
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk: string) => {
      pending += chunk
      let end: number
      while ((end = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, end)
        pending = pending.slice(end + 1)
        if (url === undefined) resolve((url = line.trim()))
        else {
          const { key, first, last } = JSON.parse(line)
          sent.set(key, { first, last })
        }
      }
    })
    child.once('exit', (code) => reject(new Error(`the upstream process exited (code ${code})`)))
  })
  return { url, pid: child.pid!, sent, stop }
}

async function stopApp() {
  if (!app || app.exitCode !== null || app.signalCode !== null) return
  stopping = true
  const exited = new Promise((resolve) => app!.once('exit', resolve))
  app.kill('SIGTERM')
  const timer = setTimeout(() => app?.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
  stopping = false
}

/** Where the app keeps its data: a SQLite file in `dataDir`, or (BENCH_DATABASE=postgres) a fresh database. */
async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (process.env.BENCH_DATABASE !== 'postgres') return { DATABASE_PATH: join(dataDir, 'bench.db') }
  const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const { default: pg } = await import('pg')
  const database = `bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database}`)
  await admin.end()
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl })
    await dropper.connect()
    await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await dropper.end()
  })
  return { DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString() }
}

async function scrapeCounter(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text()
  const line = text.split('\n').find((row) => row.startsWith(`${name} `))
  return line ? Number(line.slice(name.length + 1)) : 0
}

async function startApp(upstream: string, dataDir: string, extraEnv: Record<string, string> = {}): Promise<{ base: string; pid: number }> {
  const port = await freePort()
  // BENCH_HEAPSNAPSHOT=1: the app writes heap snapshots (Heap.*.heapsnapshot in the project folder)
  // at the first level's idle point and when all its answers are streaming: compare the two to see
  // what a running answer holds on to. (Not SIGUSR2: close-with-grace shuts the app down on it.)
  const nodeArgs = [...(process.env.BENCH_HEAPSNAPSHOT ? ['--heapsnapshot-signal=SIGWINCH'] : []), ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)]
  // BENCH_APP_LOG=file: the app's log lines (warnings and errors) go there.
  const stdout = process.env.BENCH_APP_LOG ? openSync(process.env.BENCH_APP_LOG, 'a') : 'ignore'
  const child = spawn(process.execPath, [...nodeArgs, 'dist/node/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', stdout, 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SESSION_KEY: randomBytes(32).toString('hex'),
      ...(await databaseEnv(dataDir)),
      OPENAI_BASE_URL: upstream,
      OPENAI_API_KEY: 'x',
      AI_MODELS: MODEL,
      AI_DEFAULT_MODEL: MODEL,
      ...ONE_ADDRESS_ENV,
      // BENCH_TOOLS=off: no tools offered (the plain streaming path); default: the built-in tools.
      ...(process.env.BENCH_TOOLS === 'off' ? { AI_TOOLS: 'none' } : {}),
      ...extraEnv,
    },
  })
  app = child
  let stderr = ''
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  child.once('exit', (code, signal) => {
    if (!stopping) progress(`app exited early (code ${code}, signal ${signal}): ${stderr}`)
  })
  const base = `http://${HOST}:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/readyz`)
      if (res.ok) return { base, pid: child.pid! }
    } catch {}
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the app did not become ready: ${stderr}`)
}
let stopping = false

// ---------------------------------------------------------------------------------------------
// HTTP: node:http with an unlimited agent (fetch would pool, and we want C real connections).

const agent = new Agent({ keepAlive: false, maxSockets: Infinity })

function post(url: string, body: unknown, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body)
    const req = httpRequest(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers } }, resolve)
    req.on('error', reject)
    req.setTimeout(120_000, () => req.destroy(new Error('request timed out')))
    req.end(payload)
  })
}

interface StreamTiming {
  firstTokenMs: number
  tokens: number
  /** How many reads the body took (tokens per read > 1: the app wrote several tokens at once). */
  reads: number
  /** From the first token to the last. */
  streamMs: number
  /** When the first and the last token arrived (epoch ms, sub-millisecond: comparable across processes). */
  firstAt: number
  lastAt: number
}

/** Reads an SSE body; `isToken` says which `data:` payloads are tokens. */
function readSse(res: IncomingMessage, started: number, isToken: (data: string) => boolean, onFirst?: () => void): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    let buffer = ''
    let first = 0
    let last = 0
    let tokens = 0
    let errorText: string | undefined
    let reads = 0
    res.setEncoding('utf8')
    res.on('data', (chunk: string) => {
      reads++
      buffer += chunk
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = event.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n')
        if (data.startsWith('{"type":"error"')) errorText = JSON.parse(data).errorText
        if (data && isToken(data)) {
          last = performance.now()
          if (!first) {
            first = last
            onFirst?.()
          }
          tokens++
        }
      }
    })
    res.on('end', () => (first ? resolve({ firstTokenMs: first - started, tokens, reads, streamMs: last - first, firstAt: performance.timeOrigin + first, lastAt: performance.timeOrigin + last }) : reject(new Error(`the stream ended without a token${errorText ? `: ${errorText}` : ''}`))))
    res.on('error', reject)
  })
}

const upstreamToken = (data: string) => data !== '[DONE]' && Boolean(JSON.parse(data).choices?.[0]?.delta?.content)
const appToken = (data: string) => data !== '[DONE]' && JSON.parse(data).type === 'text-delta'

async function direct(upstream: string): Promise<StreamTiming> {
  const started = performance.now()
  const res = await post(`${upstream}/chat/completions`, { model: MODEL, stream: true, messages: [{ role: 'user', content: 'Hello' }] }, { authorization: 'Bearer x' })
  return readSse(res, started, upstreamToken)
}

interface Chat {
  id: string
  messageId: string
  cookie: string
}

async function createChat(base: string, cookie?: string): Promise<Chat> {
  const messageId = randomUUID()
  const headers: Record<string, string> = { 'user-agent': UA, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) }
  const res = await post(`${base}/api/chats`, { message: { id: messageId, role: 'user', parts: [{ type: 'text', text: questionOf(messageId) }] } }, headers)
  let body = ''
  for await (const chunk of res) body += chunk
  if (res.statusCode !== 201) throw new Error(`POST /api/chats answered ${res.statusCode}: ${body}`)
  const setCookie = [res.headers['set-cookie'] ?? []].flat()[0]
  return { id: JSON.parse(body).id, messageId, cookie: cookie ?? setCookie!.split(';')[0]! }
}

/** Each chat's question names its message, so the upstream's record of an answer can be paired with the client's. */
const questionOf = (messageId: string) => `Hello (${messageId})`

async function relayed(base: string, chat: Chat, onFirst?: () => void): Promise<StreamTiming> {
  const started = performance.now()
  const res = await post(
    `${base}/api/chats/${chat.id}`,
    { id: chat.id, messages: [{ id: chat.messageId, role: 'user', parts: [{ type: 'text', text: questionOf(chat.messageId) }] }], trigger: 'submit-message' },
    { 'user-agent': UA, 'sec-fetch-site': 'same-origin', cookie: chat.cookie },
  )
  if (res.statusCode !== 200) {
    let body = ''
    for await (const chunk of res) body += chunk
    throw new Error(`POST /api/chats/:id answered ${res.statusCode}: ${body}`)
  }
  return readSse(res, started, appToken, onFirst)
}

/** Pace kept per answer: the upstream's first-to-last-token time over the client's, for the same answer. */
interface PaceKept {
  paired: number
  min: number
  p5: number
  median: number
  /** How much later than the upstream wrote it the client got each answer's last token (ms). */
  lagMedian: number
  lagMax: number
  /** The upstream's own pace against its nominal one (its timers run late on a busy machine). */
  upstreamVsNominal: number
}

function paceKept(received: Array<{ key: string; timing: StreamTiming }>, sent: Map<string, { first: number; last: number }>): PaceKept | undefined {
  const kept: number[] = []
  const lags: number[] = []
  const upstreamMs: number[] = []
  for (const { key, timing } of received) {
    const upstream = sent.get(key)
    if (!upstream) continue
    kept.push((upstream.last - upstream.first) / (timing.lastAt - timing.firstAt))
    lags.push(timing.lastAt - upstream.last)
    upstreamMs.push(upstream.last - upstream.first)
  }
  if (!kept.length) return undefined
  const sorted = [...kept].sort((a, b) => a - b)
  return {
    paired: kept.length,
    min: sorted[0]!,
    p5: sorted[Math.floor((sorted.length - 1) * 0.05)]!,
    median: median(kept),
    lagMedian: median(lags),
    lagMax: Math.max(...lags),
    upstreamVsNominal: ((HOLD_TOKENS - 1) * HOLD_TOKEN_MS) / median(upstreamMs),
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(join(ROOT, 'dist/node/server/main.js'))) throw new Error('dist/node/server/main.js is missing: run npm run build first')
  const watchdogSeconds = 120 + (RUNS + WARMUP) * 2 * (TOKENS * TOKEN_MS) / 1000 + LEVELS.length * (LEVEL_SECONDS + 30)
  setTimeout(() => {
    console.error(`bench: watchdog: still running after ${Math.round(watchdogSeconds)} s, giving up`)
    void cleanup().finally(() => process.exit(1))
  }, watchdogSeconds * 1000).unref()

  const fake = await startFakeOpenAI()
  cleanups.push(() => fake.close())
  const tokens = Array.from({ length: TOKENS }, (_, i) => ` tok${i}`)
  fake.script({ chunks: tokens, chunkDelayMs: TOKEN_MS })
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stream-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const { base, pid } = await startApp(fake.baseUrl, dataDir)
  progress(`app ${base} (pid ${pid}), upstream ${fake.baseUrl}; load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs`)

  // 1. relay: alternate direct and relayed runs so drift on the machine hits both alike.
  const owner = await createChat(base)
  await relayed(base, owner) // warm-up (JIT, first DB writes, title requests)
  for (let run = 1; run < WARMUP; run++) {
    await relayed(base, await createChat(base, owner.cookie))
    await direct(fake.baseUrl)
  }
  const directRuns: StreamTiming[] = []
  const appRuns: StreamTiming[] = []
  for (let run = 0; run < RUNS; run++) {
    directRuns.push(await direct(fake.baseUrl))
    appRuns.push(await relayed(base, await createChat(base, owner.cookie)))
  }
  const rate = (r: StreamTiming) => ((r.tokens - 1) / r.streamMs) * 1000
  const directTtft = median(directRuns.map((r) => r.firstTokenMs))
  const appTtft = median(appRuns.map((r) => r.firstTokenMs))
  const directRate = median(directRuns.map(rate))
  const appRate = median(appRuns.map(rate))
  const appTokens = median(appRuns.map((r) => r.tokens))

  // 1b. a tool step (unless BENCH_TOOLS=off): the model first calls the chart tool (local, no
  // network), then streams the same tokens once the result is back; alternated with plain answers.
  let toolStep: { plainTtft: number; toolTtft: number; chartMs: number } | undefined
  if (process.env.BENCH_TOOLS !== 'off') {
    const chartCall = { title: 'Bench', kind: 'bar', labels: ['a', 'b', 'c'], series: [{ name: 'n', values: [1, 2, 3] }] }
    const withTool = (body: any) =>
      body.messages.some((message: { role: string }) => message.role === 'tool')
        ? { chunks: tokens, chunkDelayMs: TOKEN_MS }
        : { chunks: [], toolCallChunks: [[{ index: 0, id: 'call_0', type: 'function', function: { name: 'chart', arguments: JSON.stringify(chartCall) } }]] }
    const plainRuns: StreamTiming[] = []
    const toolRuns: StreamTiming[] = []
    for (let run = 0; run < RUNS; run++) {
      fake.script({ chunks: tokens, chunkDelayMs: TOKEN_MS })
      plainRuns.push(await relayed(base, await createChat(base, owner.cookie)))
      fake.script(withTool)
      toolRuns.push(await relayed(base, await createChat(base, owner.cookie)))
    }
    fake.script({ chunks: tokens, chunkDelayMs: TOKEN_MS })
    // The tool's own time, measured apart: the same call to the chart tool's code in this process.
    const { createChartTool } = await import('../../server/services/tools/chart.ts')
    const tool = createChartTool()
    const chartTimes: number[] = []
    for (let i = 0; i < 200; i++) {
      const started = performance.now()
      await tool.execute(chartCall, { signal: new AbortController().signal })
      chartTimes.push(performance.now() - started)
    }
    toolStep = { plainTtft: median(plainRuns.map((r) => r.firstTokenMs)), toolTtft: median(toolRuns.map((r) => r.firstTokenMs)), chartMs: median(chartTimes) }
  }

  // 2. capacity: C chats made first, then C answers started at once; RSS sampled meanwhile.
  await stopApp()
  // A fresh upstream per level too: one that served a level before streams the next one slower
  // (measured: the same level took 14 s first and 26 s after another), which would skew the ratios.
  let holdUpstream: Awaited<ReturnType<typeof startUpstreamProcess>> | undefined
  const levels: Array<{ c: number; saveMs: number; streaming: number; atOnce: number; completed: number; errors: number; idle: number; peak: number; tookS: number; tokensPerS: number; tokensPerCpuS: number; savesPerS: number; pace?: PaceKept; tokensPerRead: number; cpu: { app: number; upstream: number; bench: number }; firstError?: string }> = []
  const runs = LEVELS.flatMap((c) => SAVE_INTERVALS.map((saveMs) => ({ c, saveMs })))
  for (const [index, { c, saveMs }] of runs.entries()) {
    await stopApp()
    await holdUpstream?.stop()
    holdUpstream = await startUpstreamProcess(HOLD_TOKENS, HOLD_TOKEN_MS)
    const { base, pid } = await startApp(holdUpstream.url, join(dataDir, `level-${index}`), { ANSWER_SAVE_INTERVAL_MS: String(saveMs) })
    const chats: Chat[] = []
    // A few visitors, many chats each: distinct chats is what lets answers run side by side.
    const visitors = await Promise.all(Array.from({ length: 10 }, () => createChat(base)))
    chats.push(...visitors)
    while (chats.length < c + 1) {
      const batch = Math.min(50, c + 1 - chats.length)
      chats.push(...(await Promise.all(Array.from({ length: batch }, (_, i) => createChat(base, visitors[(chats.length + i) % visitors.length]!.cookie)))))
    }
    // One answer first so the idle baseline includes what any first answer loads (the AI SDK paths).
    await relayed(base, chats.pop()!)
    await new Promise((resolve) => setTimeout(resolve, 500))
    if (process.env.BENCH_HEAPSNAPSHOT && index === 0) {
      process.kill(pid, 'SIGWINCH')
      await new Promise((resolve) => setTimeout(resolve, 5000))
    }
    const idle = rssMb(pid)
    let peak = idle
    let streaming = 0
    let inFlight = 0
    let atOnce = 0
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
    const started = performance.now()
    let firstError: string | undefined
    const limit = new Promise<'limit'>((resolve) => setTimeout(() => resolve('limit'), LEVEL_SECONDS * 1000).unref())
    let tokens = 0
    let reads = 0
    const savesBefore = await scrapeCounter(base, 'answer_saves_total')
    const cpuBefore = cpuSeconds(pid)
    const upstreamCpuBefore = cpuSeconds(holdUpstream.pid)
    const benchCpuBefore = process.cpuUsage()
    const received: Array<{ key: string; timing: StreamTiming }> = []
    const results = chats.map((chat) =>
      relayed(base, chat, () => {
        streaming++
        atOnce = Math.max(atOnce, ++inFlight)
        if (process.env.BENCH_HEAPSNAPSHOT && index === 0 && streaming === c) process.kill(pid, 'SIGWINCH')
      }).then(
        (timing) => {
          inFlight--
          tokens += timing.tokens
          reads += timing.reads
          received.push({ key: questionOf(chat.messageId), timing })
          return true
        },
        (error: Error) => {
          firstError ??= error.message
          return false
        },
      ),
    )
    const outcome = await Promise.race([Promise.all(results), limit])
    clearInterval(sampler)
    const tookS = (performance.now() - started) / 1000
    const cpuS = cpuSeconds(pid) - cpuBefore
    const upstreamCpuS = cpuSeconds(holdUpstream.pid) - upstreamCpuBefore
    const benchCpu = process.cpuUsage(benchCpuBefore)
    await new Promise((resolve) => setTimeout(resolve, 200)) // the upstream's last records
    const saves = (await scrapeCounter(base, 'answer_saves_total')) - savesBefore
    const settled = outcome === 'limit' ? [] : outcome
    levels.push({
      c,
      saveMs,
      tokensPerS: tokens / tookS,
      tokensPerCpuS: tokens / cpuS,
      pace: paceKept(received, holdUpstream.sent),
      tokensPerRead: tokens / reads,
      cpu: { app: cpuS / tookS, upstream: upstreamCpuS / tookS, bench: (benchCpu.user + benchCpu.system) / 1e6 / tookS },
      savesPerS: saves / tookS,
      streaming,
      atOnce,
      completed: settled.filter(Boolean).length,
      errors: settled.filter((ok) => !ok).length,
      idle,
      peak,
      tookS,
      firstError,
    })
    progress(`${c} at once, saved every ${saveMs || '(never)'} ms: ${streaming} streamed, peak RSS ${peak.toFixed(0)} MB`)
    if (outcome === 'limit') break // the app is saturated: higher levels would only say so again
  }

  stopping = true
  await cleanup()

  const ms = (n: number) => n.toFixed(1)
  console.log(`\n### Streaming through the app (${TOKENS} tokens, one every ${TOKEN_MS} ms; medians of ${RUNS} runs)\n`)
  console.log('| measure | upstream direct | through the app | difference |')
  console.log('|---|---:|---:|---:|')
  console.log(`| time to first token (ms) | ${ms(directTtft)} | ${ms(appTtft)} | +${ms(appTtft - directTtft)} ms |`)
  console.log(`| tokens/s | ${directRate.toFixed(1)} | ${appRate.toFixed(1)} | ratio ${(appRate / directRate).toFixed(3)} |`)
  console.log(`| tokens received | ${TOKENS} | ${appTokens} | |`)
  if (toolStep) {
    console.log(`\n### One tool step (the chart tool, then the same answer; medians of ${RUNS} runs each, alternated)\n`)
    console.log('| measure | plain answer | with a tool step | difference | the tool itself | step overhead |')
    console.log('|---|---:|---:|---:|---:|---:|')
    const difference = toolStep.toolTtft - toolStep.plainTtft
    console.log(`| time to first text token (ms) | ${ms(toolStep.plainTtft)} | ${ms(toolStep.toolTtft)} | +${ms(difference)} ms | ${ms(toolStep.chartMs)} ms | ${ms(difference - toolStep.chartMs)} ms (a second model request included) |`)
  }
  console.log(`\n### Concurrent answers in one process (${HOLD_TOKENS} tokens, one every ${HOLD_TOKEN_MS} ms; ${process.env.BENCH_DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite file'})\n`)
  console.log('| answers started | saved while streaming | got a first token | most streaming at once | completed | errors | took (s) | tokens/s (all answers) | vs not saved | tokens per app CPU second | vs not saved | rows saved/s | RSS idle (MB) | RSS peak (MB) | per answer (KB) |')
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const l of levels) {
    const perAnswer = ((l.peak - l.idle) * 1024) / l.c
    const baseline = levels.find((other) => other.c === l.c && other.saveMs === 0)
    const ratio = baseline ? (l.tokensPerS / baseline.tokensPerS).toFixed(3) : '—'
    const cpuRatio = baseline ? (l.tokensPerCpuS / baseline.tokensPerCpuS).toFixed(3) : '—'
    console.log(
      `| ${l.c} | ${l.saveMs ? `every ${l.saveMs} ms` : 'no'} | ${l.streaming} | ${l.atOnce} | ${l.completed} | ${l.errors} | ${l.tookS.toFixed(1)} | ${l.tokensPerS.toFixed(0)} | ${ratio} | ${l.tokensPerCpuS.toFixed(0)} | ${cpuRatio} | ${l.savesPerS.toFixed(0)} | ${l.idle.toFixed(0)} | ${l.peak.toFixed(0)} | ${perAnswer.toFixed(0)} |`,
    )
  }
  console.log(`\n### The pace each answer kept (the same levels): the upstream's time from an answer's first token to its last, over the client's\n`)
  console.log('| answers started | saved while streaming | answers paired | kept: lowest | 5th percentile | median | last token after the upstream wrote it: median / most (ms) | the upstream\'s own pace vs nominal | tokens per read | CPU used per second: app / upstream / bench clients |')
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const l of levels) {
    const p = l.pace
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`
    console.log(
      `| ${l.c} | ${l.saveMs ? `every ${l.saveMs} ms` : 'no'} | ${p?.paired ?? 0} | ${p ? pct(p.min) : '—'} | ${p ? pct(p.p5) : '—'} | ${p ? pct(p.median) : '—'} | ${p ? `${p.lagMedian.toFixed(0)} / ${p.lagMax.toFixed(0)}` : '—'} | ${p ? pct(p.upstreamVsNominal) : '—'} | ${l.tokensPerRead.toFixed(2)} | ${l.cpu.app.toFixed(2)} / ${l.cpu.upstream.toFixed(2)} / ${l.cpu.bench.toFixed(2)} |`,
    )
  }
  for (const l of levels) if (l.firstError) console.log(`\n${l.c} at once, first error: ${l.firstError}`)
  console.log(`\nLoad average at the end: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs (other processes skew every number).`)
}

if (process.argv[2] === '--upstream') void upstreamMain(Number(process.argv[3]), Number(process.argv[4]))
else main().then(
  () => process.exit(0),
  async (error) => {
    console.error(`bench: ${(error as Error).stack ?? error}`)
    await cleanup()
    process.exit(1)
  },
)
