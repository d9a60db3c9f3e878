// The operator's side as an administrator meets it: Admin in the account menu, the admin
// page (usage, users, audit log) and its actions, axe-clean in both colour modes; a user gets the
// 404 page and no Admin entry; with ANONYMOUS_CHAT=false the home screen asks visitors to sign in;
// the API reference renders. Its own app: ADMIN_EMAILS and ANONYMOUS_CHAT are start-up settings.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { startAppProcess, type AppProcess } from '../helpers/app-process.ts'

let app: AppProcess
const ADMIN = 'boss@example.com'
/** A second administrator by configuration: the admin page may not disable or delete it. */
const DEPUTY = 'deputy@example.com'
const dir = mkdtempSync(join(tmpdir(), 'admin-e2e-'))

test.beforeAll(async () => {
  const env = {
    DATABASE_PATH: join(dir, 'chat.db'),
    LOG_LEVEL: 'warn',
    SESSION_KEY: '4b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
    ADMIN_EMAILS: `${ADMIN},${DEPUTY}`,
    ANONYMOUS_CHAT: 'false',
    QUOTA_TOKENS_PER_DAY: '100000',
    OFFLINE_TOKEN_DELAY_MS: '0',
  }
  // An ADMIN_EMAILS address cannot sign up: the operator makes its account, as the README says.
  for (const [email, name] of [[ADMIN, 'The Boss'], [DEPUTY, 'The Deputy']]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', email!, '--name', name!], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
      input: 'correct horse battery\n',
    })
  }
  app = await startAppProcess('admin', env)
})
test.afterAll(async () => {
  await app?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Signs up, or signs in where the address has an account (or is an administrator's, made beforehand). */
async function signUp(page: Page, email: string, name: string) {
  const response = await page.request.post(`${app.url}/api/auth/local/sign-up`, { data: { email, password: 'correct horse battery', name } })
  if (response.status() === 409 || response.status() === 403) expect((await page.request.post(`${app.url}/api/auth/local/sign-in`, { data: { email, password: 'correct horse battery' } })).ok()).toBe(true)
  else expect(response.ok()).toBe(true)
}

async function scan(page: Page, where: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))))
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })), `axe on ${where}`).toEqual([])
}

const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`

test('an administrator finds Admin in the account menu and manages a user there; every action is in the audit log', async ({ browser, page }) => {
  test.setTimeout(60_000)
  // A user with a chat and its answer, in a browser of their own.
  const user = await browser.newContext()
  const ada = await user.newPage()
  const adaEmail = uniqueEmail('ada')
  await signUp(ada, adaEmail, 'Ada Lovelace')
  const chat = await (await ada.request.post(`${app.url}/api/chats`, { data: { message: { role: 'user', parts: [{ type: 'text', text: 'Tell me about tides' }] } } })).json()
  const question = (await (await ada.request.get(`${app.url}/api/chats/${chat.id}`)).json()).messages[0]
  await (await ada.request.post(`${app.url}/api/chats/${chat.id}`, { data: { messages: [question] } })).text()

  await signUp(page, ADMIN, 'The Boss')
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Account/ }).click()
  await page.getByRole('menuitem', { name: /^Admin/ }).click()
  await expect(page).toHaveURL(`${app.url}/admin`)
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Tokens per day: [\d,]+ in 30 days$/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Usage, last 30 days' }).getByText('Ada Lovelace')).toBeVisible()

  const users = page.getByRole('region', { name: 'Users', exact: true })
  await users.getByRole('searchbox', { name: 'Search users by name or email' }).fill(adaEmail.slice(0, 12))
  const row = users.getByRole('row').filter({ hasText: adaEmail })
  await expect(users.getByRole('row')).toHaveCount(2)
  await expect(row.getByRole('cell').nth(4)).toHaveText('1')
  await expect(row.getByRole('cell').nth(5)).toHaveText('2')

  await row.getByRole('button', { name: `Actions for ${adaEmail}` }).click()
  await page.getByRole('menuitem', { name: /^Disable/ }).click()
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible()
  // Her open session ended at once.
  expect(await (await ada.request.get(`${app.url}/api/_auth/session`)).json()).toEqual({})

  await row.getByRole('button', { name: `Actions for ${adaEmail}` }).click()
  await page.getByRole('menuitem', { name: 'Daily quota…' }).click()
  const quota = page.getByRole('dialog', { name: 'Daily token quota' })
  await quota.getByRole('radio', { name: 'Their own:' }).check()
  await quota.getByRole('textbox', { name: 'Tokens per day' }).fill('5,000')
  await scan(page, 'the quota dialog')
  await quota.getByRole('button', { name: 'Save' }).click()
  await expect(row.getByText('Quota 5,000/day')).toBeVisible()

  const audit = page.getByRole('list', { name: 'Administrator actions, newest first' })
  await expect(audit.getByRole('listitem')).toHaveCount(2)
  await expect(audit.getByRole('listitem').first()).toContainText(`${ADMIN} · Set daily quota · ${adaEmail} (5,000 tokens a day)`)
  await expect(audit.getByRole('listitem').nth(1)).toContainText(`${ADMIN} · Disabled · ${adaEmail} (1 session ended)`)

  await row.getByRole('button', { name: `Actions for ${adaEmail}` }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  const deletion = page.getByRole('dialog', { name: 'Delete Ada Lovelace?' })
  await expect(deletion.getByRole('button', { name: 'Delete user' })).toBeDisabled()
  await deletion.getByRole('textbox').fill(adaEmail)
  await deletion.getByRole('button', { name: 'Delete user' }).click()
  await expect(row).toHaveCount(0)
  await expect(audit.getByRole('listitem').first()).toContainText(`Deleted · ${adaEmail} (with 1 chat)`)
  await user.close()
})

for (const mode of ['light', 'dark'] as const) {
  test(`the admin page passes axe in ${mode} mode, with a row's menu open`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode)
    await signUp(page, ADMIN, 'The Boss')
    await page.goto(`${app.url}/admin`)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveClass(new RegExp(mode))
    await page.getByText('The numbers as a table').click()
    await scan(page, 'the admin page')
    await page.getByRole('button', { name: `Actions for ${ADMIN}` }).click()
    await expect(page.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /^Disable/ }), 'nobody disables themselves').toHaveCount(0)
    await scan(page, 'the admin page with a menu open')
  })
}

test('an ADMIN_EMAILS account offers neither Disable nor Delete on the admin page', async ({ page }) => {
  await signUp(page, ADMIN, 'The Boss')
  await page.goto(`${app.url}/admin`)
  await waitForHydration(page)
  await page.getByRole('button', { name: `Actions for ${DEPUTY}` }).click()
  await expect(page.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: /^Disable/ })).toHaveCount(0)
  await expect(page.getByRole('menuitem', { name: 'Delete…' })).toHaveCount(0)
  await expect(page.getByRole('menuitem', { name: 'Remove administrator' })).toHaveCount(0)
})

test('a user who is not an administrator gets the 404 page and no Admin entry', async ({ page }) => {
  await signUp(page, uniqueEmail('user'), 'Just a User')
  const response = await page.goto(`${app.url}/admin`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible()
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  await page.getByRole('button', { name: /^Account/ }).click()
  await expect(page.getByRole('menuitem', { name: 'Settings', exact: true })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: /^Admin/ })).toHaveCount(0)
})

test('ANONYMOUS_CHAT=false: a visitor is asked to sign in instead of a composer', async ({ page }) => {
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  await expect(page.getByRole('link', { name: 'Sign in to start chatting' })).toHaveAttribute('href', '/auth/local')
  await expect(page.getByRole('textbox', { name: /message/i })).toHaveCount(0)
  await signUp(page, uniqueEmail('member'), 'A Member')
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  await expect(page.getByRole('link', { name: 'Sign in to start chatting' })).toHaveCount(0)
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible()
})

test('the API reference renders the documented operations', async ({ page }) => {
  await page.goto(`${app.url}/api/docs/`)
  await expect(page.getByRole('heading', { name: /Chat API/ })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText('/api/chats/{id}/stream').first()).toBeVisible()
  await expect(page.getByText('Make an API token (its secret is shown once)')).toBeVisible()
})

test('Settings → API tokens: make one (shown once), a script uses it, revoke it', async ({ page }) => {
  await signUp(page, uniqueEmail('script'), 'Script Writer')
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('textbox', { name: 'Name' }).fill('Nightly backup')
  await settings.getByRole('button', { name: 'Make token' }).click()
  const secret = settings.getByRole('textbox', { name: /Your new token “Nightly backup”\. Copy it now/ })
  await expect(secret).toHaveValue(/^chat_/)
  const token = await secret.inputValue()
  await scan(page, 'the settings dialog with a new token')

  // A script: no cookie, only the token.
  const script = await fetch(`${app.url}/api/chats`, { headers: { authorization: `Bearer ${token}` } })
  expect(script.status).toBe(200)
  await settings.getByRole('button', { name: 'Revoke “Nightly backup”' }).click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('“Nightly backup” is revoked.')
  await expect(settings.getByRole('list', { name: 'API tokens' })).toHaveCount(0)
  expect((await fetch(`${app.url}/api/chats`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
})
