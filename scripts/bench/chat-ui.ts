// Chat screen benchmark: `npm run bench:chat-ui` (after `npm run build`).
//
// Starts the production build (offline model, its default pacing) and measures in Chromium:
//
//   1. layout shift  cumulative layout shift (CLS) of `/` and of a chat with Markdown, a table and
//                    a code block, each loaded in a fresh context, desktop 1280×800 and phone 390×844,
//                    light and dark. Budget: < 0.01.
//   2. typing        a user types into the prompt while an answer streams, and (the baseline, same
//                    run, same page) while nothing streams: long tasks (> 50 ms) and the slowest
//                    key press (Event Timing: input delay + handlers + next paint). Budget: no long
//                    task > 50 ms per token burst.
//   3. long chat     typing into the composer of a chat with BENCH_LONG_CHAT_MESSAGES messages (200)
//                    against a chat with 2 and the home page: the time from each key press to the
//                    frame after it (median and slowest). Keystrokes must not re-render messages, so
//                    the long chat should cost what the short one does.
//
// Environment: BENCH_TYPING_CHARS (default 120). Everything runs on 127.0.0.1 and stops by itself.
// Numbers are reported, never asserted.
import { randomUUID } from 'node:crypto'
import { chromium, type Browser, type Page } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../../test/helpers/chromium.ts'
import { ensureBuild, startProductionApp } from './bench-app.ts'
import { keyCost, type KeyCost } from './key-cost.ts'

const TYPING_CHARS = Number(process.env.BENCH_TYPING_CHARS ?? 120)
const LONG_CHAT_MESSAGES = Number(process.env.BENCH_LONG_CHAT_MESSAGES ?? 200)
const QUESTION = 'Show me a code example and a table, please'
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

/** Observers installed before any page script: layout shifts, long tasks, slow events. */
const OBSERVERS = `
  window.__bench = { cls: 0, longTasks: [], events: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'keydown' || entry.name === 'keypress' || entry.name === 'input') window.__bench.events.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`

interface Marks {
  cls: number
  longTasks: Array<{ at: number; ms: number }>
  events: Array<{ at: number; ms: number }>
}

const marks = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Marks }).__bench)

async function newPage(browser: Browser, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport, colorScheme })
  await context.addInitScript(OBSERVERS)
  return { context, page: await context.newPage() }
}

async function layoutShift(browser: Browser, url: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  const { context, page } = await newPage(browser, viewport, colorScheme)
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForTimeout(1000) // late fonts, icons, highlighting
    return (await marks(page)).cls
  } finally {
    await context.close()
  }
}

/** Creates a public chat whose answer has Markdown, a table and a code block. */
async function seedChat(origin: string): Promise<string> {
  const id = randomUUID()
  const json = { 'content-type': 'application/json' }
  const created = await fetch(`${origin}/api/chats`, { method: 'POST', headers: json, body: JSON.stringify({ id, message: { role: 'user', parts: [{ type: 'text', text: QUESTION }] } }) })
  if (!created.ok) throw new Error(`could not create a chat: ${created.status} ${await created.text()}`)
  const cookie = created.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const answer = await fetch(`${origin}/api/chats/${id}`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ trigger: 'regenerate-message', messages: [{ role: 'user', parts: [{ type: 'text', text: QUESTION }] }] }) })
  await answer.text()
  const shared = await fetch(`${origin}/api/chats/${id}`, { method: 'PATCH', headers: { ...json, cookie }, body: JSON.stringify({ visibility: 'public' }) })
  if (!shared.ok) throw new Error(`could not share the chat: ${shared.status}`)
  return id
}

interface Typing {
  longTasks: number
  longestTaskMs: number
  slowestKeyMs: number
  keysOver50: number
  streamed: boolean
}

/** Types into the prompt; with `whileStreaming`, first sends a question so the answer streams meanwhile. */
async function typing(browser: Browser, origin: string, whileStreaming: boolean): Promise<Typing> {
  const { context, page } = await newPage(browser, VIEWPORTS.desktop, 'light')
  try {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    const prompt = page.getByRole('textbox').first()
    let streamed = false
    if (whileStreaming) {
      await prompt.fill(QUESTION)
      await prompt.press('Enter')
      await page.waitForURL(/\/chat\//)
      // The answer has started: the first words are on screen.
      await page.locator('[data-role="assistant"]').first().waitFor()
      await page.getByRole('button', { name: 'Stop' }).waitFor()
      streamed = true
    }
    const start = await page.evaluate(() => performance.now())
    const input = page.getByRole('textbox').first()
    await input.click()
    await input.pressSequentially('The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(TYPING_CHARS / 45)).slice(0, TYPING_CHARS), { delay: 30 })
    if (whileStreaming) streamed = await page.getByRole('button', { name: 'Stop' }).isVisible()
    const { longTasks, events } = await marks(page)
    const during = longTasks.filter((task) => task.at >= start)
    const keys = events.filter((event) => event.at >= start)
    return {
      longTasks: during.filter((task) => task.ms > 50).length,
      longestTaskMs: Math.max(0, ...during.map((task) => task.ms)),
      slowestKeyMs: Math.max(0, ...keys.map((event) => event.ms)),
      keysOver50: keys.filter((event) => event.ms > 50).length,
      streamed,
    }
  } finally {
    await context.close()
  }
}

/** A chat of `messages` messages (questions and the offline model's answers), and its owner's cookies. */
async function seedOwnedChat(origin: string, messages: number): Promise<{ id: string; cookies: Array<{ name: string; value: string }> }> {
  const id = randomUUID()
  const json = { 'content-type': 'application/json' }
  const question = (n: number) => ({ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: `Question ${n}: show me a code example and a table, please` }] })
  const created = await fetch(`${origin}/api/chats`, { method: 'POST', headers: json, body: JSON.stringify({ id, message: question(1) }) })
  if (!created.ok) throw new Error(`could not create a chat: ${created.status} ${await created.text()}`)
  const cookies = created.headers.getSetCookie().map((line) => line.split(';')[0]!).map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
  const headers = { ...json, cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') }
  for (let n = 1; n <= messages / 2; n++) {
    const body = n === 1 ? { trigger: 'regenerate-message', messages: [question(1)] } : { trigger: 'submit-message', messages: [question(n)] }
    const answer = await fetch(`${origin}/api/chats/${id}`, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!answer.ok) throw new Error(`could not answer question ${n}: ${answer.status} ${await answer.text()}`)
    await answer.text()
  }
  return { id, cookies }
}

async function main() {
  ensureBuild()
  const app = await startProductionApp()
  const watchdog = setTimeout(() => {
    console.error('bench: watchdog: still running after 5 minutes, giving up')
    app.stop()
    process.exit(1)
  }, 5 * 60_000)
  watchdog.unref()
  const browser = await chromium.launch(launchOptions())
  try {
    const chatId = await seedChat(app.origin)
    const pages = { '/': `${app.origin}/`, '/chat/{id}': `${app.origin}/chat/${chatId}` }
    const rows: string[] = []
    for (const [name, url] of Object.entries(pages)) {
      for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
        for (const scheme of ['light', 'dark'] as const) {
          progress(`layout shift ${name} ${viewportName} ${scheme}`)
          const cls = await layoutShift(browser, url, viewport, scheme)
          rows.push(`| \`${name}\` | ${viewportName} | ${scheme} | ${cls.toFixed(4)} | ${cls < 0.01 ? 'within' : 'OVER'} |`)
        }
      }
    }
    progress('typing without an answer streaming (baseline)')
    const idle = await typing(browser, app.origin, false)
    progress('typing while an answer streams')
    const streaming = await typing(browser, app.origin, true)

    // Answers without pauses, so 100 of them are written in seconds (a second app, same build).
    progress(`seeding chats of 2 and ${LONG_CHAT_MESSAGES} messages`)
    const quick = await startProductionApp({ OFFLINE_TOKEN_DELAY_MS: '0' })
    let costs: Array<[string, KeyCost]>
    try {
      const short = await seedOwnedChat(quick.origin, 2)
      const long = await seedOwnedChat(quick.origin, LONG_CHAT_MESSAGES)
      progress('typing into the home page, the short chat and the long chat')
      costs = [
        ['the home page', await keyCost(browser, `${quick.origin}/`, [], TYPING_CHARS)],
        ['a chat of 2 messages', await keyCost(browser, `${quick.origin}/chat/${short.id}`, short.cookies, TYPING_CHARS)],
        [`a chat of ${LONG_CHAT_MESSAGES} messages`, await keyCost(browser, `${quick.origin}/chat/${long.id}`, long.cookies, TYPING_CHARS)],
      ]
    } finally {
      quick.stop()
    }

    console.log('\n### Cumulative layout shift (budget < 0.01)\n')
    console.log('| page | viewport | colour mode | CLS | budget |')
    console.log('|---|---|---|---:|---|')
    for (const row of rows) console.log(row)
    console.log(`\n### Typing ${TYPING_CHARS} characters into the prompt (30 ms apart)\n`)
    console.log('| while | long tasks > 50 ms | longest task (ms) | slowest key press (ms) | key presses > 50 ms |')
    console.log('|---|---:|---:|---:|---:|')
    const line = (label: string, t: Typing) => `| ${label} | ${t.longTasks} | ${t.longestTaskMs.toFixed(0)} | ${t.slowestKeyMs.toFixed(0)} | ${t.keysOver50} |`
    console.log(line('nothing streams (baseline)', idle))
    console.log(line(`an answer streams${streaming.streamed ? '' : ' (it ended before the typing did)'}`, streaming))
    console.log(`\n### Per key: key press to the next frame, typing ${TYPING_CHARS} characters (same run)\n`)
    console.log('| page | median (ms) | slowest (ms) | median vs the short chat |')
    console.log('|---|---:|---:|---:|')
    const baseline = costs[1]![1].medianMs
    for (const [label, cost] of costs) console.log(`| ${label} | ${cost.medianMs.toFixed(1)} | ${cost.slowestMs.toFixed(1)} | ${(cost.medianMs / baseline).toFixed(2)} |`)
  } finally {
    await browser.close()
    app.stop()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: ${(error as Error).stack ?? error}`)
    process.exit(1)
  },
)
