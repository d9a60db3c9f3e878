// The sandbox as the artifact panel runs it, and on a host name of its own (ARTIFACTS_ORIGIN): the
// iframe loads from that host, renders, is a process of its own, and is as shut in as on the app's
// own host (its messages still come from an opaque origin; it reaches neither the app's API nor
// another page of the app's host).
import { test, expect, waitForHydration } from './fixtures.ts'
import { freePort, startAppProcess, type AppProcess } from '../helpers/app-process.ts'
import { openArtifactChat, panel } from './artifacts-helpers.ts'
import { PREVIEW_TITLE } from './artifact-sandbox-helpers.ts'

test.use({ allowConsoleErrors: true })

test("a real artifact's preview in the panel cannot reach the app's page, cookies or API", async ({ page }) => {
  await openArtifactChat(page, 'make a page about tea')
  await expect(panel(page).locator('[data-artifact-preview="html"] iframe')).toHaveAttribute('sandbox', 'allow-scripts')
  // The iframe is there before its page has loaded (its frame is at about:blank until then).
  const sandboxFrame = () => page.frames().find((frame) => frame.url().endsWith('/sandbox/artifact'))
  await expect.poll(() => sandboxFrame() !== undefined, { message: 'the panel embeds the sandbox page' }).toBe(true)
  const sandbox = sandboxFrame()
  // Hostile code, run in the panel's own sandbox frame.
  const outcome = await sandbox!.evaluate(async () => {
    const attempt = async (run: () => unknown) => {
      try {
        return `returned ${String(await run())}`
      } catch (error) {
        return (error as Error).name
      }
    }
    return {
      parent: await attempt(() => parent.document.title),
      cookie: await attempt(() => document.cookie),
      storage: await attempt(() => localStorage.length),
      api: await attempt(async () => (await fetch('/api/chats')).status),
      origin: self.origin,
    }
  })
  expect(outcome).toEqual({ parent: 'SecurityError', cookie: 'SecurityError', storage: 'SecurityError', api: 'TypeError', origin: 'null' })
})

for (const [kind, prompt] of [
  ['html', 'make a page about tea'],
  ['react', 'make a component about tea'],
] as const) {
  test(`a ${kind} artifact opened in a tab of its own is our URL but cannot read our cookies or call our API`, async ({ page, context }) => {
    await openArtifactChat(page, prompt)
    const href = await panel(page).getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')
    const tab = await context.newPage()
    const apiCalls: string[] = []
    tab.on('response', (response) => response.url().includes('/api/') && apiCalls.push(response.url()))
    const opened = await tab.goto(new URL(href!, page.url()).href)
    expect(opened?.status()).toBe(200)
    expect(new URL(tab.url()).origin, 'the address is ours').toBe(new URL(page.url()).origin)
    const outcome = await tab.evaluate(async () => {
      const attempt = async (run: () => unknown) => {
        try {
          return `returned ${String(await run())}`
        } catch (error) {
          return (error as Error).name
        }
      }
      return { origin: self.origin, cookie: await attempt(() => document.cookie), api: await attempt(async () => (await fetch('/api/chats')).status) }
    })
    expect(outcome).toEqual({ origin: 'null', cookie: 'SecurityError', api: 'TypeError' })
    expect(apiCalls).toEqual([])
    if (kind === 'react') await expect(tab.locator('#root')).not.toBeEmpty({ timeout: 15_000 })
    await tab.close()
  })
}

test.describe('on a host name of its own (ARTIFACTS_ORIGIN)', () => {
  let app: AppProcess
  test.beforeAll(async () => {
    test.setTimeout(60_000)
    const port = await freePort()
    // The app on 127.0.0.1, the sandbox on localhost: the same server, two sites to the browser.
    app = await startAppProcess('artifacts-origin', {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ARTIFACTS_ORIGIN: `http://localhost:${port}`,
      UI_PLAYGROUND: 'true',
      DATABASE_PATH: ':memory:',
      LOG_LEVEL: 'warn',
      SESSION_KEY: '1b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
    }, { port })
  })
  test.afterAll(async () => {
    await app.stop()
  })

  test('the preview loads from that host, renders, and is shut in there too', async ({ page }) => {
    const origin = new URL(app.url).port
    await page.goto(`${app.url}/_playground`)
    await waitForHydration(page)
    const iframe = page.locator(`iframe[title="${PREVIEW_TITLE}"]`)
    await iframe.scrollIntoViewIfNeeded()
    await expect(iframe).toHaveAttribute('src', `http://localhost:${origin}/sandbox/artifact`)
    await expect(page.frameLocator(`iframe[title="${PREVIEW_TITLE}"]`).frameLocator('iframe').locator('h1')).toHaveText('Hello from the sandbox', { timeout: 15_000 })
    await expect(page.getByTestId('sandbox-rendered')).not.toHaveText('0')

    const cdp = await page.context().newCDPSession(page)
    const { targetInfos } = await cdp.send('Target.getTargets')
    expect(targetInfos.filter((target) => target.type === 'iframe' && target.url === `http://localhost:${origin}/sandbox/artifact`)).toHaveLength(1)

    const sandbox = page.frames().find((frame) => frame.url() === `http://localhost:${origin}/sandbox/artifact`)!
    const outcome = await sandbox.evaluate(async (appUrl) => {
      const attempt = async (run: () => unknown) => {
        try {
          return `returned ${String(await run())}`
        } catch (error) {
          return (error as Error).name
        }
      }
      return { origin: self.origin, cookie: await attempt(() => document.cookie), api: await attempt(async () => (await fetch(`${appUrl}/api/chats`)).status), own: await attempt(async () => (await fetch('/api/chats')).status) }
    }, app.url)
    expect(outcome).toEqual({ origin: 'null', cookie: 'SecurityError', api: 'TypeError', own: 'TypeError' })

    // The sandbox page navigating itself to another page of the server, on the app's host: the
    // app's frame-src names only the sandbox page on the sandbox's host, so this is refused.
    const responses: string[] = []
    page.on('response', (response) => responses.push(response.url()))
    await sandbox.evaluate((appUrl) => {
      location.href = `${appUrl}/_playground?from-the-frame`
    }, app.url)
    await expect(page.getByText('This preview is not responding.')).toBeVisible({ timeout: 15_000 })
    expect(responses.filter((url) => url.includes('from-the-frame'))).toEqual([])
  })
})
