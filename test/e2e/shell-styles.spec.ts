// The home page paints with the shell's stylesheet (client/shell.css: the classes of the entry's
// and the home page's code, listed by the build); every other page is served with the whole sheet
// (client/styles.css), which the home page loads once it has settled and before anything loaded
// later is drawn (client/lib/full-styles.ts).
import type { Page, Route } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChats } from './chats.ts'
import { createChatThroughApi } from './chat-helpers.ts'

const WHOLE_SHEET = /\/assets\/styles-[\w-]+\.css$/
const SHELL_SHEET = /\/assets\/index-[\w-]+\.css$/

/** Holds the whole sheet's responses until `release()`. */
async function holdWholeSheet(page: Page): Promise<{ release(): void; requested(): string | undefined }> {
  const held: Route[] = []
  let released = false
  let url: string | undefined
  await page.route(WHOLE_SHEET, async (route) => {
    url = route.request().url()
    if (released) return route.continue()
    held.push(route)
  })
  return {
    release() {
      released = true
      for (const route of held.splice(0)) void route.continue()
    },
    requested: () => url,
  }
}

/**
 * Classes on the page's elements that the whole sheet has rules for and the sheets the page has
 * loaded do not: what would be drawn unstyled.
 */
async function classesWithoutRules(page: Page, wholeUrl: string): Promise<string[]> {
  const wholeText = await (await page.request.get(wholeUrl)).text()
  return page.evaluate((text) => {
    function classesOf(rules: CSSRuleList, into: Set<string>) {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const [, name] of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) into.add(name!.replace(/\\(.)/g, '$1'))
        }
        if ('cssRules' in rule) classesOf((rule as CSSGroupingRule).cssRules, into)
      }
      return into
    }
    const whole = new CSSStyleSheet()
    whole.replaceSync(text)
    const wholeClasses = classesOf(whole.cssRules, new Set())
    const loaded = new Set<string>()
    for (const sheet of Array.from(document.styleSheets)) classesOf(sheet.cssRules, loaded)
    const onPage = new Set<string>()
    for (const element of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of Array.from(element.classList)) onPage.add(name)
    }
    return [...onPage].filter((name) => wholeClasses.has(name) && !loaded.has(name)).sort()
  }, wholeText)
}

test('the home page draws every class with the shell’s sheet alone, on a desktop and a phone', async ({ page }) => {
  await createChats(page.request, ['Garden plans', 'Bread recipe'])
  const whole = await holdWholeSheet(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Chat history' }).getByRole('link', { name: 'Garden plans' })).toBeVisible()
  const linked = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => new URL(link.href).pathname))
  // The server's link is the shell's, and the only one of it; the page adds the whole sheet's once
  // it has settled (and lazy chunks their own sheets, as the composer's attachments do once loaded).
  expect(linked[0]).toMatch(SHELL_SHEET)
  expect(linked.filter((href) => SHELL_SHEET.test(href))).toHaveLength(1)
  // Asked for once the page has settled; nothing above waited for it.
  await expect.poll(() => whole.requested()).toMatch(WHOLE_SHEET)
  const wholeUrl = whole.requested()!
  expect(await classesWithoutRules(page, wholeUrl)).toEqual([])

  // The phone's layout: the header's own controls, then the sidebar opened as a drawer.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await classesWithoutRules(page, wholeUrl)).toEqual([])
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(page.getByRole('navigation', { name: 'Chat history' }).getByRole('link', { name: 'Bread recipe' })).toBeVisible()
  expect(await classesWithoutRules(page, wholeUrl)).toEqual([])
  whole.release()
})

test('a chat opened from the home page is drawn with the whole sheet, never before it has loaded', async ({ page }) => {
  const id = await createChatThroughApi(page, 'Tell me about Markdown')
  const whole = await holdWholeSheet(page)
  await page.goto('/')
  await waitForHydration(page)
  // Note how the answer's Markdown looks the moment it enters the page.
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { markdownFontSizes: seen })
    new MutationObserver(() => {
      const markdown = document.querySelector('.markdown')
      if (markdown && seen.length === 0) seen.push(getComputedStyle(markdown).fontSize)
    }).observe(document.body, { childList: true, subtree: true })
  })
  await page.getByRole('navigation', { name: 'Chat history' }).getByRole('link').first().click()
  await page.waitForTimeout(500)
  await expect(page.locator('.markdown')).toHaveCount(0)
  whole.release()
  await expect(page).toHaveURL(`/chat/${id}`)
  await expect(page.getByRole('article', { name: 'Answer' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { markdownFontSizes: string[] }).markdownFontSizes)).toEqual(['15px'])
})

test('a chat page is served with the whole sheet alone: the shell’s is never fetched', async ({ page }) => {
  const id = await createChatThroughApi(page, 'Tell me about Markdown')
  const sheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || /\.css$/.test(request.url())) sheets.push(new URL(request.url()).pathname)
  })
  await page.goto(`/chat/${id}`)
  await waitForHydration(page)
  await expect(page.locator('.markdown').first()).toHaveCSS('font-size', '15px')
  // Parts loaded later (the chat's header actions, the share dialog) bring their own sheets, not the shell's.
  await page.getByRole('button', { name: 'Share chat' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(sheets.filter((path) => SHELL_SHEET.test(path))).toEqual([])
  expect(sheets.filter((path) => WHOLE_SHEET.test(path))).toHaveLength(1)
})
