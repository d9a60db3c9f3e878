// Each chat in the sidebar has a menu: Rename (a dialog that checks 1–100 characters) and Delete
// (a confirmation, a toast, and back home when the open chat was deleted).
import { test, expect, waitForHydration } from './fixtures.ts'
import { chatLink, createChats, history, openChatMenu } from './chats.ts'

test('rename: the title is checked, saved, shown at once and kept after a reload', async ({ page }) => {
  const [chat] = await createChats(page.request, ['Untitled thoughts'])
  await page.goto('/')
  await waitForHydration(page)

  await (await openChatMenu(page, 'Untitled thoughts')).getByRole('menuitem', { name: 'Rename' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename chat' })
  const input = dialog.getByRole('textbox', { name: 'Chat title' })
  await expect(input).toHaveValue('Untitled thoughts')
  await expect(input).toBeFocused()

  await input.fill('   ')
  await page.keyboard.press('Enter')
  await expect(input).toHaveAccessibleDescription('The title cannot be empty.')
  await input.fill('x'.repeat(101))
  await page.keyboard.press('Enter')
  await expect(input).toHaveAccessibleDescription('The title can be at most 100 characters (this one has 101).')

  await input.fill('  Trip to Lisbon  ')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(chatLink(page, 'Trip to Lisbon')).toBeVisible()
  await expect.poll(async () => (await (await page.request.get(`/api/chats/${chat!.id}`)).json()).chat.title).toBe('Trip to Lisbon')
  await page.reload()
  await expect(chatLink(page, 'Trip to Lisbon')).toBeVisible()
})

test('rename: Escape leaves the title as it was', async ({ page }) => {
  await createChats(page.request, ['Keep me'])
  await page.goto('/')
  await waitForHydration(page)
  await (await openChatMenu(page, 'Keep me')).getByRole('menuitem', { name: 'Rename' }).click()
  await page.getByRole('textbox', { name: 'Chat title' }).fill('Something else')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(chatLink(page, 'Keep me')).toBeVisible()
})

test('delete the open chat: confirm, toast, back home, gone for good', async ({ page }) => {
  const [keep, doomed] = await createChats(page.request, ['Keep this one', 'Delete this one'])
  await page.goto(`/chat/${doomed!.id}`)
  await waitForHydration(page)

  // Cancel first: nothing happens.
  await (await openChatMenu(page, 'Delete this one')).getByRole('menuitem', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this chat?' })
  await expect(dialog).toContainText('“Delete this one” and all its messages will be deleted.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(chatLink(page, 'Delete this one')).toBeVisible()

  await (await openChatMenu(page, 'Delete this one')).getByRole('menuitem', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' })
  await expect(toasts).toContainText('Chat deleted')
  await expect(page).toHaveURL('/')
  await expect(chatLink(page, 'Delete this one')).toHaveCount(0)
  await expect(chatLink(page, 'Keep this one')).toBeVisible()
  // Closing the toast (no Undo) deletes it for good.
  await toasts.getByRole('button', { name: /close/i }).first().click()
  await expect.poll(async () => (await page.request.get(`/api/chats/${doomed!.id}`)).status()).toBe(404)
  expect((await page.request.get(`/api/chats/${keep!.id}`)).status()).toBe(200)
})

test('Undo stays on the toast for its whole duration and brings the chat back, open again', async ({ page }) => {
  const [doomed] = await createChats(page.request, ['Changed my mind'])
  await page.goto(`/chat/${doomed!.id}`)
  await waitForHydration(page)
  await (await openChatMenu(page, 'Changed my mind')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Delete this chat?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL('/')
  await expect(chatLink(page, 'Changed my mind')).toHaveCount(0)
  const undo = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Undo' })
  await page.waitForTimeout(6500)
  await expect(undo).toBeVisible()
  await undo.click()
  await expect(page).toHaveURL(`/chat/${doomed!.id}`)
  await expect(chatLink(page, 'Changed my mind')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Chat deleted')).toHaveCount(0)
  await page.waitForTimeout(2500)
  expect((await page.request.get(`/api/chats/${doomed!.id}`)).status(), 'still there after the toast would have closed').toBe(200)
})

test('a chat deleted just before the tab closes is deleted all the same', async ({ page, context }) => {
  const [doomed] = await createChats(page.request, ['Leaving now'])
  await page.goto('/')
  await waitForHydration(page)
  await (await openChatMenu(page, 'Leaving now')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Delete this chat?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(chatLink(page, 'Leaving now')).toHaveCount(0)
  await page.close({ runBeforeUnload: true })
  const other = await context.newPage()
  await expect.poll(async () => (await other.request.get(`/api/chats/${doomed!.id}`)).status()).toBe(404)
})

test('deleting another chat keeps the open one open', async ({ page }) => {
  const [open] = await createChats(page.request, ['Reading now', 'Old one'])
  await page.goto(`/chat/${open!.id}`)
  await waitForHydration(page)
  await (await openChatMenu(page, 'Old one')).getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Delete this chat?' }).getByRole('button', { name: 'Delete' }).click()
  await expect(chatLink(page, 'Old one')).toHaveCount(0)
  await expect(page).toHaveURL(`/chat/${open!.id}`)
  await expect(history(page).getByRole('link')).toHaveCount(1)
})
