// Math (KaTeX) and Mermaid diagrams in answers, in Chromium: both render, with their code a click
// away; a diagram that does not parse shows its code; a chat without them loads none of their code.
import { AxeBuilder } from '@axe-core/playwright'
import { test, expect, waitForHydration } from './fixtures.ts'

test('math renders inline and as a block, and a diagram draws with its code a click away', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Show me an equation and a diagram, please')
  await prompt.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  // The whole answer, to its last line (Send shows also in the moment before the answer starts).
  await expect(answer).toContainText('Connect a real model', { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 20_000 })

  // KaTeX: an inline formula in the text, the quadratic formula as a display block (MathML inside for screen readers).
  await expect(answer.locator('.math-inline .katex')).toHaveCount(1)
  await expect(answer.locator('.math-display .katex-display')).toHaveCount(1)
  await expect(answer.locator('.math-inline annotation')).toHaveText('e^{i\\pi} + 1 = 0')
  await expect(answer).not.toContainText('$$')
  // Its fonts come from this server (the CSP allows nothing else).
  const fontOk = await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))
  expect(fontOk).toBe(true)

  const diagram = answer.locator('[data-mermaid]')
  const drawing = diagram.getByRole('img', { name: 'Diagram' })
  await expect(drawing).toBeVisible({ timeout: 15_000 })
  // Drawn into a shadow root with its own stylesheet (no <style> element on the page: the CSP forbids them).
  const node = drawing.locator('g.node').first()
  await expect(node).toBeVisible()
  // Labels are SVG text, a line per <tspan> where a label wraps.
  await expect(drawing.locator('svg')).toContainText(/Offline demo\s*model/)
  const fill = await node.locator('rect, polygon, path').first().evaluate((shape) => getComputedStyle(shape).fill)
  expect(fill).not.toBe('rgb(0, 0, 0)')
  await diagram.getByRole('button', { name: 'Show code' }).click()
  await expect(diagram.locator('pre')).toContainText('flowchart LR')
  await expect(diagram.getByRole('button', { name: 'Hide code' })).toHaveAttribute('aria-expanded', 'true')

  const results = await new AxeBuilder({ page }).include('article').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
})

test('a plain chat loads neither KaTeX nor Mermaid', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Write a TypeScript example that costs $5 and $10')
  await prompt.press('Enter')
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('costs $5 and $10')
  expect(loaded.filter((url) => /rich-markdown|mermaid|katex/i.test(url))).toEqual([])
})
