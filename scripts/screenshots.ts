// Screenshots of every screen in light and dark mode at phone and desktop width, for people to
// look at (not a test): home, a chat with a real answer (code block, table), the phone drawer, the
// 404 page. Usage: npx tsx scripts/screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs'
import { chromium, type BrowserContext } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../test/helpers/chromium.ts'

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
const outDir = process.argv[3] ?? 'screenshots'
mkdirSync(outDir, { recursive: true })

const QUESTION = 'Show me a code example and compare the options in a table'

/** A chat owned by the context's visitor, with the offline model's whole answer stored. */
async function seedChat(context: BrowserContext): Promise<string> {
  const message = { role: 'user', parts: [{ type: 'text', text: QUESTION }] }
  const created = await context.request.post(`${baseUrl}/api/chats`, { data: { message } })
  const { id } = (await created.json()) as { id: string }
  const answer = await context.request.post(`${baseUrl}/api/chats/${id}`, { data: { trigger: 'regenerate-message', messages: [message] } })
  await answer.body() // the whole stream: the answer is stored when it ends
  return id
}
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const

const browser = await chromium.launch(launchOptions())
for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of viewports) {
    const context = await browser.newContext({ viewport, colorScheme: mode, userAgent: DESKTOP_CHROME_UA, deviceScaleFactor: 1 })
    const page = await context.newPage()
    const chatId = await seedChat(context)
    const screens = [
      ['home', '/'],
      ['chat', `/chat/${chatId}`],
      ['not-found', '/this/page/does-not-exist'],
    ] as const
    for (const [name, path] of screens) {
      await page.goto(baseUrl + path)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      // Code colours arrive once the browser is idle after load.
      if (name === 'chat') await page.locator('.code-block code span[style]').first().waitFor({ state: 'attached' })
      const file = `${outDir}/${name}-${device}-${mode}.png`
      await page.screenshot({ path: file })
      console.log(file)
      if (name === 'chat' && device === 'phone') {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click()
        await page.getByRole('link', { name: 'New chat' }).waitFor()
        await page.waitForTimeout(300) // the drawer's slide-in
        await page.screenshot({ path: `${outDir}/drawer-${device}-${mode}.png` })
        console.log(`${outDir}/drawer-${device}-${mode}.png`)
      }
    }
    await context.close()
  }
}
await browser.close()
