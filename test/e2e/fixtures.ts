import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every test fails on a console error or an uncaught exception (hydration mismatches included:
 * mount.tsx reports them with console.error). The browser's own "Failed to load resource" lines are
 * left out: tests provoke failing requests on purpose (404 pages, aborted routes). A test that
 * expects the app to log errors sets `test.use({ allowConsoleErrors: true })`.
 */
export const test = base.extend<{ consoleErrors: string[]; allowConsoleErrors: boolean }>({
  allowConsoleErrors: [false, { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use, testInfo) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      if (!allowConsoleErrors && testInfo.status === testInfo.expectedStatus) {
        expect(errors, 'console errors or uncaught exceptions in the page').toEqual([])
      }
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
