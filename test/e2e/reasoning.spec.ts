// An answer that thinks first: its reasoning streams live in an open "Thinking…" block, which closes
// to "Thought for N seconds" once the answer starts; it opens again on demand, and stays after a
// reload. The offline model thinks when asked to.
import { test, expect, waitForHydration } from './fixtures.ts'

test('reasoning shows live, collapses when the answer starts, and is kept after a reload', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Think step by step: why is the sky blue?')
  await prompt.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  const toggle = answer.getByRole('button', { name: /Thinking…|Thought/ })
  await expect(answer.getByRole('button', { name: 'Thinking…' })).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 })
  await expect(answer).toContainText('The question is “Think step by step')

  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(toggle).toHaveText(/^Thought for \d+ seconds?$/)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(answer).not.toContainText('The question is')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(answer).toContainText('my thinking follows a fixed pattern')

  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  const stored = page.getByRole('article', { name: 'Answer' }).getByRole('button', { name: /^Thought for \d+ seconds?$/ })
  await expect(stored).toHaveAttribute('aria-expanded', 'false')
  await stored.click()
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('The question is “Think step by step')

  // Exported with the reasoning as a quoted block before the answer.
  const id = new URL(page.url()).pathname.split('/').pop()!
  const markdown = await (await page.request.get(`/api/chats/${id}/export?format=md`)).text()
  expect(markdown).toMatch(/## Assistant\n\n> \*\*Thinking\*\*\n>\n> The question is/)
})

test('Stop while the model is still thinking keeps the reasoning so far, after a reload too', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Think carefully about the history of tea, please')
  await prompt.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer.getByRole('button', { name: 'Thinking…' })).toBeVisible({ timeout: 15_000 })
  await expect(answer).toContainText('The question is')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(answer).toContainText('Stopped')
  await expect(answer).not.toContainText('Connect a real model')
  await page.reload()
  await waitForHydration(page)
  const stored = page.getByRole('article', { name: 'Answer' })
  await expect(stored).toContainText('Stopped')
  await stored.getByRole('button', { name: /^Thought/ }).click()
  await expect(stored).toContainText('The question is')
})
