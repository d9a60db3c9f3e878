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
// FIRST_LOAD_AFTER_IDLE_MS (how long to keep listening after network idle, default 3000). A `/chat/{id}`
// path is created first (a public chat with an answer holding Markdown, a table and code).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../../test/helpers/chromium.ts'
import { ROOT, ensureBuild, seedPublicChat, startProductionApp } from './bench-app.ts'

const CLIENT_DIR = join(ROOT, 'dist/client')
const HOST = '127.0.0.1'
/**
 * First-load budgets for JS+CSS, gzip (docs/decisions/0006-first-load-budgets-and-lazy-chunks.md):
 * `/` ≤ 100 KB; a chat screen with Markdown and highlighting ≤ 250 KB, grammars and themes loaded
 * on demand (they are listed, and the total without them is printed too). The targets keep 5 KB of
 * room below each.
 */
function budgetFor(path: string): { budget: number; target: number } {
  return path.startsWith('/chat/') ? { budget: 250, target: 245 } : { budget: 100, target: 95 }
}
const ON_DEMAND = /\/assets\/(github-(light|dark)-default|typescript|tsx|javascript|jsx|json|shellscript|python|html|css|sql|yaml|markdown|go|rust|java|c|cpp|diff|dockerfile)-[\w-]{8}\.js$/
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
  const counted = total(first.filter((item) => !ON_DEMAND.test(item.path)), 'gzip') / 1000
  const { budget, target } = budgetFor(path)
  return [
    `## First load of \`${path}\``,
    '',
    '| file | kind | fetched at ms | raw KB | gzip KB | gzip -9 KB | brotli KB | |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    `- until network idle: ${first.length} files, gzip ${gzip.toFixed(2)} KB (gzip -9 ${kb(total(first, 'gzip9'))}, brotli ${kb(total(first, 'brotli'))}, raw ${kb(total(first, 'raw'))}); ` +
      `budget ${budget} KB: ${counted <= budget ? 'within' : 'OVER'} (${(budget - counted).toFixed(2)} KB left${counted !== gzip ? `, counting ${counted.toFixed(2)} KB: without grammars and themes` : ''}), target ${target} KB: ${counted <= target ? 'met' : 'missed'}`,
    `- within ${AFTER_IDLE_MS} ms after idle: ${later.length} more files, gzip ${kb(total(later, 'gzip'))} KB`,
    '',
  ].join('\n')
}

/**
 * A chat page needs a chat: `/chat/{id}` is created with a question whose answer has Markdown, a
 * table and a code block (so highlighting loads), answered, and made public, so the fresh browser
 * context of each measurement may read it.
 */
async function main() {
  ensureBuild()
  progress('starting the app (production build)')
  const app = await startProductionApp()
  for (const path of PATHS) {
    const chatId = /^\/chat\/([^/]+)$/.exec(path)?.[1]
    if (chatId) await seedPublicChat(app.origin, chatId)
  }
  const browser = await chromium.launch({ ...launchOptions(), timeout: 30_000 })
  try {
    console.log(`# First load (KB = 1000 bytes; gzip = zlib default level, as in Vite's build report)\n`)
    for (const path of PATHS) {
      progress(`first load of ${path}`)
      console.log(report(path, await firstLoad(browser, app.origin + path)))
    }
  } finally {
    await browser.close()
    app.stop()
  }
}

main().catch((error: unknown) => {
  console.error('first-load: failed:', error)
  process.exitCode = 1
})
