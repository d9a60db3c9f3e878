// What is typed and not sent survives a reload and leaving the page, per chat and on the home
// screen; sending clears it.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

const prompt = (page: import('@playwright/test').Page) => page.getByRole('textbox', { name: 'Message' })

test('a draft survives a reload and leaving the page, per chat and at home, until it is sent', async ({ page }) => {
  const first = await sendFromHome(page, 'First chat')
  await prompt(page).fill('Half a thought\nwith two lines')
  await page.reload()
  await waitForHydration(page)
  await expect(prompt(page)).toHaveValue('Half a thought\nwith two lines')

  // Home has its own draft; this chat's stays its own.
  await page.getByRole('link', { name: 'New chat' }).first().click()
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  await expect(prompt(page)).toHaveValue('')
  await prompt(page).fill('An idea for later')
  await page.goto(`/chat/${first}`)
  await waitForHydration(page)
  await expect(prompt(page)).toHaveValue('Half a thought\nwith two lines')
  await page.goto('/')
  await waitForHydration(page)
  await expect(prompt(page)).toHaveValue('An idea for later')

  // Sending clears it: from home, and in a chat.
  await prompt(page).press('Enter')
  await page.waitForURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('“An idea for later”', { timeout: 15_000 })
  await page.goto('/')
  await waitForHydration(page)
  await expect(prompt(page)).toHaveValue('')
  await page.goto(`/chat/${first}`)
  await waitForHydration(page)
  await prompt(page).press('Enter')
  await expect(page.getByRole('article', { name: 'Your message' }).last()).toContainText('Half a thought')
  await page.reload()
  await waitForHydration(page)
  await expect(prompt(page)).toHaveValue('')
})
