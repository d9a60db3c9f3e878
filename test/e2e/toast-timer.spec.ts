// A toast closes by itself after its duration (5000 ms by default) (docs/product-contract.md); hovering or
// focusing the toasts pauses the timer. The page clock is controlled, so nothing waits for real.
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { openPlayground, openToasts, toast, toasts } from './playground.ts'

test('a short toast closes by itself', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show short toast' }).click()
  const item = toast(page, 'Short toast 1')
  await expect(item).toHaveAttribute('data-state', 'open')
  await expect(item).toHaveCount(0, { timeout: 5000 })
})

async function openWithClock(page: Page) {
  await page.clock.install()
  await openPlayground(page)
  await page.clock.pauseAt(Date.now() + 60_000)
}

test('the default duration is 5000 ms', async ({ page }) => {
  await openWithClock(page)
  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  const item = toast(page, 'Toast 1')
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.clock.runFor(4900)
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.clock.runFor(200)
  await expect(item).toHaveAttribute('data-state', 'closed')
  await page.clock.runFor(250)
  await expect(toasts(page)).toHaveCount(0)
})

test('an error toast with duration Infinity stays', async ({ page }) => {
  await openWithClock(page)
  await page.getByRole('button', { name: 'Show persistent error' }).click()
  await page.clock.runFor(10 * 60_000)
  await expect(openToasts(page)).toHaveCount(1)
})

test('hovering pauses the timer; it resumes with the time that was left', async ({ page }) => {
  await openWithClock(page)
  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  const item = toast(page, 'Toast 1')
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.clock.runFor(1000)
  await item.hover()
  await page.clock.runFor(20_000)
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.mouse.move(5, 790)
  await page.clock.runFor(3900)
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.clock.runFor(200)
  await expect(item).toHaveAttribute('data-state', 'closed')
})

test('focus inside the toasts pauses the timer', async ({ page }) => {
  await openWithClock(page)
  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  const item = toast(page, 'Toast 1')
  await page.keyboard.press('F8')
  await expect(item).toBeFocused()
  await page.clock.runFor(20_000)
  await expect(item).toHaveAttribute('data-state', 'open')
  await page.getByRole('button', { name: 'Show success toast' }).focus()
  await page.clock.runFor(5100)
  await expect(item).toHaveAttribute('data-state', 'closed')
})
