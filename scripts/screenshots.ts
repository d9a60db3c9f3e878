// Screenshots of every screen in light and dark mode at phone and desktop width, for people to
// look at (not a test). Usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../test/helpers/chromium.ts'

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
const outDir = process.argv[3] ?? 'screenshots'
mkdirSync(outDir, { recursive: true })

const screens = [
  ['home', '/'],
  ['chat', '/chat/demo-chat'],
  ['not-found', '/this/page/does-not-exist'],
] as const
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

const browser = await chromium.launch(launchOptions())
for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of viewports) {
    const context = await browser.newContext({ viewport, colorScheme: mode, userAgent: DESKTOP_CHROME_UA, deviceScaleFactor: 1 })
    const page = await context.newPage()
    for (const [name, path] of screens) {
      await page.goto(baseUrl + path)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      const file = `${outDir}/${name}-${device}-${mode}.png`
      await page.screenshot({ path: file })
      console.log(file)
    }
    await context.close()
  }
}
await browser.close()
