import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'

test('an unknown page shows the 404 error page and Back to home returns without a reload', async ({ page }) => {
  const documents = countDocumentLoads(page)
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page).toHaveTitle('Page not found')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'We are sorry but this page could not be found.')
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  // The message already says the status: it is the heading, said once.
  await expect(page.getByRole('heading', { name: 'Page not found: /no/such/page' })).toBeVisible()
  await expect(page.getByText(/not found/i)).toHaveCount(1)
  await page.getByRole('button', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  await expect(page).toHaveTitle(/AI Chatbot Template/)
  expect(documents.value).toBe(1)
})

test('an invalid chat id is a fatal 404 whose Back to home reloads the app', async ({ page }) => {
  const response = await page.goto('/chat/not.valid')
  expect(response?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page.getByText('Page Not Found: /chat/not.valid')).toBeVisible()
  await page.getByRole('button', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/\??$/)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
})

test('navigating client-side to an unknown page shows the error page', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => history.pushState(null, '', '/missing'))
  await expect(page.getByText('Page not found: /missing')).toBeVisible()
  await expect(page).toHaveTitle('Page not found')
})

test('the Back to home button works before the app hydrates', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/no/such/page')
  await page.getByRole('button', { name: 'Back to home' }).click()
  await expect(page).toHaveURL(/\/\??$/)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
})

test('a chat that does not exist keeps the sidebar and header, and says "not found" once', async ({ page }) => {
  const response = await page.goto('/chat/no-such-chat')
  expect(response?.status()).toBe(404)
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Chat history' })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Chat not found' })).toBeVisible()
  await expect(main.getByText('404', { exact: true })).toBeVisible()
  await expect(main.getByText(/not found/i)).toHaveCount(1)
  await page.getByRole('link', { name: 'New chat' }).first().click()
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
})
