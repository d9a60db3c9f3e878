// Someone else's private chat, or one that does not exist, is "Chat not found" (404); a public chat
// opened by someone else is read-only.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

test.use({ allowConsoleErrors: true })

test('private chats are 404 for others; public ones are read-only for them', async ({ page, browser }) => {
  const id = await sendFromHome(page, 'A chat to share')
  const other = await browser.newContext()
  const stranger = await other.newPage()
  try {
    const missing = await stranger.goto('/chat/no-such-chat')
    expect(missing?.status()).toBe(404)
    await expect(stranger.getByText('Chat not found')).toBeVisible()

    const hidden = await stranger.goto(`/chat/${id}`)
    expect(hidden?.status()).toBe(404)
    await expect(stranger.getByText('Chat not found')).toBeVisible()
    await expect(stranger.getByText('A chat to share')).toHaveCount(0)

    // The owner makes it public (the share dialog's request).
    const shared = await page.evaluate(async (chatId) => {
      const response = await fetch(`/api/chats/${chatId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ visibility: 'public' }) })
      return response.status
    }, id)
    expect(shared).toBe(200)

    const open = await stranger.goto(`/chat/${id}`)
    expect(open?.status()).toBe(200)
    await waitForHydration(stranger)
    await expect(stranger.getByRole('article', { name: 'Your message' })).toContainText('A chat to share')
    await expect(stranger.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
    await expect(stranger.getByText('This chat was shared with you and is read-only.')).toBeVisible()
    await expect(stranger.getByRole('textbox', { name: 'Message' })).toHaveCount(0)
    for (const name of ['Edit message', 'Regenerate', 'Good answer', 'Bad answer', 'Copy answer']) {
      await expect(stranger.getByRole('button', { name })).toHaveCount(0)
    }
  } finally {
    await other.close()
  }
})
