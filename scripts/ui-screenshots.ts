// Screenshots of the UI kit on /_playground (toasts, a dialog, a tooltip, the loading bar) in light
// and dark mode at phone and desktop width, for people to look at (not a test). Needs a server
// with UI_PLAYGROUND=true. Usage: npx tsx scripts/ui-screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../test/helpers/chromium.ts'

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
const outDir = process.argv[3] ?? 'screenshots'
mkdirSync(outDir, { recursive: true })

const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

async function fresh(page: Page) {
  await page.goto(baseUrl + '/_playground')
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
}

/** Lets entry animations finish. */
const settle = (page: Page) => page.waitForTimeout(400)

const scenes: Array<[string, (page: Page) => Promise<void>]> = [
  [
    'toasts',
    async (page) => {
      for (const name of ['Show toast', 'Show success toast', 'Show persistent error', 'Show toast with action']) {
        await page.getByRole('button', { name, exact: true }).click()
      }
      await page.mouse.move(5, 700)
      await page.keyboard.press('F8')
    },
  ],
  ['confirm', (page) => page.getByRole('button', { name: 'Open danger confirm' }).click()],
  [
    'prompt-invalid',
    async (page) => {
      await page.getByRole('button', { name: 'Open prompt' }).click()
      await page.getByRole('textbox', { name: 'Chat title' }).fill('')
      await page.keyboard.press('Enter')
    },
  ],
  [
    'tooltip',
    async (page) => {
      await page.getByRole('button', { name: 'Bold' }).focus()
      await page.keyboard.press('Tab')
    },
  ],
  [
    'loading-bar',
    async (page) => {
      // A navigation whose payload takes 3 s: the bar shows after 200 ms.
      await page.route('**/chat/playground-demo/_payload.json', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3000))
        await route.continue()
      })
      await page.getByRole('link', { name: 'Open a chat' }).click()
      await page.waitForTimeout(800)
    },
  ],
  [
    'progress-indeterminate',
    async (page) => {
      await page.getByRole('button', { name: 'Indeterminate' }).click()
      await page.getByRole('progressbar').scrollIntoViewIfNeeded()
    },
  ],
]

const browser = await chromium.launch(launchOptions())
for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of viewports) {
    const context = await browser.newContext({ viewport, colorScheme: mode, userAgent: DESKTOP_CHROME_UA, deviceScaleFactor: 1 })
    const page = await context.newPage()
    for (const [name, act] of scenes) {
      await fresh(page)
      await act(page)
      await settle(page)
      const file = `${outDir}/ui-${name}-${device}-${mode}.png`
      await page.screenshot({ path: file })
      console.log(file)
    }
    await context.close()
  }
}
await browser.close()
