// Each message shows when it was written (relative, the exact time on hover) and each answer has an
// info button with how it went: model, tokens, time to first token, total time, speed, finish.
import { AxeBuilder } from '@axe-core/playwright'
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

test('messages show when they were written, and an answer shows its details, after a reload too', async ({ page }) => {
  await sendFromHome(page, 'How long did that take?')
  const mine = page.getByRole('article', { name: 'Your message' })
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(mine.locator('time')).toHaveText('just now')
  await expect(answer.locator('time')).toHaveText('just now')
  const exact = await mine.locator('time').getAttribute('title')
  expect(exact).toMatch(new RegExp(`${new Date().getFullYear()}`))

  const details = async () => {
    await page.getByRole('article', { name: 'Answer' }).getByRole('button', { name: 'Answer details' }).click()
    return page.getByRole('article', { name: 'Answer' }).locator('dl[aria-label="Answer details"]')
  }
  const live = await details()
  await expect(live).toContainText('Modeloffline')
  await expect(live).toContainText(/Output tokens\d+/)
  await expect(live).toContainText(/First token after\d+\.\d+ s/)
  await expect(live).toContainText(/Total time\d+\.\d+ s/)
  await expect(live).toContainText(/Speed\d+\.\d tokens\/s/)
  await expect(live).toContainText('FinishFinished')
  await expect(page.getByRole('button', { name: 'Answer details' })).toHaveAttribute('aria-expanded', 'true')
  const results = await new AxeBuilder({ page }).include('[data-role="assistant"]').analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([])

  // Stored: the same facts after a reload, and the times are the stored ones.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Your message' }).locator('time')).toHaveAttribute('title', exact!)
  const stored = await details()
  await expect(stored).toContainText('FinishFinished')
  await expect(stored).toContainText(/First token after\d+\.\d+ s/)
})

test('a stopped answer says so in its details', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Write a long story about a lighthouse keeper '.repeat(3))
  await prompt.press('Enter')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('lighthouse', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Stopped')
  await page.reload()
  await waitForHydration(page)
  await page.getByRole('article', { name: 'Answer' }).getByRole('button', { name: 'Answer details' }).click()
  await expect(page.getByRole('article', { name: 'Answer' }).locator('dl[aria-label="Answer details"]')).toContainText('FinishStopped by you')
})
