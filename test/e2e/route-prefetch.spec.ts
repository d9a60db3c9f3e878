// Links prefetch their page (chunk and _payload.json) when they come into view or are
// hovered or focused; at most 4 preloads run at once and each path is fetched once; the click then
// shows the page from what was prefetched (docs/product-contract.md).
import type { Page } from '@playwright/test'
import { ensurePlaygroundChats } from './chat-helpers.ts'
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'

/** Holds every payload response back 500 ms and records how many were in flight at once. */
async function slowPayloads(page: Page) {
  const stats = { inFlight: 0, maxInFlight: 0, fetched: [] as string[] }
  await page.route('**/_payload.json', async (route) => {
    stats.fetched.push(new URL(route.request().url()).pathname)
    stats.inFlight++
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const response = await route.fetch()
    stats.inFlight--
    await route.fulfill({ response })
  })
  return stats
}

const chatPayloads = (fetched: string[]) => fetched.filter((path) => path.startsWith('/chat/')).sort()
const allTen = Array.from({ length: 10 }, (_, i) => `/chat/p${i + 1}/_payload.json`).sort()

test('links in view prefetch their pages, 4 at a time, each once; a click then needs no request', async ({ page, consoleErrors }) => {
  await ensurePlaygroundChats(page)
  const stats = await slowPayloads(page)
  await page.goto('/_playground')
  await waitForHydration(page)
  // The playground's prefetch links sit below other sections: bring them into view.
  await page.getByRole('heading', { name: 'Prefetch links' }).scrollIntoViewIfNeeded()
  await expect.poll(() => chatPayloads(stats.fetched)).toEqual(allTen)
  await expect.poll(() => stats.inFlight).toBe(0)
  expect(stats.maxInFlight).toBe(4)
  // The layout's links to / were prefetched too, once.
  expect(stats.fetched.filter((path) => path === '/_payload.json')).toHaveLength(1)

  const fetchedBefore = stats.fetched.length
  const documents = countDocumentLoads(page)
  await page.getByRole('link', { name: '/chat/p7' }).click()
  await expect(page).toHaveURL(/\/chat\/p7$/)
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat p7')
  expect(stats.fetched.length).toBe(fetchedBefore)
  expect(documents.value).toBe(0)
  expect(consoleErrors).toEqual([])
})

test('with Save-Data on, links prefetch only when hovered or focused', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } })
  })
  await ensurePlaygroundChats(page)
  const stats = await slowPayloads(page)
  await page.goto('/_playground')
  await waitForHydration(page)
  await page.getByRole('link', { name: '/chat/p3' }).hover()
  await expect.poll(() => stats.fetched).toContain('/chat/p3/_payload.json')
  await page.getByRole('link', { name: '/chat/p5' }).focus()
  await expect.poll(() => stats.fetched).toContain('/chat/p5/_payload.json')
  await expect.poll(() => stats.inFlight).toBe(0)
  // Had the links in view been prefetched, they would have been long before the hover finished.
  expect(chatPayloads(stats.fetched)).toEqual(['/chat/p3/_payload.json', '/chat/p5/_payload.json'])
})
