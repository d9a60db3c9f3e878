// Shared steps for the UI kit tests, which drive the components on /_playground.
import type { Locator, Page } from '@playwright/test'
import { waitForHydration } from './fixtures.ts'

export async function openPlayground(page: Page) {
  await page.goto('/_playground')
  await waitForHydration(page)
}

export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' })
}

/** Every rendered toast (closing ones included), newest first. */
export function toasts(page: Page): Locator {
  return toastRegion(page).locator('li')
}

export function openToasts(page: Page): Locator {
  return toastRegion(page).locator('li[data-state="open"]')
}

export function toast(page: Page, title: string): Locator {
  return toasts(page).filter({ hasText: title })
}
