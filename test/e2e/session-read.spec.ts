// The session the server rendered with is inlined, so a page load makes no session request. When
// the session is read again (the sign-in popup finished), it is GET /api/_auth/session with accept:
// application/json, never retried; a failure means signed out (docs/product-contract.md).
import { createChats } from './chat-helpers.ts'
import { test, expect, waitForHydration } from './fixtures.ts'

/** What the opener does when the sign-in popup clears its flag in another window. */
async function popupFinished(page: import('@playwright/test').Page) {
  await page.evaluate(() =>
    window.dispatchEvent(new StorageEvent('storage', { key: 'temp-nuxt-auth-utils-popup', oldValue: 'true', newValue: null })),
  )
}

test('a page load needs no session request; the popup finishing reads it once as JSON', async ({ page }) => {
  const reads: Array<Record<string, string>> = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/_auth/session') reads.push(request.headers())
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(reads).toHaveLength(0)
  await popupFinished(page)
  await expect.poll(() => reads.length).toBe(1)
  expect(reads[0]!.accept).toBe('application/json')
})

test('a failing session read is not retried and reads as signed out', async ({ page }) => {
  await createChats(page, 'after-session-failure')
  let reads = 0
  await page.route('**/api/_auth/session', (route) => {
    reads++
    return route.fulfill({ status: 503, json: { statusCode: 503, code: 'UNAVAILABLE', message: 'Service Unavailable' } })
  })
  await page.goto('/')
  await waitForHydration(page)
  await popupFinished(page)
  await expect.poll(() => reads).toBe(1)
  await page.waitForTimeout(1000) // well past the HTTP client's retry delay (250 ms)
  expect(reads).toBe(1)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  // Still a working app: client navigation, and no error toast.
  await page.evaluate(() => history.pushState(null, '', '/chat/after-session-failure'))
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('status')).toHaveCount(0)
})
