// Client navigation fetches {path}/_payload.json through the HTTP client: a transient failure is
// retried once, an error answer becomes the error page with the server's message, and a prefetch
// whose chunk is gone never reloads the page the user is on.
import { createChats, ensurePlaygroundChats } from './chat-helpers.ts'
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'

test('a payload request that fails once with 503 is retried and the page shows', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await createChats(page, 'flaky')
  let attempts = 0
  await page.route('**/chat/flaky/_payload.json', (route) => {
    attempts++
    if (attempts === 1) return route.fulfill({ status: 503, json: { statusCode: 503, code: 'UNAVAILABLE', message: 'Service Unavailable' } })
    return route.continue()
  })
  await page.evaluate(() => history.pushState(null, '', '/chat/flaky'))
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat flaky')
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
  expect(attempts).toBe(2)
})

test('a payload answered with an error shows the error page with the server\'s message, without retry', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  let attempts = 0
  await page.route('**/chat/gone/_payload.json', (route) => {
    attempts++
    return route.fulfill({ status: 404, json: { statusCode: 404, code: 'CHAT_NOT_FOUND', message: 'This chat does not exist' } })
  })
  await page.evaluate(() => history.pushState(null, '', '/chat/gone'))
  await expect(page.getByText('This chat does not exist')).toBeVisible()
  await expect(page).toHaveTitle('Page not found')
  expect(attempts).toBe(1)
  // The error is not kept: leaving and coming back asks again.
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  await page.goForward()
  await expect(page.getByText('This chat does not exist')).toBeVisible()
  expect(attempts).toBe(2)
})

test('a prefetch whose chunk is gone does not reload the page; the click then reloads once', async ({ page, consoleErrors }) => {
  await ensurePlaygroundChats(page)
  const documents = countDocumentLoads(page)
  let chunkFailures = 0
  // As after a deploy: the chat screen's chunk is gone.
  await page.route(/\/assets\/chat-[\w-]{8}\.js$/, (route) => {
    chunkFailures++
    return route.fulfill({ status: 404, body: 'gone' })
  })
  let payloads = 0
  page.on('requestfinished', (request) => {
    if (/\/chat\/p\d+\/_payload\.json$/.test(request.url())) payloads++
  })
  // The update check's first request comes about a second after idle, well after the prefetches.
  const later = page.waitForRequest('**/_nuxt/builds/meta/*.json')
  await page.goto('/_playground')
  await waitForHydration(page)
  // The playground's prefetch links sit below other sections: bring them into view.
  await page.getByRole('heading', { name: 'Prefetch links' }).scrollIntoViewIfNeeded()
  await expect.poll(() => payloads).toBe(10)
  await expect.poll(() => chunkFailures).toBeGreaterThanOrEqual(1)
  await later
  expect(documents.value).toBe(1)
  await expect(page.getByRole('heading', { name: 'UI playground' })).toBeVisible()
  expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([])

  await page.getByRole('link', { name: '/chat/p4' }).click()
  await expect.poll(() => documents.value).toBe(2)
  await expect(page).toHaveURL(/\/chat\/p4$/)
  // After that one reload the chunk is still gone: the app says so in the console, and stops there.
  await expect.poll(() => consoleErrors.some((text) => text.includes('error while mounting the app'))).toBe(true)
  consoleErrors.length = 0
})
