// Stop ends an answer halfway and keeps what was written (after a reload too); scrolling up while
// an answer streams stops the auto-scroll and offers "Jump to latest".
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'

// No "think" or "step by step" in it: the offline model would reason first (reasoning.spec.ts covers that).
const LONG_QUESTION = 'Please write an example program with a table of results, explained in detail, section by section'

/** Asks the long question from the home screen and stops the answer part-way: the answer's article. */
async function sendAndStop(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Message' }).fill(LONG_QUESTION)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL(/\/chat\//)
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('offline demo model')
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(answer).toContainText('Stopped')
  return answer
}

test('Stop keeps the partial answer, also after a reload', async ({ page }) => {
  const answer = await sendAndStop(page)
  const partial = (await answer.locator('.markdown').innerText()).trim()
  expect(partial).not.toContain('Connect a real model')
  // Nothing more arrives after Stop.
  await page.waitForTimeout(1000)
  expect((await answer.locator('.markdown').innerText()).trim()).toBe(partial)

  await page.reload()
  await waitForHydration(page)
  await expect(answer).toContainText('Stopped')
  expect((await answer.locator('.markdown').innerText()).trim()).toBe(partial)
})

test('scrolling up while an answer streams stops the auto-scroll until "Jump to latest"', async ({ page }) => {
  // A short screen, so the answer outgrows it early and keeps growing for a while after.
  await page.setViewportSize({ width: 390, height: 600 })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Message' }).fill(LONG_QUESTION)
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  const question = page.getByRole('article', { name: 'Your message' })
  await expect(question).toBeVisible()
  const answer = page.getByRole('article', { name: 'Answer' })
  // Wait until the answer is taller than the screen, then scroll up to the question.
  await expect.poll(async () => (await answer.boundingBox())?.height ?? 0, { timeout: 15_000 }).toBeGreaterThan(450)
  await question.scrollIntoViewIfNeeded()
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await expect(jump).toBeVisible()
  // The pill sits below the messages, never over their last lines.
  const messagesBox = (await page.locator('div.overflow-y-auto:has(> div > [role="log"])').boundingBox())!
  expect((await jump.boundingBox())!.y).toBeGreaterThanOrEqual(messagesBox.y + messagesBox.height - 1)
  const top = (await question.boundingBox())!.y
  const heightThen = (await answer.boundingBox())!.height
  // The answer keeps growing below, and the question the reader is looking at stays where it is.
  // (A measurement can fall between a DOM update and the frame that holds the text in place, so
  // it may be off by the lines of one update; without the hold it would be off by all the growth.)
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  const grown = (await answer.boundingBox())!.height - heightThen
  expect(grown).toBeGreaterThan(300)
  expect(Math.abs((await question.boundingBox())!.y - top)).toBeLessThan(60)
  await expect(question).toBeInViewport()

  await jump.click()
  await expect(jump).toBeHidden()
  await expect(page.getByText('then restart the app')).toBeInViewport()
})

test('a reload while the answer streams picks the stream up again and it completes', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Message' }).fill(LONG_QUESTION)
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('offline demo model')
  // Reload once the server has saved some of the answer (about once a second while it streams):
  // the page then shows that much at once, and the resumed stream must not add it a second time.
  const chatPath = new URL(page.url()).pathname.replace('/chat/', '/api/chats/')
  await expect
    .poll(async () => {
      const { messages } = await (await page.request.get(chatPath)).json()
      return JSON.stringify(messages[1]?.parts ?? []).includes('offline demo model')
    })
    .toBe(true)
  const resumed = page.waitForResponse((response) => /\/api\/chats\/[^/]+\/stream$/.test(new URL(response.url()).pathname))
  await page.reload()
  await waitForHydration(page)
  expect((await resumed).status()).toBe(200)
  // The answer goes on from the server's copy: Stop is offered, and it ends complete.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(answer).toHaveCount(1)
  const text = await answer.locator('.markdown').innerText()
  expect(text.match(/“Please write an example program/g), 'the opening once, not twice').toHaveLength(1)

  await page.reload()
  await waitForHydration(page)
  expect(await answer.locator('.markdown').innerText()).toBe(text)
  await expect(answer).not.toContainText('Stopped')
})

test('Continue after Stop writes on from where the answer stopped, into the same answer', async ({ page }) => {
  const answer = await sendAndStop(page)
  const partial = (await answer.locator('.markdown').innerText()).trim()

  await answer.getByRole('button', { name: 'Continue' }).click()
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(answer).toHaveCount(1)
  await expect(answer).not.toContainText('Stopped')
  const whole = (await answer.locator('.markdown').innerText()).trim()
  expect(whole.startsWith(partial.slice(0, -1)), 'the stopped words come first, once').toBe(true)
  expect(whole.split(partial.slice(0, 40)).length, 'and only once').toBe(2)

  await page.reload()
  await waitForHydration(page)
  await expect(answer).toHaveCount(1)
  expect((await answer.locator('.markdown').innerText()).trim()).toBe(whole)
  await expect(answer.getByRole('button', { name: 'Continue' })).toHaveCount(0)
})
