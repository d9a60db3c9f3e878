// axe-core scans of both screens in both colour modes (no violation at all), with
// screenshots of each (desktop and phone) kept in test-results/screens for people to look at.
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } }

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const severe = results.violations
  expect(severe.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([])
}

for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`home and chat pass axe in ${mode} mode (${device})`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport)
      await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode)
      await page.goto('/')
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveClass(new RegExp(mode))
      await scan(page)
      await page.screenshot({ path: join(testInfo.project.outputDir, `screens/home-${mode}-${device}.png`) })

      const id = await createChatThroughApi(page, 'Show me a code example and a table, please')
      await page.goto(`/chat/${id}`)
      await waitForHydration(page)
      await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
      await expect(page.locator('.code-block code span[style]').first()).toBeAttached()
      await scan(page)
      await page.screenshot({ path: join(testInfo.project.outputDir, `screens/chat-${mode}-${device}.png`) })
    })
  }
}
