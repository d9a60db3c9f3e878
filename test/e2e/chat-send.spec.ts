// Sending from the home screen: the chat is created, the browser moves to /chat/{id}, the offline
// model's answer streams in, and a reload shows the stored conversation (server-rendered).
import { test, expect, waitForHydration } from './fixtures.ts'

test('send from home → the answer streams on the chat screen → a reload shows it', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await expect(prompt).toBeFocused()
  const send = page.getByRole('button', { name: 'Send message' })
  await expect(send).toBeDisabled()

  // Shift+Enter is a new line, Enter sends.
  await prompt.fill('Show me a code example')
  await prompt.press('Shift+Enter')
  await prompt.pressSequentially('please')
  await expect(prompt).toHaveValue('Show me a code example\nplease')
  await expect(send).toBeEnabled()
  await prompt.press('Enter')

  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByRole('article', { name: 'Your message' })).toContainText('Show me a code example\nplease')
  // While the answer streams there is a Stop button; it ends with the offline model's closing hint.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
  const answer = log.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  // The code block is highlighted once Shiki's chunks arrive, and has a copy button.
  await expect(answer.locator('.code-block code span[style]').first()).toBeAttached()
  await expect(answer.getByRole('button', { name: 'Copy code' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()

  const url = page.url()
  await page.reload()
  await waitForHydration(page)
  expect(page.url()).toBe(url)
  await expect(log.getByRole('article', { name: 'Your message' })).toContainText('Show me a code example')
  await expect(log.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
})

test('a phone (390×844) sends and reads an answer without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: /Write some code/ }).click()
  await expect(page).toHaveURL(/\/chat\//)
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  // The page itself never scrolls sideways (wide code scrolls inside its block).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await expect(prompt).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeInViewport()
})

test('code in a language without a grammar stays plain, and starts no highlighter', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  // The block asks for colours once the answer is complete and the browser idle: the module that
  // would start the worker arrives then.
  const asked = page.waitForResponse(/\/assets\/highlight-off-thread-[\w-]+\.js$/, { timeout: 20_000 })
  await prompt.fill('Show me a ruby example')
  await prompt.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  const block = answer.locator('.code-block')
  await expect(block).toContainText('ruby')
  await asked
  await page.waitForTimeout(1000)
  await expect(block.locator('code span[style]')).toHaveCount(0)
  expect(page.workers()).toHaveLength(0)

  // The same chat, asked for TypeScript: coloured, by the worker.
  await prompt.fill('Show me a typescript example')
  await prompt.press('Enter')
  await expect(page.getByRole('article', { name: 'Answer' }).nth(1).locator('.code-block code span[style]').first()).toBeAttached({ timeout: 15_000 })
  expect(page.workers()).toHaveLength(1)
})
