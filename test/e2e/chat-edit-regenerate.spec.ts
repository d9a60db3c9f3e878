// Editing a question replaces it and everything after it; Regenerate writes the last answer again.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

test('edit a question: the old answer goes, the new one quotes the edited text (after a reload too)', async ({ page }) => {
  await sendFromHome(page, 'What is the capital of France?')
  const question = page.getByRole('article', { name: 'Your message' })
  await question.hover()
  await page.getByRole('button', { name: 'Edit message' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit your message' })
  await expect(editor).toBeFocused()
  await editor.fill('What is the capital of Portugal?')
  await editor.press('Enter')

  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('What is the capital of Portugal?', { timeout: 15_000 })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveText(/Portugal/)
  await expect(page.getByRole('log').getByText('France')).toHaveCount(0)

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText('Portugal')
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(1)
  await expect(page.getByRole('log').getByText('France')).toHaveCount(0)
})

test('Regenerate writes the answer again and keeps a single answer', async ({ page }) => {
  await sendFromHome(page, 'Tell me something nice')
  const regenerateRequest = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/chats\/[^/]+$/.test(new URL(request.url()).pathname))
  await page.getByRole('button', { name: 'Regenerate' }).click()
  expect((await regenerateRequest).postDataJSON()).toMatchObject({ trigger: 'regenerate-message' })
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(answer).toHaveCount(1)

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Tell me something nice')
})
