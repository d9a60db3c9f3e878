// A long chat: the page carries its latest messages only; scrolling up loads earlier ones
// page by page without moving what the reader sees, back to the first message; the button does the
// same from the keyboard; editing the first message shown still makes a version after the right one.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { importChat } from './chats.ts'

const MESSAGES = 200
/** Words found in one message each, far from the end (for the search palette). */
const WORDS_AT: Record<number, string> = { 60: 'quokka', 120: 'wombat' }

/** A chat of MESSAGES messages for a new account, through the import of our own JSON export. */
async function longChat(page: Page): Promise<string> {
  await page.goto('/')
  const email = `long-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
  const start = Date.UTC(2026, 10, 1)
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    parentId: i === 0 ? null : `m${i - 1}`,
    createdAt: new Date(start + i * 60_000).toISOString(),
    parts: [{ type: 'text', text: i % 2 === 0 ? `Question number ${i}${i === 10 || i === 150 ? ', about a Needle in a haystack' : ''}${WORDS_AT[i] ? `, about a ${WORDS_AT[i]}` : ''}` : `Answer number ${i}.\n\n${'A line of the answer that takes some room. '.repeat(4)}` }],
  }))
  const chat = { id: `long-${Math.random().toString(36).slice(2, 10)}`, title: 'A long conversation', createdAt: new Date(start).toISOString(), currentLeafId: `m${MESSAGES - 1}` }
  return importChat(page, { chat, messages })
}

const articles = (page: Page) => page.getByRole('log', { name: 'Messages' }).getByRole('article')

test('a long chat opens with its latest messages; scrolling up loads the rest without moving the text', async ({ page }) => {
  const chatId = await longChat(page)
  const response = await page.goto(`/chat/${chatId}`)
  const html = await response!.text()
  expect(html).toContain(`Answer number ${MESSAGES - 1}.`)
  expect(html).not.toContain('Question number 0<')
  await waitForHydration(page)
  await expect(articles(page)).toHaveCount(30)
  await expect(page.getByText(`Answer number ${MESSAGES - 1}.`)).toBeInViewport()

  // Scroll up with the wheel, as a reader does: each page arrives above, and the message the
  // reader was looking at stays where it was.
  await page.mouse.move(640, 300)
  let loaded = 30
  for (let step = 0; step < 200 && loaded < MESSAGES; step++) {
    const watched = await page.evaluate(() => {
      const seen = [...document.querySelectorAll('[role=log] article')].find((element) => element.getBoundingClientRect().top > 80)
      return seen ? { text: (seen as HTMLElement).innerText.slice(0, 30), top: seen.getBoundingClientRect().top } : null
    })
    await page.mouse.wheel(0, -700)
    await page.waitForTimeout(120)
    const now = await articles(page).count()
    if (now > loaded && watched) {
      // Where the wheel alone would have put it (700 px lower), give or take a frame of scrolling.
      const top = await page.evaluate((text) => [...document.querySelectorAll('[role=log] article')].find((element) => (element as HTMLElement).innerText.startsWith(text))!.getBoundingClientRect().top, watched.text)
      expect(Math.abs(top - (watched.top + 700)), `“${watched.text}” moved when earlier messages arrived`).toBeLessThan(60)
      loaded = now
    }
  }
  await expect(articles(page)).toHaveCount(MESSAGES)
  await expect(articles(page).first()).toContainText('Question number 0')
  await expect(page.getByRole('button', { name: 'Show earlier messages' })).toHaveCount(0)
})

const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

test('content drawn late above or below the message being read does not move it', async ({ page }) => {
  // A diagram, a banner or a highlighted block can change size after the page settles; wherever it
  // is, the text the reader is looking at stays put (and at the bottom, the view follows the end).
  const chatId = await longChat(page)
  // The "Jump to latest" strip, put between the messages and the composer once the reader leaves the
  // end, is a chunk of its own: held back here until the scroll is over, so that it surely arrives
  // while the reader is looking at a message (on a fast machine it came first, on a slow one after).
  let releaseJump!: () => void
  const jumpHeld = new Promise<void>((resolve) => (releaseJump = resolve))
  await page.route(/\/assets\/jump-to-latest-[^/]*\.js$/, async (route) => {
    await jumpHeld
    await route.continue()
  })
  await page.goto(`/chat/${chatId}`)
  await waitForHydration(page)
  await expect(articles(page)).toHaveCount(30)
  await page.mouse.move(640, 300)
  await page.mouse.wheel(0, -900)
  const watched = page.getByRole('article').filter({ hasText: `Answer number ${MESSAGES - 9}.` })
  await expect(watched).toBeInViewport()
  // The wheel's scroll is animated: read the position once it no longer changes.
  const y = async () => (await watched.boundingBox())!.y
  let before = await y()
  await expect.poll(async () => before === (before = await y()), { intervals: [100] }).toBe(true)
  releaseJump()
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible()
  await settle(page)
  expect(await y(), 'the strip put below the messages moved the text').toBeCloseTo(before, 0)
  const grow = (where: 'first' | 'last', px: number) =>
    page.evaluate(
      ([where, px]) => {
        const all = document.querySelectorAll('[role=log] article')
        const block = document.createElement('div')
        block.style.height = `${px}px`
        block.dataset.late = ''
        all[where === 'first' ? 0 : all.length - 1]!.append(block)
      },
      [where, px] as const,
    )
  await grow('first', 356)
  await settle(page)
  expect((await watched.boundingBox())!.y, 'content drawn above moved the text').toBeCloseTo(before, 0)
  await grow('last', 500)
  await settle(page)
  expect((await watched.boundingBox())!.y, 'content drawn below moved the text').toBeCloseTo(before, 0)
  // Back at the bottom, the end stays in view as the last message grows.
  await page.getByRole('button', { name: 'Jump to latest' }).click()
  await grow('last', 300)
  await settle(page)
  await expect(page.locator('[data-late]').last()).toBeInViewport()
})

test('the Show earlier messages button loads a page from the keyboard; an edit of the first message shown follows the one before it', async ({ page }) => {
  const chatId = await longChat(page)
  await page.goto(`/chat/${chatId}`)
  await waitForHydration(page)
  const button = page.getByRole('button', { name: 'Show earlier messages' })
  await expect(button).toBeAttached()
  await button.focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => articles(page).count()).toBeGreaterThanOrEqual(60)

  // A fresh page: the first message shown is question 170, whose parent (answer 169) is not loaded.
  await page.goto(`/chat/${chatId}`)
  await waitForHydration(page)
  await expect(articles(page).first()).toContainText(`Question number ${MESSAGES - 30}`)
  // (Bringing it into view may already load the page before it: either way the edit must follow answer 169.)
  const first = page.getByRole('article', { name: 'Your message' }).filter({ hasText: `Question number ${MESSAGES - 30}` })
  await first.hover()
  await first.getByRole('button', { name: 'Edit message' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit your message' })
  await editor.fill('Question number 170, asked again')
  await editor.press('Enter')
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText('Question number 170, asked again', { timeout: 15_000 })
  // The new version follows answer 169: the earlier messages are all there, then the new question.
  const stored = (await (await page.request.get(`/api/chats/${chatId}`)).json()) as { messages: Array<{ parts: Array<{ text?: string }> }> }
  expect(stored.messages.length).toBe(MESSAGES - 30 + 2)
  expect(stored.messages.at(-3)!.parts[0]!.text).toMatch(/^Answer number 169\./)
  expect(stored.messages.at(-2)!.parts[0]!.text).toBe('Question number 170, asked again')
})

test('⌘F / Ctrl+F finds in messages not loaded yet, goes to each match and marks it', async ({ page }) => {
  const chatId = await longChat(page)
  await page.goto(`/chat/${chatId}`)
  await waitForHydration(page)
  await expect(articles(page)).toHaveCount(30)
  await page.getByRole('textbox', { name: 'Message' }).click()
  await page.keyboard.press('Control+f')
  const bar = page.getByRole('search', { name: 'Find in this chat' })
  const field = bar.getByRole('textbox', { name: 'Find in this chat' })
  await expect(field).toBeFocused()
  await field.fill('needle')
  // Two matches, neither on screen: the newest first (question 150), loaded and brought into view.
  await expect(bar.getByRole('status')).toHaveText('2 of 2')
  await expect(page.getByText('Question number 150, about a Needle in a haystack')).toBeInViewport()
  await expect.poll(() => page.evaluate(() => (CSS.highlights.get('chat-find-current')?.size ?? 0))).toBe(1)
  // Shift+Enter: the previous (older) one, further back.
  await field.press('Shift+Enter')
  await expect(bar.getByRole('status')).toHaveText('1 of 2')
  await expect(page.getByText('Question number 10, about a Needle in a haystack')).toBeInViewport()
  await expect.poll(() => page.evaluate(() => (CSS.highlights.get('chat-find')?.size ?? 0) + (CSS.highlights.get('chat-find-current')?.size ?? 0))).toBe(2)
  await bar.getByRole('button', { name: 'Next match' }).click()
  await expect(bar.getByRole('status')).toHaveText('2 of 2')
  await field.fill('no such words')
  await expect(bar.getByRole('status')).toHaveText('No matches')
  const results = await new AxeBuilder({ page }).include('[data-find-bar]').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
  await field.press('Escape')
  await expect(bar).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()
})

test('a search hit opens its chat at the message that matched, with the word marked', async ({ page }) => {
  const chatId = await longChat(page)
  await page.goto('/')
  await waitForHydration(page)
  const palette = page.getByRole('dialog', { name: 'Search chats' })
  const bar = page.getByRole('search', { name: 'Find in this chat' })
  const field = bar.getByRole('textbox', { name: 'Find in this chat' })
  const searchAndOpen = async (word: string) => {
    await page.keyboard.press('Control+k')
    await expect(palette.getByRole('combobox', { name: 'Search chats' })).toBeFocused()
    await page.keyboard.type(word)
    await expect(palette.getByRole('group', { name: 'Matching chats' }).getByRole('option')).toHaveCount(1)
    await page.keyboard.press('Enter')
    await expect(palette).toHaveCount(0)
  }

  // Message 60 of 200 is not on the page the chat opens with (its latest 30): it is loaded, shown
  // and marked, and the find bar holds the word, ready for Enter / Shift+Enter.
  await searchAndOpen('quokka')
  await expect(page).toHaveURL(`/chat/${chatId}`)
  await expect(field).toHaveValue('quokka')
  await expect(field).toBeFocused()
  await expect(bar.getByRole('status')).toHaveText('1 of 1')
  await expect(page.getByText('Question number 60, about a quokka')).toBeInViewport()
  await expect.poll(() => page.evaluate(() => CSS.highlights.get('chat-find-current')?.size ?? 0)).toBe(1)

  // From the same chat, another hit: the bar starts over on the new word.
  await searchAndOpen('wombat')
  await expect(field).toHaveValue('wombat')
  await expect(bar.getByRole('status')).toHaveText('1 of 1')
  await expect(page.getByText('Question number 120, about a wombat')).toBeInViewport()
  await field.press('Escape')
  await expect(bar).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused()

  // A hit in the title alone opens the chat as usual, without the bar.
  await page.goto('/')
  await waitForHydration(page)
  await searchAndOpen('conversation')
  await expect(page).toHaveURL(`/chat/${chatId}`)
  await expect(page.getByText(`Answer number ${MESSAGES - 1}.`)).toBeInViewport()
  await expect(bar).toHaveCount(0)
})
