// Overlays open, close and unmount; closing resolves a result. While one is open the page
// behind is inert, focus stays inside it, Escape and the backdrop dismiss it (result undefined),
// and focus returns to where it was.
import { test, expect } from './fixtures.ts'
import { openPlayground } from './playground.ts'

test('the result resolves with the value passed to close; focus returns to the opener', async ({ page }) => {
  await openPlayground(page)
  const opener = page.getByRole('button', { name: 'Open overlay' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Pick a model' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(dialog.getByRole('button', { name: 'Open nested confirm' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Smart' }).click()
  await expect(page.getByTestId('overlay-result')).toHaveText('overlay: "smart"')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
})

test('Escape dismisses with undefined and restores focus', async ({ page }) => {
  await openPlayground(page)
  const opener = page.getByRole('button', { name: 'Open overlay' })
  await opener.click()
  await expect(page.getByRole('dialog', { name: 'Pick a model' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('overlay-result')).toHaveText('overlay: undefined')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(opener).toBeFocused()
})

test('a click on the backdrop dismisses; a click inside the panel does not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openPlayground(page)
  await page.getByRole('button', { name: 'Open overlay' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pick a model' })
  await dialog.getByRole('heading', { name: 'Pick a model' }).click()
  await expect(dialog).toBeVisible()
  await page.mouse.click(640, 790)
  await expect(page.getByTestId('overlay-result')).toHaveText('overlay: undefined')
  await expect(dialog).toHaveCount(0)
})

test('Tab and Shift+Tab cycle inside the dialog; the page behind is inert', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Open overlay' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pick a model' })
  const buttons = ['Open nested confirm', 'Fast', 'Smart']
  await expect(dialog.getByRole('button', { name: buttons[0] })).toBeFocused()
  for (const name of [...buttons.slice(1), ...buttons]) {
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name })).toBeFocused()
  }
  await expect(dialog.getByRole('button', { name: 'Smart' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Open nested confirm' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByRole('button', { name: 'Smart' })).toBeFocused()

  expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true)
  await page.keyboard.press('Escape')
  expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(false)
})

test('stacked overlays close one at a time, each giving focus back', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Open overlay' }).click()
  const outer = page.getByRole('dialog', { name: 'Pick a model' })
  const nestedOpener = outer.getByRole('button', { name: 'Open nested confirm' })
  await nestedOpener.click()
  const nested = page.getByRole('dialog', { name: 'Nested confirm' })
  await expect(nested.getByRole('button', { name: 'OK' })).toBeFocused()
  // The outer dialog is inert under the nested one.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.textContent)).toContain('Nested confirm')

  await page.keyboard.press('Escape')
  await expect(nested).toHaveCount(0)
  await expect(outer).toBeVisible()
  await expect(nestedOpener).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(outer).toHaveCount(0)
  await expect(page.getByTestId('overlay-result')).toHaveText('overlay: undefined')
})

test('toasts stay above an open dialog and can still be closed', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show persistent error' }).click()
  await page.getByRole('button', { name: 'Open overlay' }).click()
  await expect(page.getByRole('dialog', { name: 'Pick a model' })).toBeVisible()
  const item = page.getByRole('alert').filter({ hasText: 'Could not send' })
  await item.getByRole('button', { name: 'Close' }).click()
  await expect(item).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: 'Pick a model' })).toBeVisible()
})
