// Swiping a toast to the right (the viewport is top-right) by 50 px or more closes it (docs/product-contract.md);
// a shorter swipe springs back. Mouse and touch pointers alike.
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { openPlayground, toast } from './playground.ts'

async function showToast(page: Page): Promise<Locator> {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show persistent error' }).click()
  const item = toast(page, 'Could not send 1')
  await expect(item).toHaveAttribute('data-state', 'open')
  // Wait for the entry animation to settle, so positions are final.
  await expect.poll(() => item.evaluate((element) => element.getAnimations().length)).toBe(0)
  return item
}

async function mouseSwipe(page: Page, item: Locator, distance: number) {
  const box = (await item.boundingBox())!
  const x = box.x + 40
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + distance, y, { steps: 8 })
  return { box, release: () => page.mouse.up() }
}

async function touchSwipe(item: Locator, distance: number) {
  const box = (await item.boundingBox())!
  const x = box.x + 40
  const y = box.y + box.height / 2
  const init = { pointerType: 'touch', pointerId: 7, isPrimary: true, button: 0, buttons: 1, clientY: y }
  await item.dispatchEvent('pointerdown', { ...init, clientX: x })
  for (let step = 1; step <= 4; step++) {
    await item.dispatchEvent('pointermove', { ...init, clientX: x + (distance * step) / 4 })
  }
  await item.dispatchEvent('pointerup', { ...init, buttons: 0, clientX: x + distance })
}

test('a mouse swipe right of 50 px or more closes the toast', async ({ page }) => {
  const item = await showToast(page)
  const swipe = await mouseSwipe(page, item, 60)
  // It follows the pointer while dragging, without a transition that would make it lag behind.
  const dragged = (await item.boundingBox())!
  expect(dragged.x).toBeGreaterThan(swipe.box.x + 40)
  expect(await item.evaluate((element) => getComputedStyle(element).transitionProperty)).toBe('none')
  await swipe.release()
  await expect(item).toHaveAttribute('data-state', 'closed')
  await expect(item).toHaveCount(0)
})

test('a mouse swipe shorter than 50 px springs back', async ({ page }) => {
  const item = await showToast(page)
  const swipe = await mouseSwipe(page, item, 40)
  expect((await item.boundingBox())!.x).toBeGreaterThan(swipe.box.x + 30)
  await swipe.release()
  await expect(item).toHaveAttribute('data-swipe', 'cancel')
  await expect.poll(async () => (await item.boundingBox())!.x).toBe(swipe.box.x)
  await expect(item).toHaveAttribute('data-state', 'open')
})

test('a swipe to the left does not move or close it', async ({ page }) => {
  const item = await showToast(page)
  const swipe = await mouseSwipe(page, item, -80)
  expect((await item.boundingBox())!.x).toBe(swipe.box.x)
  await swipe.release()
  await expect(item).toHaveAttribute('data-state', 'open')
})

test('a touch swipe right of 50 px or more closes the toast', async ({ page }) => {
  const item = await showToast(page)
  await touchSwipe(item, 55)
  await expect(item).toHaveAttribute('data-state', 'closed')
  await expect(item).toHaveCount(0)
})

test('a touch swipe shorter than 50 px springs back', async ({ page }) => {
  const item = await showToast(page)
  const before = (await item.boundingBox())!
  await touchSwipe(item, 45)
  await expect(item).toHaveAttribute('data-swipe', 'cancel')
  await expect.poll(async () => (await item.boundingBox())!.x).toBe(before.x)
  await expect(item).toHaveAttribute('data-state', 'open')
})

test('pressing the close button is a click, not a swipe', async ({ page }) => {
  const item = await showToast(page)
  await item.getByRole('button', { name: 'Close' }).click()
  await expect(item).toHaveCount(0)
})
