// Both screens render on the server and hydrate; client navigation swaps pages without a reload,
// fetching only the next page's _payload.json.
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'
import { createChats } from './chat-helpers.ts'

test('/ → /chat/{id} → back navigates without reloading the page', async ({ page, consoleErrors }) => {
  const documents = countDocumentLoads(page)
  const payloads: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('_payload.json')) payloads.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await waitForHydration(page)
  await createChats(page, 'abc-123')
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))

  // wouter navigates with history.pushState, as its <Link> does.
  await page.evaluate(() => history.pushState(null, '', '/chat/abc-123'))
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat abc-123')
  await expect(page).toHaveURL(/\/chat\/abc-123$/)
  expect(payloads).toEqual(['/chat/abc-123/_payload.json'])

  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()

  // The sidebar's New chat link (an untitled chat's row is also called "New chat").
  await page.locator('a[href="/"]', { hasText: 'New chat' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()

  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42)
  expect(documents.value).toBe(1)
  expect(consoleErrors).toEqual([])
})

test('the chat screen renders on the server and hydrates without errors', async ({ page, consoleErrors }) => {
  await createChats(page, 'server-rendered')
  await page.goto('/chat/server-rendered')
  await waitForHydration(page)
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat server-rendered')
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached()
  expect(consoleErrors).toEqual([])
})

test('the sidebar collapses, stays collapsed after reload, and is a drawer on phones', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  const sidebar = page.getByRole('complementary', { name: 'Chats' })
  await expect(sidebar).toBeVisible()
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(sidebar).toBeHidden()
  await page.reload()
  await expect(sidebar).toBeHidden()
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(sidebar).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(sidebar).toBeHidden()
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(sidebar).toBeVisible()
  await page.getByRole('button', { name: 'Close sidebar' }).click()
  await expect(sidebar).toBeHidden()
})
