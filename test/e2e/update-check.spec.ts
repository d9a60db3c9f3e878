// The page fetches its build's meta about 1000 ms after it goes idle, then polls
// latest.json. When the server runs a newer build, the next navigation is a full page load (the
// new build) instead of a client navigation; a hidden tab reloads, but never while the user types.
// A failed manifest fetch is only logged (docs/product-contract.md).
import type { Page } from '@playwright/test'
import { createChats } from './chat-helpers.ts'
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'

/** latest.json answers `state.latestId` once set; everything else reaches the real server. */
async function controlBuilds(page: Page) {
  const state = { latestId: null as string | null, metaRequests: 0, latestRequests: 0 }
  page.on('request', (request) => {
    if (request.url().includes('/_nuxt/builds/meta/')) state.metaRequests++
    if (request.url().endsWith('/_nuxt/builds/latest.json')) state.latestRequests++
  })
  await page.route('**/_nuxt/builds/latest.json', (route) =>
    state.latestId
      ? route.fulfill({ json: { id: state.latestId, timestamp: Date.now() }, headers: { 'cache-control': 'no-cache' } })
      : route.continue(),
  )
  return state
}

/** Loads `url` with a controllable clock and lets the page reach the point where it polls. */
async function openAndWaitForPolling(page: Page, url: string) {
  if (url.startsWith('/chat/')) await createChats(page, url.slice('/chat/'.length))
  await page.clock.install()
  const builds = await controlBuilds(page)
  await page.goto(url)
  await waitForHydration(page)
  // Idle, then about 1000 ms: the build meta.
  await page.clock.runFor(1500)
  await expect.poll(() => builds.metaRequests).toBe(1)
  return builds
}

/** A new build is deployed; the page notices on its next poll (window focus, a minute later). */
async function deployNewBuild(page: Page, builds: Awaited<ReturnType<typeof controlBuilds>>) {
  builds.latestId = 'new-build-0001'
  // Polling starts once the meta response is handled, which may land after the clock moved:
  // keep moving a minute on and focusing until the page has polled.
  await expect(async () => {
    await page.clock.fastForward(61_000)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page.locator('html')).toHaveAttribute('data-update-available', 'new-build-0001', { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

test('after a new build, the next navigation loads the whole page instead of navigating client-side', async ({ page, consoleErrors }) => {
  const builds = await openAndWaitForPolling(page, '/chat/before-deploy')
  const documents = countDocumentLoads(page)
  expect(builds.latestRequests).toBe(0)

  await deployNewBuild(page, builds)
  expect(builds.latestRequests).toBeGreaterThanOrEqual(1)
  expect(documents.value).toBe(0)

  await newChatLink(page).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  expect(documents.value).toBe(1)
  await expect(page.locator('html')).not.toHaveAttribute('data-update-available')
  expect(consoleErrors).toEqual([])
})

test('without a new build, navigation stays client-side', async ({ page }) => {
  const builds = await openAndWaitForPolling(page, '/chat/no-deploy')
  const documents = countDocumentLoads(page)
  // As in deployNewBuild: polling starts when the meta response is handled, which may come late.
  await expect(async () => {
    await page.clock.fastForward(61_000)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => builds.latestRequests, { timeout: 1000 }).toBeGreaterThanOrEqual(1)
  }).toPass({ timeout: 15_000 })
  await newChatLink(page).click()
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  expect(documents.value).toBe(0)
})

test('a hidden tab reloads for a new build, but not while the user is typing', async ({ page }) => {
  const builds = await openAndWaitForPolling(page, '/chat/typing')
  const documents = countDocumentLoads(page)
  await deployNewBuild(page, builds)

  // The user is typing in a field when they switch tabs.
  await page.evaluate(() => {
    const input = document.createElement('input')
    input.setAttribute('aria-label', 'Draft')
    document.body.append(input)
  })
  await page.getByRole('textbox', { name: 'Draft' }).fill('half a thought')
  const hide = () =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
  await hide()
  // A reload would have started inside that event: the document and the draft are still here.
  expect(await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(document.querySelector<HTMLInputElement>('input[aria-label="Draft"]')?.value))))).toBe(
    'half a thought',
  )
  expect(documents.value).toBe(0)

  // Once the field no longer has focus, the next hidden moment reloads.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await hide()
  await expect.poll(() => documents.value).toBe(1)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByRole('textbox', { name: 'Draft' })).toHaveCount(0)
})

test('a failed manifest fetch is only logged: a warning, no error, no toast', async ({ page, consoleErrors }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await page.route('**/_nuxt/builds/meta/*.json', (route) =>
    route.fulfill({ status: 404, json: { statusCode: 404, code: 'BUILD_NOT_FOUND', message: 'Unknown build' } }),
  )
  await openAndWaitForPolling(page, '/')
  await expect.poll(() => warnings.some((text) => text.includes('update-check: could not fetch the build meta'))).toBe(true)
  // The browser itself reports the failed request; the app adds no error of its own.
  expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([])
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('status')).toHaveCount(0)
})

/** The sidebar's New chat link (a chat without a title yet is also called "New chat"). */
function newChatLink(page: import('@playwright/test').Page) {
  return page.locator('a[href="/"]', { hasText: 'New chat' })
}
