// Long chats benchmark: `npm run bench:long-chat` (after `npm run build`).
//
// A public chat of BENCH_LONG_MESSAGES messages (default 1,000) against one of 20, in the same run,
// both seeded with scripts/seed-history.ts (every tenth answer has code and a table), served by the
// production build and read in Chromium by a signed-out reader:
//   1. first load   BENCH_RUNS cold loads each (fresh context, alternating): first contentful paint,
//                   HTML bytes (the page data is inlined in it), DOM elements once hydrated
//   2. scrolling    from the bottom of the long chat to its first message with the mouse wheel
//                   (earlier messages load as the reader nears the top): long tasks over 50 ms
//   3. typing       into the composer of each (as its owner): key press to the next frame
// Only the ratios mean anything. Reported, never asserted. Writes JSON to BENCH_JSON
// (default /tmp/bench-long-chat.json).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { chromium, type Browser } from '@playwright/test'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { DESKTOP_CHROME_UA, launchOptions } from '../../test/helpers/chromium.ts'
import { seedHistory } from '../seed-history.ts'
import { ensureBuild, positiveIntEnv, startProductionApp } from './bench-app.ts'
import { keyCost } from './key-cost.ts'

const LONG = positiveIntEnv('BENCH_LONG_MESSAGES', 1000)
const SHORT = 20
const RUNS = positiveIntEnv('BENCH_RUNS', 7)
const SESSION_KEY = randomBytes(32).toString('hex')

function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Two public chats in a new SQLite file, and a cookie of their owner (a local account). */
async function seed(path: string) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_KEY, DATABASE_PATH: path, UPLOADS_DIR: join(path, '..', 'uploads') })
  const app = await build(config, { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
  await app.ready()
  try {
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, payload: { email: 'long@example.com', password: 'long chat bench 2026' } })
    const { id } = await app.db.selectFrom('users').select('id').where('email', '=', 'long@example.com').executeTakeFirstOrThrow()
    const [short] = await seedHistory(app.db, id, { chats: 1, messages: SHORT, idPrefix: 'short' })
    const [long] = await seedHistory(app.db, id, { chats: 1, messages: LONG, idPrefix: 'long' })
    await app.db.updateTable('chats').set({ visibility: 'public' }).execute()
    return { short: short!, long: long!, cookie: String(signUp.headers['set-cookie']).split(';')[0]! }
  } finally {
    await app.close()
  }
}

async function coldLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    const response = await page.goto(url, { waitUntil: 'networkidle' })
    const html = (await response!.body()).length
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    return await page.evaluate((bytes) => ({ html: bytes, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, elements: document.getElementsByTagName('*').length }), html)
  } finally {
    await context.close()
  }
}

/** Wheels up from the bottom until the first message shows; long tasks meanwhile. */
async function scrollToTop(browser: Browser, url: string) {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(`window.__long = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__long.push(entry.duration) }).observe({ type: 'longtask' })`)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForTimeout(1000)
    await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []))
    await page.mouse.move(640, 300)
    const started = Date.now()
    let wheels = 0
    while (Date.now() - started < 120_000) {
      const top = await page.evaluate(() => document.querySelectorAll('[role=log] article').length)
      if (top >= LONG && !(await page.getByRole('button', { name: 'Show earlier messages' }).count())) {
        // Everything is loaded: wheel on to the very top.
        const atTop = await page.evaluate(() => {
          const scroller = document.querySelector('[role=log]')!.closest('.overflow-y-auto')!
          return scroller.scrollHeight + scroller.scrollTop - scroller.clientHeight < 2
        })
        if (atTop) break
      }
      await page.mouse.wheel(0, -1000)
      wheels++
      await page.waitForTimeout(40)
    }
    const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long)
    const loaded = await page.evaluate(() => document.querySelectorAll('[role=log] article').length)
    return { wheels, loaded, seconds: (Date.now() - started) / 1000, longTasks: longTasks.length, longestMs: Math.max(0, ...longTasks) }
  } finally {
    await context.close()
  }
}

async function main() {
  ensureBuild()
  const dir = mkdtempSync(join(tmpdir(), 'bench-long-chat-'))
  const path = join(dir, 'long-chat.db')
  progress(`seeding public chats of ${SHORT} and ${LONG} messages`)
  const chats = await seed(path)
  const app = await startProductionApp({ DATABASE_PATH: path, SESSION_KEY })
  const browser = await chromium.launch(launchOptions())
  try {
    const urls = { short: `${app.origin}/chat/${chats.short}`, long: `${app.origin}/chat/${chats.long}` }
    const loads = { short: [] as Array<{ html: number; fcp: number; elements: number }>, long: [] as Array<{ html: number; fcp: number; elements: number }> }
    await coldLoad(browser, urls.short)
    await coldLoad(browser, urls.long)
    for (let run = 0; run < RUNS; run++) {
      progress(`cold loads ${run + 1}/${RUNS}`)
      loads.short.push(await coldLoad(browser, urls.short))
      loads.long.push(await coldLoad(browser, urls.long))
    }
    progress('scrolling the long chat to its first message')
    const scroll = await scrollToTop(browser, urls.long)
    progress('typing into both')
    const [name, value] = chats.cookie.split('=') as [string, string]
    const cookies = [{ name, value }]
    const typing = { short: await keyCost(browser, urls.short, cookies, 120), long: await keyCost(browser, urls.long, cookies, 120) }

    const m = (side: 'short' | 'long', key: 'html' | 'fcp' | 'elements') => median(loads[side].map((load) => load[key]))
    const ratio = (key: 'html' | 'fcp' | 'elements') => m('long', key) / m('short', key)
    console.log(`# Long chats: a public chat of ${LONG} messages vs one of ${SHORT}, medians of ${RUNS} cold loads each (alternating)\n`)
    console.log(`| measure | ${SHORT} messages | ${LONG} messages | ratio | goal |`)
    console.log('| --- | ---: | ---: | ---: | --- |')
    console.log(`| first contentful paint (ms) | ${m('short', 'fcp').toFixed(0)} | ${m('long', 'fcp').toFixed(0)} | ${ratio('fcp').toFixed(2)} | ≤ 1.3 |`)
    console.log(`| HTML bytes (page data inlined) | ${m('short', 'html')} | ${m('long', 'html')} | ${ratio('html').toFixed(2)} | ≤ 1.5 |`)
    console.log(`| DOM elements once hydrated | ${m('short', 'elements')} | ${m('long', 'elements')} | ${ratio('elements').toFixed(2)} | |`)
    console.log(`| key press to next frame, median (ms) | ${typing.short.medianMs.toFixed(1)} | ${typing.long.medianMs.toFixed(1)} | ${(typing.long.medianMs / typing.short.medianMs).toFixed(2)} | as responsive |`)
    console.log(`| key press to next frame, slowest (ms) | ${typing.short.slowestMs.toFixed(1)} | ${typing.long.slowestMs.toFixed(1)} | | |`)
    console.log(`\nScrolling from the bottom to the first message: ${scroll.wheels} wheel turns in ${scroll.seconds.toFixed(1)} s, ${scroll.loaded} messages loaded; long tasks over 50 ms: ${scroll.longTasks} (longest ${scroll.longestMs.toFixed(0)} ms; goal: none).`)
    writeFileSync(process.env.BENCH_JSON || '/tmp/bench-long-chat.json', JSON.stringify({ short: SHORT, long: LONG, runs: RUNS, loads, scroll, typing }, null, 2))
  } finally {
    await browser.close()
    app.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
