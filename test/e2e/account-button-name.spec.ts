// The signed-in account button's accessible name holds what it shows (its initials on a phone, the
// user's name and initials from `sm` up), so voice control can say what a user sees: axe's
// label-content-name-mismatch (an experimental rule, off by default, so turned on here) finds nothing.
import { AxeBuilder } from '@axe-core/playwright'
import { test, expect, waitForHydration } from './fixtures.ts'

test('the account button is named with its visible text, on a desktop and on a phone', async ({ page }) => {
  await page.goto('/')
  const email = `name-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    await page.goto('/')
    await waitForHydration(page)
    const button = page.getByRole('button', { name: /^Account: Ada Lovelace/ })
    await expect(button).toBeVisible()
    await expect(button.getByText('AL', { exact: true })).toBeVisible()
    const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze()
    expect(
      results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`)),
      `label-content-name-mismatch at ${viewport.width} px`,
    ).toEqual([])
  }
})
