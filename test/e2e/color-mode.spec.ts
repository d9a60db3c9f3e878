// Colour mode system | light | dark in localStorage['nuxt-color-mode'], applied
// before first paint, toggled from the header, `system` following the OS live (docs/product-contract.md).
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'

/** The body's background as sRGB (Tailwind 4 writes colours in oklch, so compare pixels). */
async function bodyBackground(page: Page): Promise<'dark' | 'light' | string> {
  const [r, g, b] = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d')!
    context.fillStyle = getComputedStyle(document.body).backgroundColor
    context.fillRect(0, 0, 1, 1)
    return [...context.getImageData(0, 0, 1, 1).data]
  })
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  return luminance < 40 ? 'dark' : luminance > 245 ? 'light' : `rgb(${r}, ${g}, ${b})`
}

test('a reload in dark mode never shows the light theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  // Record every class <html> ever has, from before the first byte is parsed.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { classHistory: string[] }).classHistory = seen
    new MutationObserver(() => seen.push(document.documentElement.className)).observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
      childList: true,
    })
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => localStorage.setItem('nuxt-color-mode', 'dark'))
  await page.reload()
  await waitForHydration(page)
  const history = await page.evaluate(() => (window as unknown as { classHistory: string[] }).classHistory)
  const withMode = history.filter((value) => /\b(dark|light)\b/.test(value))
  expect(withMode.length).toBeGreaterThan(0)
  for (const value of withMode) expect(value).toMatch(/\bdark\b/)
  await expect.poll(() => bodyBackground(page)).toBe('dark')
})

test('the stored mode applies before any app script runs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'dark'))
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect.poll(() => bodyBackground(page)).toBe('dark')
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark')
})

test('the header button cycles system → light → dark and remembers it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await waitForHydration(page)
  const button = page.getByTestId('color-mode-button')
  await expect(button).toHaveAccessibleName('Colour mode: System. Switch to Light')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)

  await button.click()
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await expect.poll(() => bodyBackground(page)).toBe('light')
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('light')
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#ffffff')

  await button.click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark')

  await button.click()
  expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('system')
  await page.reload()
  await expect(page.getByTestId('color-mode-button')).toHaveAccessibleName('Colour mode: System. Switch to Light')
})

test('system mode follows the OS live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect.poll(() => bodyBackground(page)).toBe('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
})

test('a forced mode ignores the OS', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('nuxt-color-mode', 'light'))
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\blight\b/)
  await expect(page.locator('meta[name="theme-color"]').nth(1)).toHaveAttribute('content', '#ffffff')
})
