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
