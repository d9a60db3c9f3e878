// Screenshots of what the hardening round changed that a person sees: a long answer's "Show the
// rest", Settings opened at its top, the header on a touch phone, in light and dark. For people to
// look at (not a test). Needs a running server. Usage: npx tsx scripts/hardening-screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../test/helpers/chromium.ts'

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
const outDir = process.argv[3] ?? 'screenshots'
mkdirSync(outDir, { recursive: true })

async function longAnswerChat(page: Page): Promise<string> {
  const email = `shots-${Date.now()}@example.com`
  await page.request.post(`${baseUrl}/api/auth/local/sign-up`, { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString()
  const answer = Array.from({ length: 300 }, (_, i) => `Paragraph ${i} of the long answer. ${'Some words that take up room. '.repeat(16)}`).join('\n\n')
  const document = {
    chat: { id: `shots-${Date.now()}`, title: 'A very long answer', createdAt: at, currentLeafId: 'a1' },
    messages: [
      { id: 'q1', role: 'user', parentId: null, createdAt: at, parts: [{ type: 'text', text: 'Tell me everything.' }] },
      { id: 'a1', role: 'assistant', parentId: 'q1', createdAt: at, parts: [{ type: 'text', text: answer }] },
    ],
  }
  const started = await page.request.post(`${baseUrl}/api/import`, { multipart: { file: { name: 'chat.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) } } })
  const { id } = (await started.json()) as { id: string }
  for (;;) {
    const status = ((await (await page.request.get(`${baseUrl}/api/import/${id}`)).json()) as { status: string }).status
    if (status !== 'running' && status !== 'pending') break
    await page.waitForTimeout(200)
  }
  const list = (await (await page.request.get(`${baseUrl}/api/chats`)).json()) as { chats: Array<{ id: string }> }
  return list.chats[0]!.id
}

const browser = await chromium.launch(launchOptions())
for (const [name, options] of [
  ['desktop-light', { viewport: { width: 1280, height: 800 }, colorScheme: 'light', userAgent: DESKTOP_CHROME_UA }],
  ['phone-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', hasTouch: true, isMobile: true }],
] as const) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(baseUrl + '/')
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.screenshot({ path: `${outDir}/${name}-home-signed-out.png` })
  const chatId = await longAnswerChat(page)
  await page.goto(`${baseUrl}/chat/${chatId}`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  const button = page.getByRole('button', { name: /^Show the rest/ })
  await button.scrollIntoViewIfNeeded()
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${outDir}/${name}-show-the-rest.png` })
  await page.goto(`${baseUrl}/`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.screenshot({ path: `${outDir}/${name}-home-signed-in.png` })
  await page.keyboard.press('Control+Comma').catch(() => {})
  await page.getByRole('button', { name: /^Account/ }).click()
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click()
  await page.getByRole('dialog').waitFor()
  await page.waitForTimeout(600)
  await page.screenshot({ path: `${outDir}/${name}-settings.png` })
  await context.close()
}
await browser.close()
