// Keyboard: ⌘/Ctrl+K opens search, ⌘/Ctrl+Shift+O starts a new chat, Escape closes overlays.
// On a phone (390×844) the sidebar is a drawer that opens from the header and closes on navigation.
import { test, expect, waitForHydration } from './fixtures.ts'
import { chatLink, createChats, history, openChatMenu } from './chats.ts'
import { createChatThroughApi } from './chat-helpers.ts'

test('Ctrl+Shift+O goes home from a chat, also with a dialog open; Meta+K opens search', async ({ page }) => {
  const [chat] = await createChats(page.request, ['Shortcut test'])
  await page.goto(`/chat/${chat!.id}`)
  await waitForHydration(page)
  await page.keyboard.press('Control+Shift+O')
  await expect(page).toHaveURL('/')

  await chatLink(page, 'Shortcut test').click()
  await expect(page).toHaveURL(`/chat/${chat!.id}`)
  await page.keyboard.press('Meta+k')
  await expect(page.getByRole('dialog', { name: 'Search chats' })).toBeVisible()
  // Pressed again while open: still one palette.
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await page.keyboard.press('Control+Shift+O')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL('/')
})

test('Ctrl+K over an open dialog leaves the dialog, and what was typed in it, where they are', async ({ page }) => {
  await createChats(page.request, ['Halfway renamed'])
  await page.goto('/')
  await waitForHydration(page)
  await (await openChatMenu(page, 'Halfway renamed')).getByRole('menuitem', { name: 'Rename' }).click()
  const input = page.getByRole('dialog', { name: 'Rename chat' }).getByRole('textbox', { name: 'Chat title' })
  await input.fill('A better title')
  const paletteCode = page.waitForResponse((response) => /\/assets\/search-palette-[\w-]+\.js$/.test(new URL(response.url()).pathname))
  await page.keyboard.press('Control+k')
  // Control alone starts loading the palette: once its code is in, give it time to open, if it would.
  await paletteCode
  await page.waitForTimeout(300)
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(input).toBeFocused()
  await expect(input).toHaveValue('A better title')

  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('dialog', { name: 'Search chats' })).toBeVisible()
})

test('Ctrl+Shift+O on the home page puts the caret in the prompt, keeping what was typed', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('half a thought')
  await page.getByRole('button', { name: 'Toggle sidebar' }).focus()
  await expect(prompt).not.toBeFocused()
  await page.keyboard.press('Control+Shift+O')
  await expect(prompt).toBeFocused()
  await expect(prompt).toHaveValue('half a thought')
  await page.keyboard.type('!')
  await expect(prompt).toHaveValue('half a thought!')
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the drawer opens from the header, lists the chats and closes on navigation or Escape', async ({ page }) => {
    const [chat] = await createChats(page.request, ['On the go'])
    await page.goto('/')
    await waitForHydration(page)
    const sidebar = page.getByRole('complementary', { name: 'Chats' })
    await expect(sidebar).toBeHidden()

    const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
    await toggle.click()
    await expect(sidebar).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // On a touch screen the row menu is always there (there is no hover).
    await expect(history(page).getByRole('button', { name: 'Options for “On the go”' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(sidebar).toBeHidden()

    await toggle.click()
    await chatLink(page, 'On the go').click()
    await expect(page).toHaveURL(`/chat/${chat!.id}`)
    await expect(sidebar).toBeHidden()

    await toggle.click()
    await sidebar.getByRole('button', { name: 'Search chats' }).click()
    await expect(sidebar).toBeHidden()
    await expect(page.getByRole('dialog', { name: 'Search chats' })).toBeVisible()
  })

  test('the page behind the open drawer is dimmed (fading in and out) and a tap on it closes the drawer', async ({ page }) => {
    const id = await createChatThroughApi(page, 'Dim the page behind the drawer')
    await page.goto(`/chat/${id}`)
    await waitForHydration(page)
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
    const settled = () => expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0)
    // Beside the drawer (288 px wide): the prompt box's empty inside.
    const beside = { x: 295, y: 760, width: 30, height: 12 }
    await settled()
    const undimmed = await page.screenshot({ clip: beside })

    const sidebar = page.getByRole('complementary', { name: 'Chats' })
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    await expect(sidebar).toBeVisible()
    await settled()
    expect((await page.screenshot({ clip: beside })).equals(undimmed), 'the page beside the drawer looks the same as without it').toBe(false)

    await page.touchscreen.tap(360, 400)
    await expect(sidebar).toBeHidden()
    await settled()
    expect((await page.screenshot({ clip: beside })).equals(undimmed), 'the dimming is gone once the drawer closed').toBe(true)
  })
})
