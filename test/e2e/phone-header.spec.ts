// The header names the chat; on a phone it has a New chat button, leaves the chat's title room to be
// read (the system prompt and Export share one menu there), and every button a thumb uses in a chat
// is at least 44 × 44 px on a touch screen.
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

test('the header shows the chat’s title, and follows a rename', async ({ page }) => {
  const id = await createChatThroughApi(page, 'Tell me about the history of tea.')
  await page.goto(`/chat/${id}`)
  await waitForHydration(page)
  const banner = page.getByRole('banner')
  await expect(banner).toContainText('The history of tea')
  await page.evaluate((chatId) => fetch(`/api/chats/${chatId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Tea, briefly' }) }), id)
  await page.reload()
  await expect(banner).toContainText('Tea, briefly')
})

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a New chat button in the header, and tap targets of at least 44 px', async ({ page }) => {
    const id = await createChatThroughApi(page, 'Show me a code example, please')
    await page.goto(`/chat/${id}`)
    await waitForHydration(page)
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
    await page.getByRole('textbox', { name: 'Message' }).fill('x')
    const names = ['Send message', 'Copy message', 'Edit message', 'Copy answer', 'Good answer', 'Bad answer', 'Regenerate', 'Copy code', 'Share chat', 'Chat options', 'New chat', 'Toggle sidebar']
    for (const name of names) {
      const control = page.getByRole('main').or(page.getByRole('banner')).getByRole(name === 'New chat' ? 'link' : 'button', { name, exact: true }).first()
      const box = await control.boundingBox()
      expect(box, `${name} is on screen`).not.toBeNull()
      expect(Math.min(box!.width, box!.height), `${name} is at least 44 px`).toBeGreaterThanOrEqual(44)
    }
    // The title is readable: no colour mode, System prompt or Export button beside it on a phone.
    const title = page.getByRole('banner').getByText('Show me a code example')
    await expect(title).toBeVisible()
    expect((await title.boundingBox())!.width, 'the title has room').toBeGreaterThanOrEqual(100)
    for (const name of [/^Colour mode/, /^System prompt$/, /^Export chat$/]) await expect(page.getByRole('banner').getByRole('button', { name })).toBeHidden()
    // They are one tap further: the chat's options menu, with items a thumb can hit.
    await page.getByRole('button', { name: 'Chat options' }).tap()
    const menu = page.getByRole('menu', { name: 'Chat options' })
    for (const name of ['System prompt', 'Markdown', 'JSON']) {
      const item = menu.getByRole('menuitem', { name })
      await expect(item).toBeVisible()
      expect((await item.boundingBox())!.height, `${name} is at least 44 px high`).toBeGreaterThanOrEqual(44)
    }
    await menu.getByRole('menuitem', { name: 'System prompt' }).tap()
    await expect(page.getByRole('dialog', { name: 'System prompt' })).toBeVisible()
    await page.keyboard.press('Escape')

    await page.getByRole('banner').getByRole('link', { name: 'New chat' }).tap()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
  })
})
