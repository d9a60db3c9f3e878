// The artifact panel with what the offline model makes: every kind drawn in the panel, the table
// sorted and charted, the phone's full-screen sheet, Escape, the divider, a reload on #artifact=,
// and axe in both colour modes with the panel open.
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { openArtifactChat, panel } from './artifacts-helpers.ts'

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([])
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('a document renders as Markdown with its headings; code is highlighted; a diagram is drawn', async ({ page }) => {
  await openArtifactChat(page, 'make a document about tea')
  const preview = panel(page).locator('[data-artifact-preview="document"]')
  await expect(preview.getByRole('heading', { level: 1, name: 'Tea' })).toBeVisible()
  await expect(preview.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expect(panel(page).getByRole('heading', { level: 2, name: 'Tea' })).toBeVisible()
  await expect(panel(page)).toContainText('Document')

  await openArtifactChat(page, 'write some python code about tea')
  await expect(panel(page)).toContainText('python')
  await expect(panel(page).locator('[data-artifact-preview="code"] .code-block code span[style]').first()).toBeAttached({ timeout: 10_000 })

  await openArtifactChat(page, 'make a diagram about tea')
  await expect(panel(page).locator('[data-artifact-preview="mermaid"] [data-mermaid] [role="img"]')).toBeVisible({ timeout: 15_000 })
})

for (const [kind, prompt] of [
  ['html', 'make a page about tea'],
  ['svg', 'make an SVG about tea'],
  ['react', 'make a component about tea'],
] as const) {
  test(`a ${kind} artifact previews in the sandbox and opens in a new tab`, async ({ page }) => {
    await openArtifactChat(page, prompt)
    const frame = panel(page).locator(`[data-artifact-preview="${kind}"] iframe`)
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts')
    await expect(frame).toHaveAttribute('title', 'Preview of Tea')
    const link = panel(page).getByRole('link', { name: 'Open in a new tab' })
    await expect(link).toHaveAttribute('href', /^\/sandbox\/view\/[^/]+\/[^/]+\?version=1$/)
    await expect(link).toHaveAttribute('target', '_blank')
  })
}

test('a table sorts by a header (ascending, then descending; numbers as numbers) and Chart this draws it', async ({ page }) => {
  await openArtifactChat(page, 'make a table about red, green and blue')
  const table = panel(page).getByRole('table')
  const header = table.getByRole('columnheader').nth(1)
  await expect(table.locator('tbody tr')).toHaveCount(3)
  await header.getByRole('button').click()
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  const numbers = async () => (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number)
  const ascending = await numbers()
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
  await header.getByRole('button').click()
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  expect(await numbers()).toEqual([...ascending].sort((a, b) => b - a))

  await panel(page).getByRole('button', { name: 'Chart this' }).click()
  await expect(panel(page).locator('svg[role="img"], figure svg').first()).toBeVisible()
  await expect(panel(page).getByRole('button', { name: 'Hide the chart' })).toHaveAttribute('aria-pressed', 'true')

  // Numbers sort as numbers (9 before 10 before 100), not as text.
  await panel(page).getByRole('tab', { name: 'Code' }).click()
  await panel(page).locator('[data-artifact-editor] .cm-content').click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('Name,Count\n"Smith, J.",10\nLee,9\nPark,100\n')
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(panel(page).locator('[data-artifact-version]')).toHaveText('Version 2 / 2')
  await panel(page).getByRole('tab', { name: 'Preview' }).click()
  await table.getByRole('columnheader', { name: /Count/ }).getByRole('button').click()
  await expect(table.locator('tbody tr td:first-child')).toHaveText(['Lee', 'Smith, J.', 'Park'])
  await table.getByRole('columnheader', { name: /Count/ }).getByRole('button').click()
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText(['100', '10', '9'])
})

test('Escape closes the panel and the focus goes back to the card; the divider resizes it by keyboard and is remembered', async ({ page }) => {
  await openArtifactChat(page, 'make a document about tea')
  const open = page.locator('[data-artifact-card]').getByRole('button', { name: 'Open Tea' })
  const divider = page.getByRole('separator', { name: 'Resize the artifact panel' })
  const width = Number(await divider.getAttribute('aria-valuenow'))
  await divider.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(divider).toHaveAttribute('aria-valuenow', String(width + 24))
  expect(Math.round((await panel(page).boundingBox())!.width)).toBe(width + 24)
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveCount(0)
  await expect(open).toBeFocused()

  await open.click()
  await expect(panel(page)).toBeVisible()
  await expect(page.getByRole('separator', { name: 'Resize the artifact panel' })).toHaveAttribute('aria-valuenow', String(width + 24))
  // The chat beside it still works: its prompt takes text.
  await page.getByRole('textbox', { name: 'Message' }).fill('still here')
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('still here')
  await panel(page).getByRole('button', { name: 'Close the artifact' }).click()
  await expect(panel(page)).toHaveCount(0)
  await expect(open).toBeFocused()
})

test('a reload with #artifact= in the address opens the panel again', async ({ page }) => {
  await openArtifactChat(page, 'make a document about tea')
  await expect(page).toHaveURL(/#artifact=[\w-]+$/)
  await page.reload()
  await waitForHydration(page)
  await expect(panel(page).getByRole('heading', { level: 2, name: 'Tea' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).not.toHaveURL(/#artifact=/)
})

test('on a phone the panel is a full-screen dialog: the focus stays inside, Escape returns it to the card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openArtifactChat(page, 'make a table about red, green and blue')
  const sheet = page.getByRole('dialog', { name: 'Red, green and blue table' })
  await expect(sheet).toBeVisible()
  const box = (await sheet.boundingBox())!
  expect(box.width).toBe(390)
  expect(box.height).toBe(844)
  for (let index = 0; index < 15; index++) {
    await page.keyboard.press('Tab')
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }
  // (A button's tooltip, open on focus, would take the first Escape: the tab has none.)
  await sheet.getByRole('tab', { name: 'Preview' }).focus()
  await page.keyboard.press('Escape')
  await expect(sheet).toHaveCount(0)
  await expect(page.locator('[data-artifact-card]').getByRole('button', { name: /^Open / })).toBeFocused()
})

for (const mode of ['light', 'dark'] as const) {
  test(`axe finds nothing with the panel open in ${mode} mode`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode)
    await openArtifactChat(page, 'make a table about red, green and blue')
    await expect(page.locator('html')).toHaveClass(new RegExp(mode))
    await scan(page)
    await page.screenshot({ path: join(testInfo.project.outputDir, `screens/artifact-table-${mode}.png`) })
    await openArtifactChat(page, 'make a document about tea')
    await panel(page).getByRole('tab', { name: 'Code' }).click()
    await expect(panel(page).locator('[data-artifact-editor] .cm-content')).toBeVisible()
    await scan(page)
    await page.screenshot({ path: join(testInfo.project.outputDir, `screens/artifact-code-${mode}.png`) })
  })
}

test('an artifact being written opens beside the chat and grows there; the card says Writing… until it is stored', async ({ page }) => {
  await openArtifactChat(page, 'make a table about red, green and blue')
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveCount(0)
  // Watch the panel's text as it streams: it must show part of the document before the whole.
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { seen: number[] }).seen = [])
    new MutationObserver(() => {
      const preview = document.querySelector('[data-artifact-panel] [data-artifact-preview="document"]')
      if (preview) seen.push(preview.textContent!.length)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await page.getByRole('textbox', { name: 'Message' }).fill('make a document about coffee')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(panel(page)).toContainText('Writing…')
  await expect(page.locator('[data-artifact-card]').last()).toHaveAttribute('data-state', 'writing')
  // It opened by itself: the prompt keeps the focus.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
  await expect(panel(page).locator('[data-artifact-version]')).toHaveText('Version 1 / 1', { timeout: 15_000 })
  await expect(page.locator('[data-artifact-card]').last()).toContainText('v1')
  const lengths = await page.evaluate(() => (window as unknown as { seen: number[] }).seen)
  const final = lengths.at(-1)!
  expect(lengths.some((length) => length > 0 && length < final)).toBe(true)
})
