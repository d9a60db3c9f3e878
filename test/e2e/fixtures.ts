import { test as base, expect, type Page } from '@playwright/test'

/** Fails the test on any console error or uncaught exception (hydration mismatches included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
    },
    { auto: true },
  ],
})

export { expect }

export async function waitForHydration(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

/** Counts full document loads of the page (a client navigation does not add one). */
export function countDocumentLoads(page: Page): { value: number } {
  const counter = { value: 0 }
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) counter.value++
  })
  return counter
}
