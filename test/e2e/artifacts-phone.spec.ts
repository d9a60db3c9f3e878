// The artifact sheet on a touch phone: every control in it is at least 44 × 44 px, in both colour
// modes (screenshots kept in test-results/screens for people to look at).
import { join } from 'node:path'
import { test, expect } from './fixtures.ts'
import { openArtifactChat } from './artifacts-helpers.ts'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

for (const mode of ['light', 'dark'] as const)
test(`every control of the sheet is a 44 px target, in the preview and in the code editor (${mode})`, async ({ page }, testInfo) => {
  await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode)
  await openArtifactChat(page, 'make a table about red, green and blue')
  const sheet = page.getByRole('dialog', { name: 'Red, green and blue table' })
  await expect(sheet.getByRole('table')).toBeVisible()
  const small = async () => {
    const found: string[] = []
    for (const control of await sheet.locator('button, a[href], [role="tab"], [role="separator"]').all()) {
      if (!(await control.isVisible())) continue
      const box = (await control.boundingBox())!
      if (box.width + 0.5 < 44 || box.height + 0.5 < 44) found.push(`${(await control.getAttribute('aria-label')) ?? (await control.textContent())} ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
    return found
  }
  expect(await small()).toEqual([])
  await page.screenshot({ path: join(testInfo.project.outputDir, `screens/artifact-sheet-${mode}.png`) })
  await sheet.getByRole('tab', { name: 'Code' }).click()
  await expect(sheet.getByRole('button', { name: 'Save' })).toBeVisible()
  expect(await small()).toEqual([])
  await page.screenshot({ path: join(testInfo.project.outputDir, `screens/artifact-sheet-code-${mode}.png`) })
})
