// An artifact's preview is hostile code (a model, or a prompt injected through a web page, wrote
// it): whatever it tries, it cannot reach the app, its cookies or storage, the network, or another
// site, and a preview that hangs or eats memory can be stopped while the app stays responsive.
// Each attempt is run in the playground's SandboxFrame and checked from outside the frame.
import { test, expect } from './fixtures.ts'
import { htmlProbe, openSandbox, reactProbe, useTrap } from './artifact-sandbox-helpers.ts'

// The sandbox's refusals are logged by the browser as console errors (CSP violations, blocked navigations).
test.use({ allowConsoleErrors: true })

const trap = useTrap()

/** Runs each attempt, and answers with one line per attempt: what it returned or the error's name. */
const attempts = (list: Record<string, string>) =>
  `const lines = []
  for (const [name, attempt] of Object.entries({ ${Object.entries(list)
    .map(([name, code]) => `${JSON.stringify(name)}: async () => { ${code} }`)
    .join(', ')} })) {
    try { lines.push(name + ': returned ' + JSON.stringify(await attempt())) } catch (error) { lines.push(name + ': ' + (error && error.name)) }
  }
  return lines.join('\\n')`

const READS = attempts({
  // Spelled in two halves, so the textarea holding this code does not contain the word itself.
  'top.document': "top.document.body.innerHTML = 'PW' + 'NED'; return 'wrote'",
  'parent.document': "return parent.document.title",
  cookie: 'return document.cookie',
  localStorage: "return localStorage.getItem('nuxt-color-mode')",
  sessionStorage: 'return sessionStorage.length',
  indexedDB: "return await new Promise((resolve, reject) => { const r = indexedDB.open('x'); r.onsuccess = () => resolve('opened'); r.onerror = () => reject(r.error) })",
})

for (const kind of ['html', 'react'] as const) {
  test(`a ${kind} preview cannot read the app's page, its cookies or any storage`, async ({ page, context }) => {
    await context.addCookies([{ name: 'probe', value: 'secret-cookie-value', url: page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url() }])
    const sandbox = await openSandbox(page)
    await sandbox.show(kind, kind === 'html' ? htmlProbe(READS) : reactProbe(READS))
    const out = (kind === 'html' ? sandbox.html : sandbox.preview).locator('#out')
    await expect(out).toContainText('indexedDB:', { timeout: 15_000 })
    const text = await out.textContent()
    for (const name of ['top.document', 'parent.document', 'cookie', 'localStorage', 'sessionStorage', 'indexedDB']) {
      expect(text, `${name} is refused`).toMatch(new RegExp(`^${name.replace('.', '\\.')}: (SecurityError|InvalidStateError|UnknownError)$`, 'm'))
    }
    expect(text).not.toContain('secret-cookie-value')
    await expect(page.locator('body')).not.toContainText('PWNED')
    await expect(page.getByRole('heading', { level: 1, name: 'UI playground' })).toBeVisible()
  })
}

test('a preview reaches no network: not our API, not another site, not a listener on this machine', async ({ page }) => {
  // What got an answer: the browser also reports the requests its policy refused before sending
  // them (they end as net::ERR_BLOCKED_BY_CSP), and those never left.
  const seen: string[] = []
  page.on('response', (response) => seen.push(`${response.request().method()} ${response.url()}`))
  const refused: string[] = []
  page.on('requestfailed', (request) => refused.push(`${request.url()} ${request.failure()?.errorText}`))
  const sandbox = await openSandbox(page)
  const api = new URL('/api/chats', page.url()).href
  const network = attempts({
    'fetch api': "return (await fetch('/api/chats')).status",
    'fetch api absolute': `return (await fetch(${JSON.stringify(api)}, { credentials: 'include' })).status`,
    'fetch example.com': "return (await fetch('https://example.com')).status",
    'fetch trap': `return (await fetch('${trap.origin}/fetch')).status`,
    xhr: `return await new Promise((resolve, reject) => { const x = new XMLHttpRequest(); x.open('GET', '${trap.origin}/xhr'); x.onload = () => resolve(x.status); x.onerror = () => reject(new TypeError('xhr')); x.send() })`,
    image: `return await new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve('loaded'); i.onerror = () => reject(new TypeError('image')); i.src = '${trap.origin}/image' })`,
    beacon: `return navigator.sendBeacon('${trap.origin}/beacon', 'x')`,
    websocket: `return await new Promise((resolve, reject) => { const w = new WebSocket('ws://127.0.0.1:${trap.port}/ws'); w.onopen = () => resolve('open'); w.onerror = () => reject(new TypeError('ws')) })`,
    eventsource: `return await new Promise((resolve, reject) => { const e = new EventSource('${trap.origin}/events'); e.onopen = () => resolve('open'); e.onerror = () => { e.close(); reject(new TypeError('es')) } })`,
    worker: `return await new Promise((resolve, reject) => { const w = new Worker(URL.createObjectURL(new Blob(['postMessage(1)']))); w.onmessage = () => resolve('ran'); w.onerror = () => reject(new TypeError('worker')) })`,
  })
  const html =
    `<img src="${trap.origin}/img-tag"><link rel="stylesheet" href="${trap.origin}/style.css"><div style="background:url(${trap.origin}/css-url)">x</div>` +
    `<script src="${trap.origin}/script.js"></script><video src="${trap.origin}/video"></video>` +
    htmlProbe(network)
  await sandbox.show('html', html)
  await expect(sandbox.html.locator('#out')).toContainText('worker:', { timeout: 15_000 })
  const text = (await sandbox.html.locator('#out').textContent()) ?? ''
  expect(text).not.toContain('returned 200')
  expect(text).toMatch(/^fetch api: TypeError$/m)
  expect(text).toMatch(/^fetch example\.com: TypeError$/m)
  // sendBeacon only queues (it says true); the listener below is what shows it never went out.

  // The same from a React artifact, which runs in the sandbox page itself.
  await sandbox.show('react', reactProbe(network))
  await expect(sandbox.preview.locator('#out')).toContainText('worker:', { timeout: 15_000 })
  expect(await sandbox.preview.locator('#out').textContent()).not.toContain('returned 200')

  expect(trap.requests, 'the listener heard nothing').toEqual([])
  expect(seen.filter((line) => line.includes('/api/chats')), 'no request to our API left the frame').toEqual([])
  expect(seen.filter((line) => line.includes(`:${trap.port}`) || line.includes('example.com'))).toEqual([])
  for (const line of refused.filter((entry) => entry.includes(`:${trap.port}`))) expect(line, "refused by the policy").toMatch(/ (csp|net::ERR_BLOCKED_BY_CSP|net::ERR_ABORTED)$/)
})

test('a streaming artifact is not re-rendered on every change: the newest content wins', async ({ page }) => {
  const sandbox = await openSandbox(page)
  await sandbox.render('html', '<p id="step">start</p>')
  // Each render of an HTML artifact is a new document in a new nested frame: count them.
  let documents = 0
  page.on('frameattached', () => documents++)
  // Fifty changes at once, as an answer streaming its artifact would make them.
  await page.evaluate(async () => {
    const textarea = [...document.querySelectorAll('textarea')].find((element) => element.labels?.[0]?.textContent?.startsWith('Sandbox content'))!
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
    for (let step = 1; step <= 50; step++) {
      setValue.call(textarea, `<p id="step">step ${step}</p>`)
      textarea.dispatchEvent(new Event('input', { bubbles: true }))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  })
  await expect(sandbox.html.locator('#step')).toHaveText('step 50')
  expect(documents).toBeGreaterThanOrEqual(1)
  expect(documents, 'a few renders, not fifty').toBeLessThan(10)
})
