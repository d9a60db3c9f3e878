// ⌘K / Ctrl+K (or the sidebar's search button) opens a command palette that searches chat titles
// and message text; arrow keys move through the results, Enter opens one, Escape closes.
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChats } from './chats.ts'

test('search by message text with the keyboard only', async ({ page }) => {
  const chats = await createChats(page.request, ['Fruit salad', 'Weekend plans', 'Banana bread'], (title) =>
    title === 'Fruit salad' ? 'Slice the bananas thinly' : title === 'Banana bread' ? 'Three ripe bananas and flour' : 'Hiking on Saturday',
  )
  await page.goto('/')
  await waitForHydration(page)

  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Search chats' })
  const box = dialog.getByRole('combobox', { name: 'Search chats' })
  await expect(box).toBeFocused()
  // Nothing typed: the recent chats.
  await expect(dialog.getByRole('group', { name: 'Recent chats' }).getByRole('option')).toHaveCount(3)

  await page.keyboard.type('bananas')
  const results = dialog.getByRole('group', { name: 'Matching chats' }).getByRole('option')
  await expect(results).toHaveCount(2)
  await expect(dialog.getByRole('status')).toHaveText('2 chats match.')
  await expect(results.locator('mark').first()).toHaveText(/bananas/i)
  await expect(box).toHaveAttribute('aria-expanded', 'true')

  await expect(results.nth(0)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(results.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await results.nth(1).getAttribute('id'))!)
  const secondText = (await results.nth(1).textContent())!
  const target = chats.find((chat) => secondText.startsWith(chat.title))!
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(`/chat/${target.id}`)
  await expect(dialog).toHaveCount(0)

  // No match says so.
  await page.keyboard.press('Control+k')
  await page.keyboard.type('zeppelin')
  await expect(dialog.getByRole('status')).toHaveText('No chats match “zeppelin”.')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('what is typed right after Ctrl+K goes into the palette, even while its code loads', async ({ page }) => {
  await createChats(page.request, ['Banana bread'], () => 'Three ripe bananas and flour')
  // The palette's code arrives late (a slow network), after the whole word has been typed.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/search-palette-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  await waitForHydration(page)
  const composer = page.getByRole('textbox', { name: /message/i })
  await expect(composer).toBeFocused()

  await page.keyboard.press('Control+k')
  await page.keyboard.type('bananax')
  await page.keyboard.press('Backspace')
  await page.keyboard.type('s')
  release()
  const dialog = page.getByRole('dialog', { name: 'Search chats' })
  await expect(dialog.getByRole('combobox', { name: 'Search chats' })).toHaveValue('bananas')
  await expect(dialog.getByRole('group', { name: 'Matching chats' }).getByRole('option')).toHaveCount(1)
  // Typing goes on in the box once it has focus.
  await page.keyboard.type(' flour')
  await expect(dialog.getByRole('combobox', { name: 'Search chats' })).toHaveValue('bananas flour')
  await page.keyboard.press('Escape')
  await expect(composer).toHaveValue('', { timeout: 1000 })
})

test('the sidebar button opens the palette; a click on a result opens the chat', async ({ page }) => {
  const [chat] = await createChats(page.request, ['Quarterly report draft'])
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Search chats' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search chats' })
  await dialog.getByRole('combobox').fill('quarterly')
  await dialog.getByRole('option', { name: /Quarterly report draft/ }).click()
  await expect(page).toHaveURL(`/chat/${chat!.id}`)
})

test('the palette runs commands (new chat, theme, sign out) and dates its chats', async ({ page }) => {
  await createChats(page.request, ['Dated chat'])
  await page.goto('/')
  await waitForHydration(page)
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Search chats' })
  await expect(dialog.getByRole('combobox')).toBeFocused()
  const recent = dialog.getByRole('group', { name: 'Recent chats' }).getByRole('option')
  await expect(recent.first().locator('time')).toHaveText(/^\d\d:\d\d/)
  await expect(dialog.getByRole('group', { name: 'Commands' }).getByRole('option', { name: 'New chat' })).toBeVisible()
  await expect(dialog.getByRole('option', { name: 'Sign out' }), 'only when signed in').toHaveCount(0)

  await page.keyboard.type('dark')
  const commands = dialog.getByRole('group', { name: 'Commands' }).getByRole('option')
  await expect(commands).toHaveText(['Switch to dark theme'])
  await expect(dialog.getByRole('status')).toHaveText('No chats match “dark”.')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.locator('html')).toHaveClass(/dark/)

  await page.getByRole('navigation', { name: 'Chat history' }).getByRole('link', { name: 'Dated chat' }).click()
  await expect(page).toHaveURL(/\/chat\//)
  await page.keyboard.press('Control+k')
  await expect(dialog.getByRole('combobox')).toBeFocused()
  await page.keyboard.type('new chat')
  await expect(dialog.getByRole('option', { name: 'New chat' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)

  expect((await page.request.post('/api/auth/local/sign-up', { data: { email: `palette-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Pal' } })).ok()).toBe(true)
  await page.reload()
  await waitForHydration(page)
  await page.keyboard.press('Control+k')
  await expect(dialog.getByRole('combobox')).toBeFocused()
  await page.keyboard.type('sign out')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})
