// SPEC §7, §8: after hydration the page reads GET /api/_auth/session (accept: application/json)
// once, with no retry; a failing read is treated as no session and breaks nothing.
import { test, expect, waitForHydration } from './fixtures.ts'

test('the session is read once after hydration, with accept: application/json', async ({ page, consoleErrors }) => {
  const reads: Array<Record<string, string>> = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/_auth/session') reads.push(request.headers())
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => reads.length).toBe(1)
  expect(reads[0]!.accept).toBe('application/json')
  expect(consoleErrors).toEqual([])
})

test('a failing session read is not retried and the page keeps working', async ({ page, consoleErrors }) => {
  let reads = 0
  await page.route('**/api/_auth/session', (route) => {
    reads++
    return route.fulfill({ status: 503, json: { statusCode: 503, code: 'UNAVAILABLE', message: 'Service Unavailable' } })
  })
  await page.clock.install()
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => reads).toBe(1)
  // Well past the HTTP client's retry delay: the update check's meta request comes 1000 ms after idle.
  const meta = page.waitForRequest('**/_nuxt/builds/meta/*.json')
  await page.clock.runFor(1500)
  await meta
  expect(reads).toBe(1)
  // Still a working app: client navigation.
  await page.evaluate(() => history.pushState(null, '', '/chat/after-session-failure'))
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
  expect(consoleErrors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([])
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('status')).toHaveCount(0)
})
