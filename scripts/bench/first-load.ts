// First-load size benchmark: `npx tsx scripts/bench/first-load.ts` (after `npm run build`).
//
// Starts the production build, opens pages in Chromium with an empty cache and lists every JS and
// CSS file the browser fetches until the network is idle, with its size raw, gzip (zlib's default
// level, as Vite's build report prints it), gzip -9 and brotli q11 (the .gz and .br files the
// server sends), and the total against the first-load budget. Files fetched in the few seconds
// after that (idle-time work such as the update check) are listed apart: they do not delay the
// page. Sizes are measured, never asserted: the exit code is 0 unless something crashed.
//
// Environment: FIRST_LOAD_PATHS (comma-separated, default `/,/chat/bench-first-load`),
// FIRST_LOAD_AFTER_IDLE_MS (how long to keep listening after network idle, default 3000).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../../test/helpers/chromium.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CLIENT_DIR = join(ROOT, 'dist/client')
const HOST = '127.0.0.1'
/** The first-load budget for JS+CSS, gzip (DESIGN: ≤ 100 KB; the target leaves room below it). */
const BUDGET_KB = 100
const TARGET_KB = 90
const PATHS = (process.env.FIRST_LOAD_PATHS ?? '/,/chat/bench-first-load').split(',').map((path) => path.trim()).filter(Boolean)
const AFTER_IDLE_MS = Number(process.env.FIRST_LOAD_AFTER_IDLE_MS ?? 3000)

interface Sizes {
  raw: number
  gzip: number
  gzip9: number
  brotli: number
}

interface Fetched {
  path: string
  kind: 'js' | 'css'
  /** Milliseconds after navigation start. */
  at: number
  sizes: Sizes
  afterIdle: boolean
}

function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

/** Sizes of a built client file; the .gz/.br the server sends when the build wrote them. */
function sizesOf(path: string): Sizes {
  const file = join(CLIENT_DIR, path)
  const source = readFileSync(file)
  const precompressed = (suffix: string, make: () => Buffer) => (existsSync(file + suffix) ? readFileSync(file + suffix) : make()).length
  return {
    raw: source.length,
    gzip: gzipSync(source).length,
    gzip9: precompressed('.gz', () => gzipSync(source, { level: 9 })),
    brotli: precompressed('.br', () => brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  }
}

function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist/node/server/main.js')) && existsSync(join(CLIENT_DIR, '.vite/manifest.json'))) return
  progress('no production build: npm run build')
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 10 * 60_000 })
  if (result.status !== 0) throw new Error(`npm run build failed (status ${result.status})`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function startApp(): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_PATH: ':memory:',
      SESSION_KEY: process.env.SESSION_KEY || randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const errors: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  const origin = `http://${HOST}:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited during start-up:\n${errors.join('')}`)
    const ok = await fetch(`${origin}/healthz`).then((response) => response.ok, () => false)
    if (ok) return { child, origin }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error('the app did not answer /healthz within 30 s')
}

async function firstLoad(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<Fetched[]> {
  // A new context: empty cache, new connections, a first visit.
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA })
  try {
    const page = await context.newPage()
    const fetched: Fetched[] = []
    let idle = false
    let start = 0
    page.on('response', (response) => {
      const { pathname } = new URL(response.url())
      const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : null
      if (!kind || !response.ok()) return
      fetched.push({ path: pathname, kind, at: Date.now() - start, sizes: sizesOf(pathname), afterIdle: idle })
    })
    start = Date.now()
    await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 })
    idle = true
    await page.waitForTimeout(AFTER_IDLE_MS)
    return fetched
  } finally {
    await context.close()
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(2)
const total = (list: Fetched[], key: keyof Sizes) => list.reduce((sum, item) => sum + item.sizes[key], 0)

function report(path: string, fetched: Fetched[]): string {
  const rows = fetched.map((item) =>
    `| \`${item.path}\` | ${item.kind} | ${item.at} | ${kb(item.sizes.raw)} | ${kb(item.sizes.gzip)} | ${kb(item.sizes.gzip9)} | ${kb(item.sizes.brotli)} | ${item.afterIdle ? 'after idle' : ''} |`,
  )
  const first = fetched.filter((item) => !item.afterIdle)
  const later = fetched.filter((item) => item.afterIdle)
  const gzip = total(first, 'gzip') / 1000
  return [
    `## First load of \`${path}\``,
    '',
    '| file | kind | fetched at ms | raw KB | gzip KB | gzip -9 KB | brotli KB | |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `- until network idle: ${first.length} files, gzip ${gzip.toFixed(2)} KB (gzip -9 ${kb(total(first, 'gzip9'))}, brotli ${kb(total(first, 'brotli'))}, raw ${kb(total(first, 'raw'))}); ` +
      `budget ${BUDGET_KB} KB: ${gzip <= BUDGET_KB ? 'within' : 'OVER'} (${(BUDGET_KB - gzip).toFixed(2)} KB left), target ${TARGET_KB} KB: ${gzip <= TARGET_KB ? 'met' : 'missed'}`,
    `- within ${AFTER_IDLE_MS} ms after idle: ${later.length} more files, gzip ${kb(total(later, 'gzip'))} KB`,
    '',
  ].join('\n')
}

async function main() {
  ensureBuild()
  progress('starting the app (production build)')
  const app = await startApp()
  const browser = await chromium.launch({ ...launchOptions(), timeout: 30_000 })
  try {
    console.log(`# First load (KB = 1000 bytes; gzip = zlib default level, as in Vite's build report)\n`)
    for (const path of PATHS) {
      progress(`first load of ${path}`)
      console.log(report(path, await firstLoad(browser, app.origin + path)))
    }
  } finally {
    await browser.close()
    app.child.kill('SIGTERM')
  }
}

main().catch((error: unknown) => {
  console.error('first-load: failed:', error)
  process.exitCode = 1
})
