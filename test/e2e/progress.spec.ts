// Progress is indeterminate without a value, loading with one, complete at its max,
// and says so in data-state and in the progressbar's ARIA values (docs/product-contract.md).
import { test, expect } from './fixtures.ts'
import { openPlayground } from './playground.ts'

test('indeterminate, loading and complete states', async ({ page }) => {
  await openPlayground(page)
  const bar = page.getByRole('progressbar', { name: 'Upload' })
  await expect(bar).toHaveAttribute('data-state', 'loading')
  await expect(bar).toHaveAttribute('aria-valuenow', '40')
  await expect(bar).toHaveAttribute('aria-valuemax', '100')
  await expect(bar).toHaveAttribute('aria-valuemin', '0')

  await page.getByRole('button', { name: '+10' }).click()
  await expect(bar).toHaveAttribute('aria-valuenow', '50')
  // The filled part covers half the track.
  const track = (await bar.boundingBox())!
  await expect
    .poll(async () => {
      const fill = (await bar.locator('div').boundingBox())!
      return Math.round(fill.x + fill.width - track.x)
    })
    .toBe(Math.round(track.width / 2))

  await page.getByRole('button', { name: 'Complete' }).click()
  await expect(bar).toHaveAttribute('data-state', 'complete')
  await expect(bar).toHaveAttribute('aria-valuenow', '100')

  await page.getByRole('button', { name: 'Indeterminate' }).click()
  await expect(bar).toHaveAttribute('data-state', 'indeterminate')
  await expect(bar).not.toHaveAttribute('aria-valuenow')
  await expect(bar).toHaveAttribute('aria-valuemax', '100')

  await page.getByRole('button', { name: '+10' }).click()
  await expect(bar).toHaveAttribute('data-state', 'loading')
  await expect(bar).toHaveAttribute('aria-valuenow', '10')
})

test('the server renders the same state the browser shows', async ({ page }) => {
  await page.goto('/_playground')
  const html = await (await page.request.get('/_playground')).text()
  expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="40"[^>]*data-state="loading"/)
})
