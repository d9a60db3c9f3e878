// bench:artifacts — what a long artifact costs as it changes. A model (an OpenAI-compatible fake
// speaking the real wire format, its tool calls included) writes a 200 KB document, then changes it
// 20 times with small exact edits and 3 times by rewriting it whole, through the production build in
// Chromium. Printed, each against a baseline of the same run:
//   - bytes the model sends per version: an edit against a whole rewrite;
//   - bytes stored per version (every version is kept whole: what the store holds);
//   - the answer's time through the app: an edit against a rewrite;
//   - in the browser, from the chunk that says the version is stored to the panel showing it,
//     against a plain answer's last words reaching the page the same way;
//   - the panel's first load: what opening it fetches, against the chat screen's own first load.
// Nothing is asserted: numbers go to scripts/bench/README.md.
import { chromium, type Page } from '@playwright/test'
import { launchOptions, DESKTOP_CHROME_UA } from '../../test/helpers/chromium.ts'
import { startFakeOpenAI } from '../../test/helpers/fake-openai.ts'
import { ensureBuild, startProductionApp } from './bench-app.ts'

const EDITS = 20
const REWRITES = 3
const SECTIONS = 200

/** A Markdown document of about 200 KB: 200 sections of a heading and a paragraph each. */
function markdownDocument(revision: (section: number) => string): string {
  const paragraph = 'The tea plant is grown in warm, wet hills; its leaves are picked, withered, rolled and dried. '.repeat(10)
  return Array.from({ length: SECTIONS }, (_, i) => `## Section ${i + 1}${revision(i + 1)}\n\n${paragraph}\n`).join('\n')
}

const toolCall = (name: string, args: string) => [
  [{ index: 0, id: `call_${name}`, type: 'function', function: { name, arguments: '' } }],
  // The arguments in pieces as a provider streams them.
  ...(args.match(/[\s\S]{1,2048}/g) ?? []).map((piece) => [{ index: 0, function: { arguments: piece } }]),
]

interface Round {
  kind: 'edit' | 'rewrite'
  n: number
  argsBytes: number
  /** Request to the end of the answer's stream, in the browser. */
  answerMs: number
  /** The "stored" chunk's arrival to the panel showing the new version. */
  previewMs: number
  /** The answer's last words' chunk to those words on the page. */
  textMs: number
}

async function main() {
  ensureBuild()
  const fake = await startFakeOpenAI()
  let artifactId = ''
  const marker = (n: number) => ` (revision ${n})`
  let lastArgsBytes = 0
  /** Answers finished: each one's last words name its number. */
  let answered = 0
  fake.script((body) => {
    const messages = body.messages as Array<{ role: string; content: unknown }>
    const last = messages.at(-1)!
    if (last.role === 'tool') {
      const match = /"artifactId":"([^"]+)"/.exec(String(last.content))
      if (match) artifactId = match[1]!
      answered++
      return { chunks: ['The', ' artifact', ' is', ' saved', ` (done ${answered}).`] }
    }
    const text = String(typeof last.content === 'string' ? last.content : JSON.stringify(last.content))
    const n = Number(/round (\d+)/.exec(text)?.[1] ?? 0)
    let args: string
    if (/create/.test(text)) {
      args = JSON.stringify({ kind: 'document', title: 'Tea growing', content: markdownDocument(() => '') })
    } else if (/rewrite/.test(text)) {
      args = JSON.stringify({ id: artifactId, content: markdownDocument((section) => (section === 1 ? marker(n) : '')) })
    } else {
      args = JSON.stringify({ id: artifactId, edits: [{ find: `## Section ${n}\n`, replace: `## Section ${n}${marker(n)}\n` }] })
    }
    lastArgsBytes = Buffer.byteLength(args)
    return { chunks: [], toolCallChunks: toolCall(/create/.test(text) ? 'create_artifact' : 'update_artifact', args) }
  })

  const app = await startProductionApp({ OPENAI_BASE_URL: fake.baseUrl, AI_MODELS: 'fake-gpt', AI_DEFAULT_MODEL: 'openai:fake-gpt' })
  const browser = await chromium.launch({ ...launchOptions(), timeout: 30_000 })
  try {
    const page = await browser.newPage({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1440, height: 900 } })
    // tsx keeps functions' names with a helper (`__name`) that the page does not have.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    await page.addInitScript(watchAnswerStreams)
    await page.goto(`${app.origin}/`)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await send(page, 'Please create a document about growing tea')
    await page.waitForURL(/\/chat\//)
    await page.getByText('(done 1).').waitFor({ timeout: 60_000 })
    process.stderr.write('· the document is made\n')

    // The first load of the chat screen and what opening the panel adds, in a browser with nothing cached.
    const fresh = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1440, height: 900 }, storageState: await page.context().storageState() })
    const cold = await fresh.newPage()
    const screen = watchBytes(cold)
    await cold.goto(page.url().replace(/#.*$/, ''))
    await cold.getByText('(done 1).').waitFor()
    await cold.waitForLoadState('networkidle')
    const screenBytes = screen.total()
    const panel = watchBytes(cold)
    await cold.getByRole('button', { name: /^Open Tea growing/ }).first().click()
    await cold.locator('[data-artifact-panel]').getByText('Section 200', { exact: true }).waitFor({ timeout: 30_000 })
    await cold.waitForLoadState('networkidle')
    const panelBytes = panel.total()
    await fresh.close()
    if ((await page.locator('[data-artifact-panel]').count()) === 0) await page.getByRole('button', { name: /^Open Tea growing/ }).first().click()
    await page.locator('[data-artifact-panel]').getByText('Section 200', { exact: true }).waitFor({ timeout: 30_000 })

    const rounds: Round[] = []
    for (let i = 1; i <= EDITS + REWRITES; i++) {
      const kind = i <= EDITS ? 'edit' : 'rewrite'
      // Rewrites mark section 1; each edit marks section i.
      const text = `${kind === 'edit' ? 'Change' : 'rewrite'} it, round ${i}`
      const started = await page.evaluate(() => performance.now())
      await send(page, text)
      const shown = await page.evaluate(
        ({ needle, done, since }) =>
          new Promise<{ preview: number; text: number }>((resolve, reject) => {
            setTimeout(() => reject(new Error(`round not seen within 60 s: ${JSON.stringify(times)}, stream ended ${stream.end > since}`)), 60_000)
            const times = { preview: 0, text: 0 }
            const stream = (window as unknown as { __answerStream: { end: number } }).__answerStream
            const check = () => {
              const panel = document.querySelector('[data-artifact-panel]')
              if (!times.preview && panel?.textContent?.includes(needle)) times.preview = performance.now()
              if (!times.text && document.querySelector('[role="log"]')?.textContent?.includes(done)) times.text = performance.now()
              if (times.preview && times.text && stream.end > since) {
                observer.disconnect()
                clearInterval(poll)
                resolve(times)
              }
            }
            const observer = new MutationObserver(check)
            observer.observe(document.body, { subtree: true, childList: true, characterData: true })
            // The stream's end changes no DOM: looked at now and then as well.
            const poll = setInterval(check, 20)
            check()
          }),
        { needle: marker(i).trim(), done: `(done ${i + 1}).`, since: started },
      ).catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/bench-artifacts.png' })
        throw error
      })
      const stream = await page.evaluate(() => (window as unknown as { __answerStream: { stored: number; lastText: number; end: number } }).__answerStream)
      process.stderr.write(`· round ${i} (${kind})\n`)
      rounds.push({
        kind,
        n: i,
        argsBytes: lastArgsBytes,
        answerMs: stream.end - started,
        previewMs: shown.preview - stream.stored,
        textMs: shown.text - stream.lastText,
      })
    }

    const versions = await page.evaluate(async ({ id }) => {
      const chatId = location.pathname.split('/').at(-1)
      const list = await (await fetch(`/api/chats/${chatId}/artifacts/${id}`)).json()
      const sizes: number[] = []
      for (const version of list.versions as number[]) {
        const one = await (await fetch(`/api/chats/${chatId}/artifacts/${id}?version=${version}`)).json()
        sizes.push(new TextEncoder().encode(one.content).length)
      }
      return sizes
    }, { id: artifactId })

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const of = (kind: Round['kind']) => rounds.filter((round) => round.kind === kind)
    const edits = of('edit')
    const rewrites = of('rewrite')
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
    const editArgs = median(edits.map((round) => round.argsBytes))
    const rewriteArgs = median(rewrites.map((round) => round.argsBytes))
    const stored = median(versions.slice(1))
    const rows: Array<[string, string]> = [
      ['bytes the model sends per version: an edit / a rewrite', `${kb(editArgs)} / ${kb(rewriteArgs)} = ${(editArgs / rewriteArgs).toFixed(4)}×`],
      [`bytes stored per version (${versions.length} versions, each kept whole) / the document`, `${kb(stored)} / ${kb(versions[0]!)} = ${(stored / versions[0]!).toFixed(2)}×`],
      ['answer through the app: an edit / a rewrite (median)', `${(median(edits.map((r) => r.answerMs)) / median(rewrites.map((r) => r.answerMs))).toFixed(2)}×`],
      ['"stored" chunk → panel shows the version / last words → on the page (median, edits)', `${(median(edits.map((r) => r.previewMs)) / Math.max(median(edits.map((r) => r.textMs)), 0.1)).toFixed(2)}× (${median(edits.map((r) => r.previewMs)).toFixed(1)} vs ${median(edits.map((r) => r.textMs)).toFixed(1)} ms)`],
      ['the same for rewrites', `${(median(rewrites.map((r) => r.previewMs)) / Math.max(median(rewrites.map((r) => r.textMs)), 0.1)).toFixed(2)}×`],
      ['opening the panel fetches / the chat screen\'s first load (bytes on the wire)', `${kb(panelBytes)} / ${kb(screenBytes)} = ${(panelBytes / screenBytes).toFixed(2)}×`],
    ]
    const width = Math.max(...rows.map(([name]) => name.length))
    for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`)
  } finally {
    await browser.close()
    app.stop()
    await fake.close()
  }
}

/** Types a message in the composer and sends it. */
async function send(page: Page, text: string) {
  const box = page.getByPlaceholder('Send a message…')
  await box.fill(text)
  await box.press('Enter')
}

/** Bytes on the wire of every response from now on (what the browser was sent: compressed). */
function watchBytes(page: Page): { total(): number } {
  let bytes = 0
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null)
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize
  })
  return { total: () => bytes }
}

/**
 * In the page: when an answer's stream brings the chunk that says a tool's result is stored, and
 * its last words, and when it ends (performance.now()), read by tee-ing the chat's own fetch.
 */
function watchAnswerStreams() {
  const state = { stored: 0, lastText: 0, end: 0 }
  ;(window as unknown as { __answerStream: typeof state }).__answerStream = state
  const original = window.fetch.bind(window)
  window.fetch = async (input, init) => {
    const response = await original(input, init)
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href)
    if ((init?.method ?? 'GET') !== 'POST' || !/^\/api\/chats\/[^/]+$/.test(url.pathname) || !response.body) return response
    const [mine, theirs] = response.body.tee()
    void (async () => {
      const reader = mine.getReader()
      const decoder = new TextDecoder()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        const text = decoder.decode(value, { stream: true })
        if (text.includes('"tool-output-available"')) state.stored = performance.now()
        if (text.includes('(done ')) state.lastText = performance.now()
      }
      state.end = performance.now()
    })()
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

await main()
