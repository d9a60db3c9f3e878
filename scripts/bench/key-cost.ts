// Typing cost in the composer (bench:chat-ui, bench:long-chat): for every key press, the time until
// the frame after it has been produced, median and slowest, typing `chars` characters 30 ms apart.
import type { Browser } from '@playwright/test'
import { DESKTOP_CHROME_UA } from '../../test/helpers/chromium.ts'

/** Records, for every key press, the time until the frame after it has been produced. */
const KEY_TIMER = `
  window.__keys = [];
  document.addEventListener('keydown', () => {
    const start = performance.now();
    requestAnimationFrame(() => setTimeout(() => window.__keys.push(performance.now() - start), 0));
  }, true);
`

export interface KeyCost {
  medianMs: number
  slowestMs: number
}

export async function keyCost(browser: Browser, url: string, cookies: Array<{ name: string; value: string }>, chars: number): Promise<KeyCost> {
  const context = await browser.newContext({ userAgent: DESKTOP_CHROME_UA, viewport: { width: 1280, height: 800 } })
  try {
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url })))
    await context.addInitScript(KEY_TIMER)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.waitForTimeout(500)
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.click()
    await page.evaluate(() => ((window as unknown as { __keys: number[] }).__keys = []))
    await input.pressSequentially('The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(chars / 45)).slice(0, chars), { delay: 30 })
    await page.waitForTimeout(100)
    const keys = (await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys)).sort((a, b) => a - b)
    return { medianMs: keys[Math.floor(keys.length / 2)] ?? 0, slowestMs: keys.at(-1) ?? 0 }
  } finally {
    await context.close()
  }
}

