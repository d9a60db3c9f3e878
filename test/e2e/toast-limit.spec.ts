// At most 5 toasts are kept (docs/product-contract.md); a sixth drops the oldest.
import { test, expect } from './fixtures.ts'
import { openPlayground, openToasts, toasts } from './playground.ts'

test('a sixth toast drops the oldest; newest first', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show 6 toasts' }).click()
  await expect(openToasts(page)).toHaveCount(5)
  // Dropped outright, not left closing in the DOM.
  await expect(toasts(page)).toHaveCount(5)
  const titles = () => openToasts(page).evaluateAll((items) => items.map((item) => item.querySelector('p')!.textContent))
  expect(await titles()).toEqual(['Toast 6', 'Toast 5', 'Toast 4', 'Toast 3', 'Toast 2'])

  await page.getByRole('button', { name: 'Show success toast' }).click()
  await expect(openToasts(page).first()).toContainText('Chat renamed 7')
  expect(await titles()).toEqual(['Chat renamed 7', 'Toast 6', 'Toast 5', 'Toast 4', 'Toast 3'])
})

test('closing toasts do not count against the limit', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show 6 toasts' }).click()
  await expect(openToasts(page)).toHaveCount(5)
  await openToasts(page).first().getByRole('button', { name: 'Close' }).click()
  await page.getByRole('button', { name: 'Show success toast' }).click()
  await expect(openToasts(page)).toHaveCount(5)
  await expect(openToasts(page).filter({ hasText: 'Toast 2' })).toHaveCount(1)
})
