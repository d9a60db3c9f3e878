// axe-core on every page the app has, in both colour modes, signed out and signed in: it must report
// nothing at all (every impact, not only serious). Open dialogs and menus are scanned too.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

async function scan(page: Page, where: string) {
  // What a user reads is the dialog or menu once it has faded in: axe scanning mid-transition sees
  // half-transparent text (finite animations only; a spinner never ends).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))))
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })),
    `axe on ${where}`,
  ).toEqual([])
}

async function signUp(page: Page) {
  const email = `axe-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  const response = await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })
  expect(response.ok()).toBe(true)
}

for (const mode of ['light', 'dark'] as const) {
  for (const signedIn of [false, true]) {
    test(`every page passes axe in ${mode} mode, ${signedIn ? 'signed in' : 'signed out'}`, async ({ page }) => {
      test.setTimeout(60_000)
      await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode)
      await page.goto('/')
      if (signedIn) {
        await signUp(page)
        await page.goto('/')
      }
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveClass(new RegExp(mode))
      await scan(page, 'home')

      if (signedIn) {
        await page.getByRole('button', { name: /^Account/ }).click()
        await expect(page.getByRole('menu')).toBeVisible()
        await scan(page, 'the account menu')
        await page.getByRole('menuitem', { name: 'Account settings' }).click()
        await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
        await scan(page, 'the account settings')
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toHaveCount(0)
      }

      const id = await createChatThroughApi(page, 'Show me a code example and a table, please')
      await page.goto(`/chat/${id}`)
      await waitForHydration(page)
      await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Connect a real model')
      await expect(page.locator('.code-block code span[style]').first()).toBeAttached()
      await scan(page, 'a chat')

      await page.getByRole('button', { name: 'Share chat', exact: true }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await scan(page, 'the share dialog')
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)

      // The chat's own system prompt: its editor, and the banner it leaves.
      await page.getByRole('button', { name: 'System prompt', exact: true }).click()
      const promptDialog = page.getByRole('dialog', { name: 'System prompt' })
      await promptDialog.getByRole('textbox').fill('Answer in one paragraph.')
      await scan(page, 'the system prompt editor')
      await promptDialog.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByRole('complementary', { name: 'System prompt' })).toContainText('Answer in one paragraph.')
      await scan(page, 'a chat with a system prompt')

      // Settings, and a project's page.
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Settings' }).getByRole('textbox').first()).toBeVisible()
      await scan(page, 'the settings')
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toHaveCount(0)
      const project = await (await page.request.post('/api/projects', { data: { name: 'Axe project', instructions: 'Be thorough.' } })).json()
      expect((await page.request.patch(`/api/chats/${id}`, { data: { projectId: project.id } })).ok()).toBe(true)
      await page.goto(`/?project=${project.id}`)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { name: 'Axe project' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Chats in this project' }).getByRole('link')).toHaveCount(1)
      await scan(page, 'a project')

      await page.keyboard.press('Control+k')
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.keyboard.type('code')
      await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible()
      await scan(page, 'the search palette')
      await page.keyboard.press('Escape')

      await page.goto('/chat/no-such-chat')
      await waitForHydration(page)
      await scan(page, 'a chat that does not exist')

      await page.goto('/no/such/page')
      await waitForHydration(page)
      await scan(page, 'the 404 page')

      if (!signedIn) {
        // The sign-in popup's page (signed-in visitors are sent home from it).
        await page.goto('/auth/local')
        await waitForHydration(page)
        await scan(page, 'the sign-in page')
        await page.getByRole('button', { name: 'Create an account' }).click()
        await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible()
        await scan(page, 'the sign-up form')
      }
    })
  }
}
