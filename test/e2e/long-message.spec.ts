// A message longer than a page carries of it: the page shows its beginning and a "Show the rest"
// control; pressing it brings the rest, down to its last words, in place. Copying it copies it whole.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { importChat } from './chats.ts'

const PARAGRAPHS = 300
const paragraph = (i: number) => `Paragraph ${i} of the long answer. ${'Some words that take up room in the answer. '.repeat(11)}`
const LAST = 'These are the very last words of the long answer.'

/** A chat whose answer is about 150,000 characters, for a new account, through the import of our own JSON export. */
async function chatWithLongAnswer(page: Page): Promise<string> {
  await page.goto('/')
  const email = `long-message-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString()
  const answer = [...Array.from({ length: PARAGRAPHS }, (_, i) => paragraph(i)), LAST].join('\n\n')
  const chat = { id: `long-message-${Math.random().toString(36).slice(2, 10)}`, title: 'A very long answer', createdAt: at, currentLeafId: 'a1' }
  const messages = [
    { id: 'q1', role: 'user', parentId: null, createdAt: at, parts: [{ type: 'text', text: 'Tell me everything.' }] },
    { id: 'a1', role: 'assistant', parentId: 'q1', createdAt: at, parts: [{ type: 'text', text: answer }] },
  ]
  return importChat(page, { chat, messages })
}

test('a long answer shows its beginning, and the rest on request', async ({ page }) => {
  const chatId = await chatWithLongAnswer(page)
  const response = await page.goto(`/chat/${chatId}`)
  const html = await response!.text()
  expect(html).toContain('Paragraph 0 of the long answer.')
  expect(html).not.toContain(LAST)
  await waitForHydration(page)

  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer.getByText('Paragraph 0 of the long answer.')).toBeVisible()
  await expect(answer.getByText(LAST)).toHaveCount(0)
  const showRest = answer.getByRole('button', { name: /^Show the rest \(\d+ KB\)$/ })
  await expect(showRest).toBeVisible()

  await showRest.click()
  await expect(answer.getByText(LAST)).toBeAttached()
  await answer.getByText(LAST).scrollIntoViewIfNeeded()
  await expect(answer.getByText(LAST)).toBeVisible()
  await expect(answer.getByText(`Paragraph ${PARAGRAPHS - 1} of the long answer.`)).toBeAttached()
  await expect(showRest).toHaveCount(0)
})

test('copying a long answer shown in part copies all of it', async ({ page, baseURL }) => {
  const chatId = await chatWithLongAnswer(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  await page.goto(`/chat/${chatId}`)
  await waitForHydration(page)
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer.getByRole('button', { name: /^Show the rest/ })).toBeVisible()
  await answer.getByRole('button', { name: 'Copy answer' }).click()
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied.startsWith('Paragraph 0 of the long answer.')).toBe(true)
  expect(copied.endsWith(LAST)).toBe(true)
})
