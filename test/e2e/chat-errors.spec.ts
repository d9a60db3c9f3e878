// Errors show as a toast with the server's message and a Retry, and the typed text is never lost.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

const RATE_LIMITED = { statusCode: 429, code: 'RATE_LIMITED', message: 'You are sending messages too quickly. Try again in 30 seconds.' }

test('home: a refused send keeps the text in the prompt, and Retry sends it', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.route('**/api/chats', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 429, json: RATE_LIMITED, headers: { 'retry-after': '30' } }) : route.fallback(),
  )
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Keep this text')
  await prompt.press('Enter')
  const toast = page.getByRole('alert').filter({ hasText: 'Try again in 30 seconds' })
  await expect(toast).toBeVisible()
  await expect(prompt).toHaveValue('Keep this text')
  await expect(page).toHaveURL(/\/$/)

  await page.unroute('**/api/chats')
  await toast.getByRole('button', { name: 'Retry' }).click()
  await expect(page).toHaveURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Keep this text', { timeout: 15_000 })
})

test('chat: a 429 keeps the typed text, takes the message back out of the list, and Retry sends it', async ({ page }) => {
  const id = await sendFromHome(page, 'First question')
  await page.route(`**/api/chats/${id}`, (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 429, json: RATE_LIMITED }) : route.fallback(),
  )
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Second question, not lost')
  await prompt.press('Enter')
  const toast = page.getByRole('alert').filter({ hasText: 'Try again in 30 seconds' })
  await expect(toast).toBeVisible()
  await expect(prompt).toHaveValue('Second question, not lost')
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(1)

  await page.unroute(`**/api/chats/${id}`)
  await toast.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(2)
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText('Second question, not lost', { timeout: 15_000 })
})

test('chat: a model failure shows the server\'s message with a Retry that answers again', async ({ page }) => {
  const id = await sendFromHome(page, 'Hello')
  // The stream the server would send when the provider fails mid-answer: an error part.
  const failing = [
    { type: 'start', messageId: 'failed-answer' },
    { type: 'error', errorText: 'The model provider is unavailable (HTTP 503). Try again later.' },
  ]
  await page.route(`**/api/chats/${id}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' }, body: failing.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n' })
      : route.fallback(),
  )
  await page.getByRole('button', { name: 'Regenerate' }).click()
  const toast = page.getByRole('alert').filter({ hasText: 'The model provider is unavailable' })
  await expect(toast).toBeVisible()
  await page.unroute(`**/api/chats/${id}`)
  await toast.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model', { timeout: 15_000 })
})

test('a vote shows at once and is rolled back with a toast when the server refuses it', async ({ page }) => {
  const id = await sendFromHome(page, 'Rate me')
  const good = page.getByRole('button', { name: 'Good answer' })
  // The reload must come after the server stored the vote, or it reads the votes before they exist.
  const stored = page.waitForResponse((response) => response.url().endsWith(`/api/chats/${id}/votes`) && response.request().method() === 'POST')
  await good.click()
  await expect(good).toHaveAttribute('aria-pressed', 'true')
  expect((await stored).status()).toBe(200)
  await page.reload()
  await waitForHydration(page)
  await expect(good).toHaveAttribute('aria-pressed', 'true')

  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**/api/chats/${id}/votes`, async (route) => {
    await held
    await route.fulfill({ status: 500, json: { statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' } })
  })
  const bad = page.getByRole('button', { name: 'Bad answer' })
  await bad.click()
  // Optimistic: the new vote shows before the server has answered.
  await expect(bad).toHaveAttribute('aria-pressed', 'true')
  await expect(good).toHaveAttribute('aria-pressed', 'false')
  release()
  await expect(page.getByRole('alert').filter({ hasText: 'Your vote was not saved' })).toBeVisible()
  await expect(good).toHaveAttribute('aria-pressed', 'true')
  await expect(bad).toHaveAttribute('aria-pressed', 'false')
})
