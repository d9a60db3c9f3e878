// Never lose what a user typed or saw: offline, and with the server gone in the middle of an answer.
// A failed chunk must not reload the tab into the browser's own error page; the page stays, says
// what happened, and carries on once the connection is back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'
import { createChats } from './chat-helpers.ts'
import { startAppProcess } from '../helpers/app-process.ts'
import type { Page } from '@playwright/test'

/**
 * The connection notice and view load once the page has settled (a second or so after it loads),
 * like everything a lost connection needs; a user who goes offline later has them. (Before that the
 * page still keeps everything, with a plain-text notice.)
 */
async function waitUntilSettled(page: Page) {
  await page.waitForFunction(() =>
    ['connection-notice', 'connection-error-view'].every((name) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/assets/${name}-`))),
  )
}

test('a message sent offline stays in the composer, the page stays, and it sends once back online', async ({ page, context }) => {
  await page.goto('/')
  await waitForHydration(page)
  await waitUntilSettled(page)
  const documents = countDocumentLoads(page)
  await context.setOffline(true)
  const status = page.getByRole('status').filter({ hasText: 'You are offline' })
  await expect(status).toBeVisible()
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Keep this text for me')
  await prompt.press('Enter')
  await page.getByRole('button', { name: 'Send message' }).click({ force: true })
  await page.waitForTimeout(1000)
  expect(documents.value, 'no reload into the browser error page').toBe(0)
  await expect(page).toHaveURL(/\/$/)
  await expect(prompt).toHaveValue('Keep this text for me')
  await expect(page.getByText('your message stays here')).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('status').filter({ hasText: 'Back online' })).toBeVisible()
  await prompt.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText('Keep this text for me')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model', { timeout: 15_000 })
  expect(documents.value).toBe(0)
})

test('offline right after the page loaded (before its connection notice came): the page and the text stay all the same', async ({ page, context }) => {
  await page.goto('/')
  await waitForHydration(page)
  const documents = countDocumentLoads(page)
  await context.setOffline(true)
  await expect(page.getByRole('status').filter({ hasText: 'offline' })).toBeVisible()
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Typed at once')
  await prompt.press('Enter')
  await page.waitForTimeout(1000)
  expect(documents.value).toBe(0)
  await expect(prompt).toHaveValue('Typed at once')
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled()
  await prompt.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model', { timeout: 15_000 })
  expect(documents.value).toBe(0)
})

test('a chat opened from the sidebar while offline says so, offers Retry, and loads once back online', async ({ page, context }) => {
  await createChats(page, 'offline-nav-a')
  await page.goto('/')
  await waitForHydration(page)
  await waitUntilSettled(page)
  const documents = countDocumentLoads(page)
  await context.setOffline(true)
  await page.getByRole('navigation', { name: 'Chat history' }).locator('a[href="/chat/offline-nav-a"]').click()
  await expect(page).toHaveURL(/\/chat\/offline-nav-a$/)
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  // The navigation is over: the loading bar does not hang at 70 %.
  await expect(page.getByTestId('loading-indicator')).toHaveAttribute('data-phase', 'idle')
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat offline-nav-a')
  expect(documents.value).toBe(0)
})

test.describe('the server killed in the middle of an answer', () => {
  test.setTimeout(90_000)
  test('the page keeps the answer, says the connection is lost, and labels it Interrupted once the server is back', async ({ page }) => {
    const directory = mkdtempSync(join(tmpdir(), 'chat-e2e-kill-'))
    const env = {
      DATABASE_PATH: join(directory, 'chat.db'),
      OFFLINE_TOKEN_DELAY_MS: '60',
      LOG_LEVEL: 'warn',
      SESSION_KEY: '4b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
    }
    let server = await startAppProcess('killed', env)
    const port = Number(new URL(server.url).port)
    try {
      await page.goto(server.url + '/')
      await waitForHydration(page)
      await waitUntilSettled(page)
      const documents = countDocumentLoads(page)
      const prompt = page.getByRole('textbox', { name: 'Message' })
      await prompt.fill('Tell me about the history of tea, with some code')
      await prompt.press('Enter')
      await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
      const answer = page.getByRole('article', { name: 'Answer' })
      await expect.poll(async () => (await answer.innerText().catch(() => '')).split(/\s+/).length, { timeout: 15_000 }).toBeGreaterThan(40)
      server.child.kill('SIGKILL')
      await server.exited
      const shown = await answer.innerText()

      await expect(page.getByRole('status').filter({ hasText: 'Connection to the server lost' })).toBeVisible()
      await expect(answer).toContainText('Connection lost')
      await page.waitForTimeout(1500)
      expect(documents.value, 'no reload into the browser error page').toBe(0)
      expect(await answer.innerText()).toContain(shown.split('\n')[0])

      server = await startAppProcess('restarted', env, { port })
      await expect(page.getByRole('status').filter({ hasText: 'Back online' })).toBeVisible({ timeout: 20_000 })
      await expect(answer).toContainText('Interrupted')
      await expect(answer).not.toContainText('Stopped')
      const kept = await answer.innerText()
      expect(kept.length, 'what the page showed is still there').toBeGreaterThanOrEqual(shown.length - 40)
      expect(documents.value).toBe(0)

      // Retry asks for the answer again, in full this time.
      await answer.getByRole('button', { name: 'Retry' }).click()
      await expect(answer).toContainText('Connect a real model', { timeout: 20_000 })
      await expect(answer).not.toContainText('Interrupted')
    } finally {
      await server.stop()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
