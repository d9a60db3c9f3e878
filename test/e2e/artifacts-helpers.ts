// Artifacts made by the offline model through the real chat API, opened in the panel.
import type { Page } from '@playwright/test'
import { expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

/** A chat whose answer made an artifact (`prompt` asks the offline model for one), shown with its panel open; returns the chat id. */
export async function openArtifactChat(page: Page, prompt: string): Promise<string> {
  const id = await createChatThroughApi(page, prompt)
  await page.goto(`/chat/${id}`)
  await waitForHydration(page)
  await page.locator('[data-artifact-card]').last().getByRole('button', { name: /^Open / }).click()
  await expect(panel(page)).toBeVisible()
  return id
}

/** The panel: beside the chat (complementary) or, on a phone, a dialog. */
export const panel = (page: Page) => page.locator('[data-artifact-panel]')

/** Sends a message from the chat's composer and waits for its answer to end. */
export async function sendInChat(page: Page, text: string): Promise<void> {
  const answers = page.getByRole('article', { name: 'Answer' })
  const before = await answers.count()
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(answers).toHaveCount(before + 1, { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
}
