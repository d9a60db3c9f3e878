// Creating chats for a browser test the way the app does: through the chat API, with the page's
// own cookies (page.request shares the browser context's cookie jar).
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export interface CreatedChat {
  id: string
  title: string
}

/** Creates one chat per title (oldest first), each with `text(title)` as its first message. */
export async function createChats(request: APIRequestContext, titles: string[], text = (title: string) => `About ${title}`): Promise<CreatedChat[]> {
  const chats: CreatedChat[] = []
  for (const title of titles) {
    const created = await request.post('/api/chats', { data: { message: { role: 'user', parts: [{ type: 'text', text: text(title) }] } } })
    expect(created.status(), await created.text()).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const renamed = await request.patch(`/api/chats/${id}`, { data: { title } })
    expect(renamed.status(), await renamed.text()).toBe(200)
    chats.push({ id, title })
  }
  return chats
}

export const history = (page: Page) => page.getByRole('navigation', { name: 'Chat history' })
/** The sidebar's date groups' headings (Today, Yesterday, …): not the Pinned and Projects groups. */
export const dateHeadings = (page: Page) => history(page).getByRole('heading').filter({ hasNotText: /^(Pinned|Projects)$/ })

export const chatLink = (page: Page, title: string) => history(page).getByRole('link', { name: title, exact: true })

/** Opens the ⋯ menu of a chat in the sidebar. */
export async function openChatMenu(page: Page, title: string) {
  await history(page).getByRole('button', { name: `Options for “${title}”` }).click()
  return page.getByRole('menu', { name: `Options for “${title}”` })
}

/**
 * Imports `document` (our own JSON export of one chat) for the signed-in account of `page`, waits
 * for the import to end and returns the new chat's id (found by its title).
 */
export async function importChat(page: Page, document: { chat: { title: string }; messages: unknown[] }): Promise<string> {
  const started = await page.request.post('/api/import', { multipart: { file: { name: 'chat.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) } } })
  expect(started.status(), await started.text()).toBe(202)
  const { id } = (await started.json()) as { id: string }
  await expect.poll(async () => ((await (await page.request.get(`/api/import/${id}`)).json()) as { status: string }).status).toBe('done')
  const list = (await (await page.request.get('/api/chats')).json()) as { chats: Array<{ id: string; title: string }> }
  return list.chats.find((entry) => entry.title === document.chat.title)!.id
}
