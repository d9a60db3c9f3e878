// Working on an artifact in the panel: its versions and what changed, the user's own edit saved as
// a version the next answer builds on, a newer version made meanwhile (nothing typed is lost),
// Ask about this / Change this, Ask to fix, the download's file name, and a public chat's reader.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { openArtifactChat, panel, sendInChat } from './artifacts-helpers.ts'

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
})

const versionShown = (page: Page) => panel(page).locator('[data-artifact-version]')
const editor = (page: Page) => panel(page).locator('[data-artifact-editor] .cm-content')

async function newestContent(page: Page, chatId: string): Promise<{ version: number; content: string }> {
  return page.evaluate(async (id) => {
    const { artifacts } = await (await fetch(`/api/chats/${id}/artifacts`)).json()
    return (await fetch(`/api/chats/${id}/artifacts/${artifacts.at(-1).artifactId}`)).json()
  }, chatId)
}

async function replaceText(page: Page, text: string) {
  await editor(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText(text)
}

test('a title change is version 2: the switcher goes between them and Changes marks the lines in words', async ({ page }) => {
  await openArtifactChat(page, 'make a page about tea')
  await expect(versionShown(page)).toHaveText('Version 1 / 1')
  await sendInChat(page, 'change the title to Coffee')
  await expect(page.locator('[data-artifact-card]').last()).toContainText('v2')
  // The answer's new version shows in the panel by itself.
  await expect(versionShown(page)).toHaveText('Version 2 / 2')
  await expect(panel(page).getByRole('button', { name: 'Next version' })).toBeDisabled()
  await panel(page).getByRole('button', { name: 'Previous version' }).click()
  await expect(versionShown(page)).toHaveText('Version 1 / 2')
  await expect(panel(page).getByRole('button', { name: 'Previous version' })).toBeDisabled()
  await expect(panel(page).getByRole('tab', { name: 'Changes' })).toHaveCount(0)
  await panel(page).getByRole('button', { name: 'Next version' }).click()
  await panel(page).getByRole('tab', { name: 'Changes' }).click()
  const changes = panel(page).locator('[data-artifact-changes]')
  await expect(changes).toContainText('Version 1 → 2')
  await expect(changes.locator('del[data-change="removed"]').first()).toContainText('Removed: ')
  await expect(changes.locator('del[data-change="removed"]').first()).toContainText('Tea')
  await expect(changes.locator('ins[data-change="added"]').first()).toContainText('Added: ')
  await expect(changes.locator('ins[data-change="added"]').first()).toContainText('Coffee')
})

test('the user saves an edit as a new version, and the next answer changes the user’s version', async ({ page }) => {
  const chatId = await openArtifactChat(page, 'make a document about tea')
  await panel(page).getByRole('tab', { name: 'Code' }).click()
  await expect(panel(page).getByRole('button', { name: 'Save' })).toBeDisabled()
  await replaceText(page, '# Tea\n\nMy own notes, kept by hand.')
  await expect(panel(page).getByRole('tab', { name: /Code/ })).toContainText('•')
  // The draft stays when the tabs change.
  await panel(page).getByRole('tab', { name: 'Preview' }).click()
  await panel(page).getByRole('tab', { name: /Code/ }).click()
  await expect(editor(page)).toContainText('My own notes, kept by hand.')
  // Closing the panel loses nothing typed.
  await panel(page).getByRole('button', { name: 'Close the artifact' }).click()
  await expect(panel(page)).toHaveCount(0)
  await page.locator('[data-artifact-card]').getByRole('button', { name: 'Open Tea' }).click()
  await panel(page).getByRole('tab', { name: /Code/ }).click()
  await expect(editor(page)).toContainText('My own notes, kept by hand.')
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Saved as version 2')
  await expect(versionShown(page)).toHaveText('Version 2 / 2')
  expect(await newestContent(page, chatId)).toMatchObject({ version: 2, content: '# Tea\n\nMy own notes, kept by hand.', author: 'user' })

  await sendInChat(page, 'change the title to Green tea')
  await expect(versionShown(page)).toHaveText('Version 3 / 3')
  expect(await newestContent(page, chatId)).toMatchObject({ version: 3, content: '# Green tea\n\nMy own notes, kept by hand.' })
})

test('a version made while the user edits: Save says so, the text stays, the newer one loads and the edit goes back on top', async ({ page }) => {
  const chatId = await openArtifactChat(page, 'write some python code about tea')
  await panel(page).getByRole('tab', { name: 'Code' }).click()
  await replaceText(page, 'print("mine")\n')
  // Meanwhile, another tab saves version 2.
  await page.evaluate(async (id) => {
    const { artifacts } = await (await fetch(`/api/chats/${id}/artifacts`)).json()
    const response = await fetch(`/api/chats/${id}/artifacts/${artifacts[0].artifactId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'print("theirs")\n', baseVersion: 1 }) })
    if (response.status !== 201) throw new Error(`save: ${response.status}`)
  }, chatId)
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(panel(page).getByRole('alert')).toContainText('A newer version was made while you edited')
  await expect(editor(page)).toContainText('print("mine")')
  await panel(page).getByRole('button', { name: 'Load the newer version' }).click()
  await expect(editor(page)).toContainText('print("theirs")')
  await expect(versionShown(page)).toHaveText('Version 2 / 2')
  await panel(page).getByRole('button', { name: 'Put my edit back' }).click()
  await expect(editor(page)).toContainText('print("mine")')
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(versionShown(page)).toHaveText('Version 3 / 3')
  expect(await newestContent(page, chatId)).toMatchObject({ version: 3, content: 'print("mine")\n' })
})

test('selected text: Ask about this and Change this put a message quoting it in the composer', async ({ page }) => {
  await openArtifactChat(page, 'make a document about tea')
  const preview = panel(page).locator('[data-artifact-preview="document"]')
  const select = () =>
    preview.getByRole('heading', { name: 'Key points' }).evaluate((heading) => {
      const range = document.createRange()
      range.selectNodeContents(heading)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
    })
  // The document has math: its preview is drawn again once KaTeX is in (a selection made before would go).
  await expect(preview.locator('.katex').first()).toBeVisible()
  await select()
  await panel(page).getByRole('button', { name: 'Ask about this' }).click()
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await expect(prompt).toHaveValue('About this part of “Tea”:\n\n> Key points\n\n')
  await expect(prompt).toBeFocused()
  await prompt.fill('')
  await select()
  await panel(page).getByRole('button', { name: 'Change this' }).click()
  await expect(prompt).toHaveValue(/^Change this part of the artifact “Tea” \(id [\w-]+\):\n\n> Key points\n\nInto: $/)
})

test.describe('a failing preview', () => {
  // The broken component throws inside the sandbox on purpose: the frame logs it.
  test.use({ allowConsoleErrors: true })
test('a component that fails shows its error with Ask to fix, which asks the model and the fixed version previews', async ({ page }) => {
  await openArtifactChat(page, 'make it fail')
  const failure = panel(page).getByRole('alert')
  await expect(failure).toContainText('The preview failed', { timeout: 10_000 })
  await failure.getByRole('button', { name: 'Ask to fix' }).click()
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(2, { timeout: 15_000 })
  await expect(page.locator('[data-message-id]').filter({ hasText: 'fails in its preview with this error' })).toHaveCount(1)
  await expect(versionShown(page)).toHaveText('Version 2 / 2', { timeout: 15_000 })
  await expect(panel(page).getByRole('alert')).toHaveCount(0)
  await expect(panel(page).locator('[data-artifact-preview="react"] iframe')).toBeVisible()
})
})

test('a download is named from the title with the right extension', async ({ page }) => {
  await openArtifactChat(page, 'write some python code about tea')
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('tea.py')
})

test('a public chat’s reader sees its artifacts read-only: preview, code, copy, download; no editor, no Ask', async ({ page, browser }) => {
  const chatId = await openArtifactChat(page, 'make a document about tea')
  expect((await page.request.patch(`/api/chats/${chatId}`, { data: { visibility: 'public' } })).status()).toBe(200)
  const other = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent), viewport: { width: 1280, height: 800 } })
  try {
    const visitor = await other.newPage()
    await visitor.goto(`/chat/${chatId}`)
    await waitForHydration(visitor)
    await visitor.locator('[data-artifact-card]').getByRole('button', { name: 'Open Tea' }).click()
    await expect(panel(visitor).getByRole('heading', { level: 1, name: 'Tea' })).toBeVisible()
    await expect(panel(visitor).getByRole('button', { name: 'Copy' })).toBeVisible()
    await expect(panel(visitor).getByRole('button', { name: 'Download' })).toBeVisible()
    // The document is drawn again once its math and diagram renderers have loaded: the heading can
    // be replaced under the selection, so the selection is made again until it holds.
    await expect(async () => {
      await panel(visitor).getByRole('heading', { name: 'Key points' }).selectText({ timeout: 2_000 })
    }).toPass()
    await panel(visitor).getByRole('tab', { name: 'Code' }).click()
    await expect(panel(visitor).locator('.code-block')).toContainText('# Tea')
    await expect(panel(visitor).locator('[data-artifact-editor]')).toHaveCount(0)
    await expect(panel(visitor).getByRole('button', { name: 'Save' })).toHaveCount(0)
    await expect(panel(visitor).getByRole('button', { name: 'Ask about this' })).toHaveCount(0)
  } finally {
    await other.close()
  }
})
