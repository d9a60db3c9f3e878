// The composer knows the limits before the server says no: a character counter near
// MESSAGE_MAX_CHARS (32000 on the e2e server) and Send disabled beyond it; a refusal that would only
// be refused again gets no Retry; Enter while an answer streams says what to do.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

test('a counter near the limit, and Send disabled beyond it', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  const send = page.getByRole('button', { name: 'Send message' })
  await prompt.fill('x'.repeat(28_000))
  await expect(page.locator('[data-char-count]')).toHaveCount(0)
  await prompt.fill('x'.repeat(31_000))
  await expect(page.locator('[data-char-count]')).toHaveText('31,000 / 32,000 characters')
  await expect(send).toBeEnabled()
  await prompt.fill('x'.repeat(32_001))
  await expect(page.locator('[data-char-count]')).toHaveText('1 character over the limit of 32,000: shorten it to send.')
  await expect(send).toBeDisabled()
  await prompt.press('Enter')
  await page.waitForTimeout(300)
  await expect(page).toHaveURL(/\/$/)
  await prompt.press('End')
  await prompt.press('Backspace')
  await expect(send).toBeEnabled()
})

test('a refusal that cannot change (400) gets no Retry; the text stays', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.route('**/api/chats', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { statusCode: 400, code: 'UNSUPPORTED_PART', message: 'Messages can only hold text.' } })
      : route.fallback(),
  )
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Refused for good')
  await prompt.press('Enter')
  const toast = page.getByRole('alert').filter({ hasText: 'Messages can only hold text.' })
  await expect(toast).toBeVisible()
  await expect(toast.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await expect(prompt).toHaveValue('Refused for good')
})

test('Enter while an answer streams keeps the text and says what to do', async ({ page }) => {
  await sendFromHome(page, 'First question')
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible()
  await prompt.fill('Next question')
  await prompt.press('Enter')
  await expect(page.getByText('wait for the answer to finish, or press Stop', { exact: false })).toBeVisible()
  await expect(prompt).toHaveValue('Next question')
})

test('the composer grows with its text up to 240 px, then scrolls', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  const height = async () => (await prompt.boundingBox())!.height
  const oneLine = await height()
  await prompt.fill('one\ntwo\nthree')
  expect(await height()).toBeGreaterThan(oneLine + 20)
  await prompt.fill(Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n'))
  expect(await height()).toBeLessThanOrEqual(240)
  expect(await prompt.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
  expect(await prompt.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto')
})
