// A sent file its owner deletes: the message still names it and says it was removed (no link to a
// file that is gone), for its owner and for a reader of the shared chat.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'

const CSV = Buffer.from('city,temp\nLisbon,18\n')

async function send(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach files' }).click()
  await (await chooser).setFiles([{ name: 'data.csv', mimeType: 'text/csv', buffer: CSV }])
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'Message' }).fill('Here is the data')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await page.waitForURL(/\/chat\//)
}

test('a sent file its owner deleted shows as removed, not as a link', async ({ page }) => {
  await send(page)
  const mine = page.getByRole('article', { name: 'Your message' })
  const href = await mine.getByRole('link', { name: /data\.csv/ }).getAttribute('href')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('You attached', { timeout: 15_000 })
  const status = await page.evaluate(async (url) => (await fetch(url, { method: 'DELETE' })).status, href!)
  expect(status).toBe(204)

  await page.reload()
  await waitForHydration(page)
  const message = page.getByRole('article', { name: 'Your message' })
  const removed = message.getByRole('list', { name: 'Removed files' }).getByRole('listitem')
  await expect(removed).toHaveCount(1)
  await expect(removed).toContainText('data.csv')
  await expect(removed).toContainText('Removed')
  await expect(message.getByRole('link', { name: /data\.csv/ })).toHaveCount(0)
  await expect(message).toContainText('Here is the data')
})
