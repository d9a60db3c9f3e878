// Opening an overlay that is already open brings that one forward: a double click on Settings (or
// on any button that opens an overlay) shows one dialog, focused and usable, never a second copy on
// top of an inert first one, and never one that the second click dismisses again.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { openPlayground } from './playground.ts'

async function expectOneUsableDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  await expect(page.locator('[data-overlay]'), 'one overlay layer').toHaveCount(1)
  await expect(page.getByRole('dialog'), 'one dialog').toHaveCount(1)
  await expect(page.locator('[data-overlay][inert]'), 'the dialog is not inert').toHaveCount(0)
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), 'focus is in the dialog').toBe(true)
}

test('a double click on Settings opens one Settings dialog, the first time and once its code is loaded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  const settings = page.getByRole('complementary').getByRole('button', { name: 'Settings' })
  await settings.dblclick()
  await expectOneUsableDialog(page, 'Settings')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(settings).toBeFocused()

  await settings.dblclick()
  await expectOneUsableDialog(page, 'Settings')
  // Still usable: Escape closes the one dialog and nothing is left behind.
  await page.keyboard.press('Escape')
  await expect(page.locator('[data-overlay]')).toHaveCount(0)

  // A slower double click: its second press comes once the dialog is shown, on the backdrop where
  // the button was. It is the same double click, not a dismissal.
  const box = (await settings.boundingBox())!
  await settings.click()
  await expectOneUsableDialog(page, 'Settings')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down({ clickCount: 2 })
  await page.mouse.up({ clickCount: 2 })
  await expectOneUsableDialog(page, 'Settings')
  await expect(page.locator('[data-overlay]')).toHaveAttribute('data-state', 'open')
  // A single click there still dismisses.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  await expect(page.locator('[data-overlay]')).toHaveCount(0)
})

test('a double click on any overlay’s button opens it once', async ({ page }) => {
  await openPlayground(page)
  const opener = page.getByRole('button', { name: 'Open overlay' })
  await opener.dblclick()
  await expectOneUsableDialog(page, 'Pick a model')
  await page.getByRole('dialog').getByRole('button', { name: 'Smart' }).click()
  await expect(page.getByTestId('overlay-result')).toHaveText('overlay: "smart"')
  await expect(page.locator('[data-overlay]')).toHaveCount(0)
})
