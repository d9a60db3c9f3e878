// A tooltip opens 700 ms after its trigger is hovered (docs/product-contract.md); within 300 ms after one closed the
// next opens at once. Keyboard focus opens it, Escape closes it, and the open tooltip describes its
// trigger. The page clock is controlled so the delays are exact and nothing waits for real.
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { openPlayground } from './playground.ts'

async function setup(page: Page) {
  await page.clock.install()
  await openPlayground(page)
  await page.clock.pauseAt(Date.now() + 60_000)
  return { bold: page.getByRole('button', { name: 'Bold' }), italic: page.getByRole('button', { name: 'Italic' }) }
}

async function pointAt(page: Page, target: Locator) {
  const box = (await target.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
}

test('hovering opens the tooltip after 700 ms and leaving closes it', async ({ page }) => {
  const { bold } = await setup(page)
  await pointAt(page, bold)
  await page.clock.runFor(650)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await page.clock.runFor(50)
  const tooltip = page.getByRole('tooltip', { name: 'Bold (Ctrl+B)' })
  await expect(tooltip).toBeVisible()
  // Placed above its trigger.
  const [tip, trigger] = [(await tooltip.boundingBox())!, (await bold.boundingBox())!]
  expect(tip.y + tip.height).toBeLessThanOrEqual(trigger.y)
  await expect(bold).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id'))!)

  await page.mouse.move(5, 790)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await expect(bold).not.toHaveAttribute('aria-describedby')
})

test('moving to another trigger within 300 ms opens the next at once; after that, 700 ms again', async ({ page }) => {
  const { bold, italic } = await setup(page)
  await pointAt(page, bold)
  await page.clock.runFor(700)
  await expect(page.getByRole('tooltip', { name: 'Bold (Ctrl+B)' })).toBeVisible()

  await pointAt(page, italic)
  await expect(page.getByRole('tooltip', { name: 'Italic (Ctrl+I)' })).toBeVisible()
  await expect(page.getByRole('tooltip')).toHaveCount(1)

  await page.mouse.move(5, 790)
  await page.clock.runFor(250)
  await pointAt(page, bold)
  await expect(page.getByRole('tooltip', { name: 'Bold (Ctrl+B)' })).toBeVisible()

  await page.mouse.move(5, 790)
  await page.clock.runFor(300)
  await pointAt(page, italic)
  await page.clock.runFor(650)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await page.clock.runFor(50)
  await expect(page.getByRole('tooltip', { name: 'Italic (Ctrl+I)' })).toBeVisible()
})

test('keyboard focus opens it, Escape closes it, and pressing the trigger does not open it', async ({ page }) => {
  const { bold, italic } = await setup(page)
  await bold.focus()
  await page.keyboard.press('Tab')
  await expect(italic).toBeFocused()
  const tooltip = page.getByRole('tooltip', { name: 'Italic (Ctrl+I)' })
  await expect(tooltip).toBeVisible()
  await expect(italic).toHaveAccessibleDescription('Italic (Ctrl+I)')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await expect(italic).toBeFocused()

  await page.mouse.move(5, 790)
  await page.clock.runFor(1000)
  await bold.click()
  await page.clock.runFor(1000)
  await page.mouse.move(5, 790)
  await expect(page.getByRole('tooltip')).toHaveCount(0)
})
