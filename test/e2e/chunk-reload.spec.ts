// A failed chunk load reloads the page once (docs/product-contract.md); a second failure within 10 s does not
// reload again (no loop).
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'
import { createChats } from './chat-helpers.ts'

// The second failure is logged by the app on purpose ('error while mounting the app').
test.use({ allowConsoleErrors: true })

test('a chunk that keeps failing causes exactly one reload', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await createChats(page, 'after-deploy')
  const documents = countDocumentLoads(page)
  let failures = 0
  // As after a deploy: the chat screen's chunk is gone.
  await page.route(/\/assets\/chat-[\w-]{8}\.js$/, (route) => {
    failures++
    return route.fulfill({ status: 404, body: 'gone' })
  })
  await page.evaluate(() => history.pushState(null, '', '/chat/after-deploy'))
  await expect.poll(() => documents.value).toBe(1)
  await page.waitForLoadState('load')
  // Give a looping page every chance to reload again.
  await page.waitForTimeout(2500)
  expect(documents.value).toBe(1)
  expect(failures).toBeGreaterThanOrEqual(2)
  await expect(page).toHaveURL(/\/chat\/after-deploy$/)
  // The server-rendered page is still there to read.
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('nuxt:reload'))).toMatch(/^\d+$/)
})
