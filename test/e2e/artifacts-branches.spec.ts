// The panel follows the branch the chat shows: an edited question's answer has its own artifacts,
// and the panel's list of the chat's artifacts changes with the version switcher.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { openArtifactChat, panel } from './artifacts-helpers.ts'

async function listed(page: Page): Promise<string> {
  await panel(page).getByRole('button', { name: 'Artifacts in this chat' }).click()
  const menu = page.getByRole('menu', { name: 'Artifacts in this chat' })
  await expect(menu).toBeVisible()
  const text = (await menu.textContent()) ?? ''
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  return text
}

test('an edited question makes its own artifact; the panel’s list shows only the branch on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openArtifactChat(page, 'make a document about tea')
  expect(await listed(page)).toContain('Tea')

  const question = page.getByRole('article', { name: 'Your message' }).last()
  await question.hover()
  await question.getByRole('button', { name: 'Edit message' }).click()
  await page.getByRole('textbox', { name: 'Edit your message' }).fill('make a table about coffee')
  await page.getByRole('textbox', { name: 'Edit your message' }).press('Enter')
  // The new answer's table opens by itself.
  await expect(panel(page).getByRole('heading', { level: 2, name: 'Coffee table' })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => listed(page)).not.toContain('Tea')
  expect(await listed(page)).toContain('Coffee table')

  await question.getByRole('group', { name: 'Versions' }).getByRole('button', { name: 'Previous version' }).click()
  await expect(question).toHaveText(/document about tea/)
  await expect.poll(() => listed(page)).not.toContain('Coffee table')
  expect(await listed(page)).toContain('Tea')
})
