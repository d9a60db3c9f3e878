// Sign-in in a 960×600 popup that closes itself (docs/product-contract.md); the opener switches to signed in
// without a reload. Signing out returns to anonymous, also without a reload.
import { test, expect, waitForHydration, countDocumentLoads } from './fixtures.ts'
import { createChats } from './chat-helpers.ts'
import { PRODUCT_NAME } from '../../shared/constants.ts'
import type { Page } from '@playwright/test'

/**
 * Clicks a button that closes its popup. The window may close while the click is still being
 * reported, which Playwright raises as "Target page … has been closed": that error is the expected
 * outcome only when the popup really closed, so only then is it ignored.
 */
async function clickClosing(popup: Page, name: string) {
  const closed = popup.waitForEvent('close')
  await popup
    .getByRole('button', { name })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error
    })
  await closed
}

test('sign up in the popup, the opener updates; sign out again', async ({ page }) => {
  const email = `ada-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  await page.goto('/')
  await waitForHydration(page)
  const documents = countDocumentLoads(page)

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in' }).click()])
  await popup.waitForLoadState()
  expect(await page.evaluate(() => localStorage.getItem('temp-nuxt-auth-utils-popup'))).toBe('true')
  const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }))
  expect(size).toEqual({ width: 960, height: 600 })
  await expect(popup.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  await popup.getByRole('button', { name: 'Create an account' }).click()
  await popup.getByLabel('Name').fill('Ada Lovelace')
  await popup.getByLabel('Email').fill(email)
  await popup.getByLabel('Password').fill('correct horse battery')
  await clickClosing(popup, 'Create account')

  await expect(page.getByRole('button', { name: 'Account: Ada Lovelace' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('temp-nuxt-auth-utils-popup'))).toBeNull()
  expect(documents.value).toBe(0)

  // The server knows too: a reload renders signed in from the first byte.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Account: Ada Lovelace' })).toBeVisible()
  await waitForHydration(page)

  await page.getByRole('button', { name: 'Account: Ada Lovelace' }).click()
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('You are signed out.')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect((await (await page.request.get('/api/_auth/session')).json())).toEqual({})
})

test('wrong credentials show the generic error inside the popup', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in' }).click()])
  await popup.getByLabel('Email').fill('nobody@example.com')
  await popup.getByLabel('Password').fill('not the password')
  await popup.getByRole('button', { name: 'Sign in' }).click()
  await expect(popup.getByRole('alert')).toHaveText('Invalid email or password.')
  await expect(popup.getByLabel('Email')).toHaveValue('nobody@example.com')
})

test('a blocked popup falls back to a full-page sign-in that returns to where the user was', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null
  })
  await createChats(page, 'before-sign-in')
  await page.goto('/chat/before-sign-in')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth\/local$/)
  // A full page load this time: the mode switch works once the page is interactive.
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Create an account' }).click()
  await page.getByLabel('Email').fill(`grace-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('a long enough password')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/chat\/before-sign-in$/)
  await expect(page.getByRole('button', { name: /^Account: grace-/ })).toBeVisible()
  // The chat started before signing in moved to the account and is still there.
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Chat before-sign-in')
})

test('the sign-in page names the product; Cancel closes the popup, or goes back when it is a full page', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in' }).click()])
  await popup.waitForLoadState()
  await expect(popup.getByText(PRODUCT_NAME, { exact: true })).toBeVisible()
  await clickClosing(popup, 'Cancel')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()

  // A blocked popup: the same page in the tab, and Cancel leads back.
  await page.evaluate(() => {
    window.open = () => null
  })
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth\/local$/)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/$/)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Hello there!' })).toBeVisible()
})

test('before its code has run, the sign-in form cannot be sent: the password never goes into the address', async ({ page }) => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  // The page's own chunk held back: the form is drawn by the server, but nothing handles it yet.
  await page.route(/\/assets\/sign-in-[\w-]{8}\.js$/, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/auth/local')
  const send = page.getByRole('button', { name: 'Sign in', exact: true })
  await expect(send).toBeDisabled()
  const email = `early-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('typed before the page could act')
  await page.getByLabel('Password').press('Enter')
  await page.waitForTimeout(300)
  expect(page.url()).not.toContain('password')
  expect(new URL(page.url()).search).toBe('')
  // Cancel cannot act yet either (closing or going back is the page's code): it says so.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled()

  release()
  await waitForHydration(page)
  await expect(send).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await send.click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
})
