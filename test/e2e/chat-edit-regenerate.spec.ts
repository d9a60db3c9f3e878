// Editing a question and regenerating an answer make new versions: nothing is deleted,
// a switcher ("Previous version", "2 / 3", "Next version") moves between them, and the choice is
// kept across a reload.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

const ANSWERED = { timeout: 15_000 }

async function edit(page: Page, text: string) {
  const question = page.getByRole('article', { name: 'Your message' }).last()
  await question.hover()
  await question.getByRole('button', { name: 'Edit message' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit your message' })
  await expect(editor).toBeFocused()
  await editor.fill(text)
  await editor.press('Enter')
}

test('edit a question: a second version with its own answer; Previous version shows the first again, also after a reload', async ({ page }) => {
  await sendFromHome(page, 'What is the capital of France?')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', ANSWERED)
  await edit(page, 'What is the capital of Portugal?')

  await expect(answer).toContainText('What is the capital of Portugal?', ANSWERED)
  await expect(answer).toContainText('Connect a real model', ANSWERED)
  const question = page.getByRole('article', { name: 'Your message' })
  await expect(question).toHaveText(/Portugal/)
  await expect(page.getByRole('log').getByText('France')).toHaveCount(0)
  const versions = question.getByRole('group', { name: 'Versions' })
  await expect(versions).toContainText('2 / 2')
  await expect(versions.getByRole('button', { name: 'Next version' })).toBeDisabled()

  await versions.getByRole('button', { name: 'Previous version' }).click()
  await expect(question).toHaveText(/France/)
  await expect(answer).toContainText('What is the capital of France?')
  await expect(page.getByRole('log').getByText('Portugal')).toHaveCount(0)
  await expect(question.getByRole('group', { name: 'Versions' })).toContainText('1 / 2')
  // The keyboard stays on the switcher: the version switched to has a switcher of its own.
  await expect(question.getByRole('button', { name: 'Next version' })).toBeFocused()

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveCount(1)
  await expect(question).toHaveText(/France/)
  await expect(answer).toContainText('What is the capital of France?')
  await expect(question.getByRole('group', { name: 'Versions' })).toContainText('1 / 2')

  await question.getByRole('button', { name: 'Next version' }).click()
  await expect(question).toHaveText(/Portugal/)
  await expect(answer).toContainText('What is the capital of Portugal?')

  // Nothing in the switcher (or anywhere on the screen) breaks an accessibility rule.
  const results = await new AxeBuilder({ page }).include('[role="log"]').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
})

test('Regenerate twice: three versions of the answer, the newest shown, the others a click away', async ({ page }) => {
  await sendFromHome(page, 'Tell me something nice')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', ANSWERED)
  for (const expected of ['2 / 2', '3 / 3']) {
    const regenerateRequest = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/chats\/[^/]+$/.test(new URL(request.url()).pathname))
    await answer.getByRole('button', { name: 'Regenerate' }).click()
    expect((await regenerateRequest).postDataJSON()).toMatchObject({ trigger: 'regenerate-message' })
    await expect(answer.getByRole('group', { name: 'Versions' })).toContainText(expected, ANSWERED)
  }
  await expect(answer).toHaveCount(1)
  await answer.getByRole('button', { name: 'Previous version' }).click()
  await expect(answer.getByRole('group', { name: 'Versions' })).toContainText('2 / 3')

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(1)
  await expect(answer.getByRole('group', { name: 'Versions' })).toContainText('2 / 3')
})

test('on a phone the switcher shows under the edited question, inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await sendFromHome(page, 'Name a river')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model', ANSWERED)
  await edit(page, 'Name a long river')
  const versions = page.getByRole('article', { name: 'Your message' }).getByRole('group', { name: 'Versions' })
  await expect(versions).toContainText('2 / 2', ANSWERED)
  await expect(versions).toBeInViewport({ ratio: 1 })
  const box = (await versions.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  // Big enough for a finger (WCAG 2.5.5 in the app's own rule: 44 px on touch screens).
  const previous = (await versions.getByRole('button', { name: 'Previous version' }).boundingBox())!
  expect(previous.height).toBeGreaterThanOrEqual(32)
})

test('search finds words of a hidden version and opens the chat on that version', async ({ page }) => {
  const chatId = await sendFromHome(page, 'Plan a trip to Lisbon')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', ANSWERED)
  await edit(page, 'Plan a trip to Reykjavik')
  const question = page.getByRole('article', { name: 'Your message' })
  await expect(question.getByRole('group', { name: 'Versions' })).toContainText('2 / 2', ANSWERED)
  await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible(ANSWERED)
  await question.getByRole('button', { name: 'Previous version' }).click()
  await expect(question).toHaveText(/Lisbon/)

  await page.goto('/')
  await waitForHydration(page)
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Search chats' })
  await expect(dialog.getByRole('combobox', { name: 'Search chats' })).toBeFocused()
  await page.keyboard.type('Reykjavik')
  await expect(dialog.getByRole('group', { name: 'Matching chats' }).getByRole('option')).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/chat/${chatId}`)
  await expect(question).toHaveText(/Reykjavik/)
  await expect(question.getByRole('group', { name: 'Versions' })).toContainText('2 / 2')
  // …at the message that matched, its word in the find bar (the answer quotes it too).
  const bar = page.getByRole('search', { name: 'Find in this chat' })
  await expect(bar.getByRole('textbox')).toHaveValue('Reykjavik')
  await expect(bar.getByRole('status')).toHaveText(/^\d of 2$/)

  // The same from inside the chat, shown on the other version: the page is read again on the
  // version that matched, and the find bar opens there too.
  await page.keyboard.press('Escape')
  await expect(bar).toHaveCount(0)
  await question.getByRole('button', { name: 'Previous version' }).click()
  await expect(question).toHaveText(/Lisbon/)
  const loads = countDocumentLoads(page)
  await page.keyboard.press('Control+k')
  await expect(dialog.getByRole('combobox', { name: 'Search chats' })).toBeFocused()
  await page.keyboard.type('Reykjavik')
  await expect(dialog.getByRole('group', { name: 'Matching chats' }).getByRole('option')).toHaveCount(1)
  await page.keyboard.press('Enter')
  await expect(question).toHaveText(/Reykjavik/)
  expect(loads.value).toBe(1)
  await expect(bar.getByRole('textbox')).toHaveValue('Reykjavik')
  await expect(bar.getByRole('status')).toHaveText(/^\d of 2$/)
})
