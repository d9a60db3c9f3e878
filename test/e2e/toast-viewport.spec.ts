// The toast region sits top-right, 24rem wide from `sm` and full width below, is
// labelled "Notifications (F8)", and F8 moves focus into it. Foreground toasts are alerts
// (assertive), background ones status messages (polite) (docs/product-contract.md).
import { test, expect } from './fixtures.ts'
import { openPlayground, openToasts, toast, toastRegion } from './playground.ts'

test('the region is top-right, 24rem wide on desktop and full width on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  const region = toastRegion(page)
  await expect(region).toBeVisible()
  let box = (await region.boundingBox())!
  expect(box.width).toBe(24 * 16)
  expect(box.x + box.width).toBe(1280)
  expect(box.y).toBe(0)
  const item = (await openToasts(page).first().boundingBox())!
  expect(item.x + item.width).toBeGreaterThan(1280 - 32)

  await page.setViewportSize({ width: 390, height: 844 })
  box = (await region.boundingBox())!
  expect(box.x).toBe(0)
  expect(box.width).toBe(390)
})

test('F8 moves focus to the newest toast, or into the empty region', async ({ page }) => {
  await openPlayground(page)
  await page.keyboard.press('F8')
  await expect(toastRegion(page).locator('ol')).toBeFocused()

  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  await page.getByRole('button', { name: 'Show success toast' }).click()
  await expect(openToasts(page)).toHaveCount(2)
  await page.keyboard.press('F8')
  await expect(toast(page, 'Chat renamed 2')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(toast(page, 'Chat renamed 2').getByRole('button', { name: 'Close' })).toBeFocused()
})

// The toasts' code loads with the first toast (or once the page has settled): F8 pressed while it
// is still on its way focuses the toast as soon as it is drawn.
for (const [held, pattern] of [
  ['the store and the look', /\/assets\/toast-(store|items)-[\w-]+\.js$/],
  ['the look', /\/assets\/toast-items-[\w-]+\.js$/],
] as const) {
  test(`F8 while ${held} of the toasts is still loading focuses the toast once drawn`, async ({ page }) => {
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const requested: string[] = []
    await page.route(pattern, async (route) => {
      requested.push(new URL(route.request().url()).pathname)
      await released
      await route.continue()
    })
    await openPlayground(page)
    await page.getByRole('button', { name: 'Show toast', exact: true }).click()
    await expect.poll(() => requested.length).toBeGreaterThan(0)
    await page.keyboard.press('F8')
    await expect(openToasts(page)).toHaveCount(0)
    release()
    await expect(openToasts(page)).toHaveCount(1)
    await expect(openToasts(page).first()).toBeFocused()
  })
}

test('foreground toasts are assertive alerts, background toasts polite status messages', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show toast', exact: true }).click()
  await page.getByRole('button', { name: 'Show background toast' }).click()
  const foreground = page.getByRole('alert').filter({ hasText: 'Toast 1' })
  const background = page.getByRole('status').filter({ hasText: 'Synced 2' })
  await expect(foreground).toHaveAttribute('aria-live', 'assertive')
  await expect(background).toHaveAttribute('aria-live', 'polite')
  await expect(foreground).toContainText('Your changes were saved.')
})

test('variants use the theme colours and an action carries its alternative text', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Show success toast' }).click()
  await page.getByRole('button', { name: 'Show persistent error' }).click()
  await page.getByRole('button', { name: 'Show toast with action' }).click()
  await expect(toast(page, 'Chat renamed 1')).toHaveAttribute('data-variant', 'success')
  await expect(toast(page, 'Could not send 2')).toHaveAttribute('data-variant', 'error')
  const withAction = toast(page, 'Chat deleted 3')
  await expect(withAction).toHaveAttribute('data-variant', 'info')
  // Screen readers hear the alternative way to do it along with the toast.
  await expect(withAction).toContainText('Restore the chat from the history menu')
  const iconColour = (title: string) =>
    toast(page, title).locator('svg').first().evaluate((svg) => getComputedStyle(svg).color)
  const colours = new Set([await iconColour('Chat renamed 1'), await iconColour('Could not send 2'), await iconColour('Chat deleted 3')])
  expect(colours.size).toBe(3)
  // An error toast has a border of its own; the others share the neutral one.
  const border = (title: string) => toast(page, title).evaluate((item) => getComputedStyle(item).borderTopColor)
  expect(await border('Could not send 2')).not.toBe(await border('Chat renamed 1'))
  expect(await border('Chat deleted 3')).toBe(await border('Chat renamed 1'))
})
