// Chats made through the real API from inside the page (same session cookie as the browser).
import { expect, type Page } from '@playwright/test'

/** Creates a chat with `text` as its question and waits for the answer to be stored; returns its id. */
export async function createChatThroughApi(page: Page, text: string): Promise<string> {
  if (page.url() === 'about:blank') await page.goto('/')
  return page.evaluate(async (question) => {
    const id = crypto.randomUUID()
    const headers = { 'content-type': 'application/json' }
    const created = await fetch('/api/chats', { method: 'POST', headers, body: JSON.stringify({ id, message: { id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] } }) })
    if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`)
    const answer = await fetch(`/api/chats/${id}`, { method: 'POST', headers, body: JSON.stringify({ trigger: 'regenerate-message', messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] }) })
    if (!answer.ok) throw new Error(`answer: ${answer.status} ${await answer.text()}`)
    await answer.text() // the whole stream: the answer is stored when it ends
    return id
  }, text)
}

/** Sends `text` from the home screen and waits until the chat screen shows the whole answer; returns the chat id. */
export async function sendFromHome(page: Page, text: string): Promise<string> {
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'Message' }).fill(text)
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Answer' }).last()).toContainText('Connect a real model', { timeout: 15_000 })
  // The stream ends after the title: until then the prompt offers Stop, not Send.
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  return new URL(page.url()).pathname.split('/').pop()!
}

/**
 * Chats with these ids, owned by the page's visitor, each holding one question (`Chat {id}`) and no
 * answer yet: for tests that need a chat screen to exist, not a conversation.
 */
export async function createChats(page: Page, ...ids: string[]): Promise<void> {
  // Settled first: a first visit's sidebar request also mints the anonymous session, and a chat
  // created while it is in flight could belong to the session it then replaces.
  if (page.url() === 'about:blank') await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.evaluate(async (chatIds) => {
    for (const id of chatIds) {
      const response = await fetch('/api/chats', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, message: { role: 'user', parts: [{ type: 'text', text: `Chat ${id}` }] } }),
      })
      if (!response.ok) throw new Error(`creating chat ${id}: ${response.status} ${await response.text()}`)
    }
  }, ids)
}

/** The chats the playground's links open (client/pages/playground.tsx). */
export const PLAYGROUND_CHATS = ['playground-demo', ...Array.from({ length: 10 }, (_, i) => `p${i + 1}`)]

/**
 * The playground's chats, readable by every test's visitor. Chat ids are global and the playground
 * links to fixed ones, so the first test to get here creates them and makes them public; the others
 * find them readable (read-only, as anyone's public chat).
 */
export async function ensurePlaygroundChats(page: Page): Promise<void> {
  // Settled first: a first visit's sidebar request also mints the anonymous session, and a chat
  // created while it is in flight could belong to the session it then replaces.
  if (page.url() === 'about:blank') await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.evaluate(async (chatIds) => {
    const json = { 'content-type': 'application/json' }
    // One after the other: a visitor's first request is the one that gives it its owner id.
    for (const id of chatIds) {
      await (async () => {
        const created = await fetch('/api/chats', { method: 'POST', headers: json, body: JSON.stringify({ id, message: { role: 'user', parts: [{ type: 'text', text: `Chat ${id}` }] } }) })
        if (created.ok) {
          const shared = await fetch(`/api/chats/${id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ visibility: 'public' }) })
          if (!shared.ok) throw new Error(`sharing chat ${id}: ${shared.status}`)
          return
        }
        if (created.status !== 409) throw new Error(`creating chat ${id}: ${created.status} ${await created.text()}`)
        // Another test created it a moment ago: wait until it has made it public.
        for (let attempt = 0; attempt < 50; attempt++) {
          if ((await fetch(`/api/chats/${id}`)).ok) return
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        throw new Error(`chat ${id} exists but never became readable`)
      })()
    }
  }, PLAYGROUND_CHATS)
}
