// Screenshots of the chat history (sidebar with many chats in several date groups, the search
// palette, the rename / delete / share dialogs, a row menu) in light and dark mode at phone and
// desktop width, for people to look at (not a test). The server dates chats itself, so the
// sidebar's list answers are shifted into the past on their way to the page to show the groups.
// Usage: npx tsx scripts/sidebar-screenshots.ts [baseUrl] [outDir]
import { mkdirSync } from 'node:fs'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { DESKTOP_CHROME_UA, launchOptions } from '../test/helpers/chromium.ts'

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000'
const outDir = process.argv[3] ?? 'screenshots'
mkdirSync(outDir, { recursive: true })
const DAY = 86_400_000

const TOPICS = [
  'Trip to Lisbon in spring', 'Sourdough starter problems', 'Quarterly report draft', 'Explain React Server Components',
  'Birthday gift ideas for Dad', 'Fix flaky Playwright test', 'Marathon training plan', 'SQL window functions',
  'Garden layout for tomatoes', 'Cover letter for a design role', 'Budget spreadsheet formulas', 'Learn Portuguese phrases',
  'Kubernetes ingress setup', 'Weekly meal prep', 'Rust borrow checker question', 'Wedding speech outline',
]

/** Creates the chats once, in the context whose cookie owns them. */
async function seed(context: BrowserContext): Promise<string[]> {
  const ids: string[] = []
  for (let index = 0; index < 48; index++) {
    const title = `${TOPICS[index % TOPICS.length]}${index >= TOPICS.length ? ` (${Math.floor(index / TOPICS.length) + 1})` : ''}`
    const created = await context.request.post(`${baseUrl}/api/chats`, {
      data: { message: { role: 'user', parts: [{ type: 'text', text: `Let us talk about ${title.toLowerCase()}: where do I start with bananas?` }] } },
    })
    const { id } = (await created.json()) as { id: string }
    await context.request.patch(`${baseUrl}/api/chats/${id}`, { data: { title, ...(index % 7 === 0 ? { visibility: 'public' } : {}) } })
    ids.unshift(id)
  }
  return ids
}

/** Spreads the newest-first list over today, yesterday, last week, last month and older months. */
async function ageTheList(page: Page) {
  const ages = [0, 0, 0, 1, 1, 3, 4, 6, 9, 12, 20, 27, 35, 40, 70, 100, 130, 160, 200, 250, 300, 340, 380, 420]
  let seen = 0
  await page.route(/\/api\/chats\?/, async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { chats: Array<{ updatedAt: number }>; nextCursor: string | null }
    for (const chat of body.chats) {
      const age = ages[Math.min(seen, ages.length - 1)]! + Math.max(0, seen - ages.length + 1) * 15
      chat.updatedAt = Date.now() - age * DAY - seen * 60_000
      seen++
    }
    await route.fulfill({ response, json: body })
  })
}

const settle = (page: Page) => page.waitForTimeout(450)

type Scene = [string, (page: Page, ids: string[], phone: boolean) => Promise<void>]
const openDrawer = async (page: Page, phone: boolean) => {
  if (phone) await page.getByRole('button', { name: 'Toggle sidebar' }).click()
}
async function chooseInFirstRowMenu(page: Page, ids: string[], phone: boolean, item: string) {
  await page.goto(`${baseUrl}/chat/${ids[0]}`)
  await openDrawer(page, phone)
  await page.getByRole('navigation', { name: 'Chat history' }).getByRole('button').first().click()
  await page.getByRole('menuitem', { name: item }).click()
}
const scenes: Scene[] = [
  ['sidebar', async (page, ids, phone) => {
    await page.goto(`${baseUrl}/chat/${ids[2]}`)
    await openDrawer(page, phone)
  }],
  ['sidebar-scrolled', async (page, _ids, phone) => {
    await page.goto(baseUrl + '/')
    await openDrawer(page, phone)
    await page.getByRole('navigation', { name: 'Chat history' }).getByRole('link').nth(20).waitFor()
    await page.getByRole('navigation', { name: 'Chat history' }).evaluate((nav) => nav.scrollTo({ top: 1400 }))
    await page.waitForTimeout(500)
    // The menu of the lowest chat in view opens upward.
    const rows = page.getByRole('navigation', { name: 'Chat history' }).getByRole('listitem')
    const count = await rows.count()
    for (let index = count - 1; index >= 0; index--) {
      const box = await rows.nth(index).boundingBox()
      if (box && box.y + box.height < page.viewportSize()!.height - 10) {
        await rows.nth(index).hover()
        await rows.nth(index).getByRole('button').click()
        break
      }
    }
  }],
  ['row-menu', async (page, ids, phone) => {
    await page.goto(`${baseUrl}/chat/${ids[1]}`)
    await openDrawer(page, phone)
    await page.getByRole('navigation', { name: 'Chat history' }).getByRole('button').nth(1).click()
  }],
  ['palette-recent', async (page) => {
    await page.goto(baseUrl + '/')
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.keyboard.press('Control+k')
  }],
  ['palette-results', async (page) => {
    await page.goto(baseUrl + '/')
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await page.keyboard.press('Control+k')
    await page.getByRole('combobox', { name: 'Search chats' }).fill('bananas')
    await page.getByRole('listbox', { name: 'Matching chats' }).waitFor()
    await page.keyboard.press('ArrowDown')
  }],
  ['rename-invalid', async (page, ids, phone) => {
    await chooseInFirstRowMenu(page, ids, phone, 'Rename')
    await page.getByRole('textbox', { name: 'Chat title' }).fill('')
    await page.keyboard.press('Enter')
  }],
  ['delete-confirm', (page, ids, phone) => chooseInFirstRowMenu(page, ids, phone, 'Delete')],
  ['share', async (page, ids) => {
    await page.goto(`${baseUrl}/chat/${ids[0]}`)
    await page.getByRole('button', { name: 'Share chat' }).click()
  }],
  ['header-export', async (page, ids) => {
    await page.goto(`${baseUrl}/chat/${ids[0]}`)
    await page.getByRole('button', { name: 'Export chat' }).click()
  }],
]

const browser = await chromium.launch(launchOptions())
const owner = await browser.newContext({ userAgent: DESKTOP_CHROME_UA })
const ids = await seed(owner)
const { cookies } = await owner.storageState()
await owner.close()

for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    const phone = device === 'phone'
    const context = await browser.newContext({ viewport, colorScheme: mode, userAgent: DESKTOP_CHROME_UA, deviceScaleFactor: 1, hasTouch: phone })
    await context.addCookies(cookies)
    for (const [name, act] of scenes) {
      const page = await context.newPage()
      await ageTheList(page)
      await act(page, ids, phone)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await settle(page)
      const file = `${outDir}/sidebar-${name}-${device}-${mode}.png`
      await page.screenshot({ path: file })
      console.log(file)
      await page.close()
    }
    await context.close()
  }
}
await browser.close()
