// Keyboard users always see where they are and never lose their place: the focus ring on sidebar
// links, focus kept inside the share dialog (Escape still closes it), focus moved into the phone
// drawer and back, and the prompt focused after a suggestion card sends.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChats } from './chat-helpers.ts'

async function tabTo(page: Page, selector: string, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

test('a sidebar chat link shows a focus ring when reached with Tab', async ({ page }) => {
  await createChats(page, 'focus-ring-a')
  await page.goto('/')
  await waitForHydration(page)
  await tabTo(page, 'a[href="/chat/focus-ring-a"]')
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!)
    return { style: style.outlineStyle, width: style.outlineWidth }
  })
  expect(outline).toEqual({ style: 'solid', width: '2px' })
})

test('the share dialog keeps the focus when the visibility changes, and Escape closes it', async ({ page }) => {
  await createChats(page, 'share-focus-a')
  await page.goto('/chat/share-focus-a')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Share chat', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Share chat' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: /Private/ })).toBeFocused()
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH')
  await page.keyboard.press('ArrowDown')
  await saved
  await expect(dialog.getByRole('radio', { name: /Public/ })).toBeChecked()
  await page.waitForTimeout(100)
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('the phone drawer takes the focus when it opens and gives it back when it closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await waitForHydration(page)
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#app-sidebar')).toBeInViewport()
  expect(await page.evaluate(() => document.getElementById('app-sidebar')!.contains(document.activeElement))).toBe(true)
  // Tab stays in the drawer: what is behind it is inert.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement === document.body || document.getElementById('app-sidebar')!.contains(document.activeElement))).toBe(true)
  }
  // From a link (on a button with a tooltip, the first Escape closes the tooltip: WCAG 1.4.13).
  await page.locator('#app-sidebar a[href="/"]').focus()
  await page.keyboard.press('Escape')
  await expect(toggle).toBeFocused()
})

test('Tab stays in the phone drawer even while its focus trap is still loading', async ({ page }) => {
  // The trap's code comes with the first opening; on a slow link Tab may be pressed before it runs.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/focus-trap-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(page.locator('#app-sidebar')).toBeInViewport()
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    const inside = await page.evaluate(() => document.activeElement === document.body || document.getElementById('app-sidebar')!.contains(document.activeElement))
    expect(inside, `Tab ${i + 1} left the drawer`).toBe(true)
  }
  release()
})

test('a suggestion card sent with the keyboard leaves the focus in the chat prompt', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: /Explain a concept/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})
