// Settings opens at its top, on a desktop and on a phone: its title has the focus (its first field
// comes with the settings, later), the panel is not scrolled, and the title and Custom instructions
// are in view; Tab goes on to the first field.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'

async function expectOpenedAtTop(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  const title = dialog.getByRole('heading', { name: 'Settings' })
  await expect(title).toBeFocused()
  // Wait for the settings: their arrival must not scroll the dialog or take the focus either.
  const instructions = dialog.getByRole('textbox', { name: /What should the assistant know about you/ })
  await expect(instructions).toBeVisible()
  await expect(title).toBeFocused()
  const scrolled = await page.evaluate(() =>
    [document.scrollingElement!, ...document.querySelectorAll('[data-overlay], [data-overlay] *')]
      .filter((element) => element.scrollTop !== 0)
      .map((element) => `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} scrollTop ${element.scrollTop}`),
  )
  expect(scrolled, 'nothing is scrolled').toEqual([])
  await expect(title).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('heading', { name: 'Custom instructions' })).toBeInViewport({ ratio: 1 })
  await page.keyboard.press('Tab')
  await expect(instructions, 'Tab goes to the first field').toBeFocused()
}

test('on a desktop, Settings opens at its top with the focus on its title', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('complementary').getByRole('button', { name: 'Settings' }).click()
  await expectOpenedAtTop(page)
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('Settings opens at its top with the focus on its title', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Toggle sidebar' }).tap()
    await page.getByRole('complementary').getByRole('button', { name: 'Settings' }).tap()
    await expectOpenedAtTop(page)
  })
})
