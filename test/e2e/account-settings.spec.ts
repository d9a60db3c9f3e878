// Account settings from the user menu: it says who is signed in; the password can be changed; and
// the account can be deleted with all its chats after a typed confirmation.
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

test('the menu shows who is signed in; change the password; delete the account and its chats', async ({ page }) => {
  const email = `settings-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  await page.goto('/')
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Grace Hopper' } })).ok()).toBe(true)
  const chatId = await createChatThroughApi(page, 'A chat that goes with the account')
  await page.goto('/')
  await waitForHydration(page)

  await page.getByRole('button', { name: 'Account: Grace Hopper' }).click()
  const menu = page.getByRole('menu')
  await expect(menu).toContainText(`Signed in as ${email}`)
  await menu.getByRole('menuitem', { name: 'Account settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Account' })
  await expect(dialog).toContainText('Grace Hopper')

  await dialog.getByLabel('Current password').fill('not the password')
  await dialog.getByLabel('New password').fill('an entirely new passphrase')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The current password is not right.')
  await dialog.getByLabel('Current password').fill('correct horse battery')
  await dialog.getByLabel('New password').fill('an entirely new passphrase')
  await dialog.getByRole('button', { name: 'Change password' }).click()
  await expect(dialog.getByRole('status')).toContainText('Password changed.')

  const remove = dialog.getByRole('button', { name: 'Delete account and chats' })
  await expect(remove).toBeDisabled()
  await dialog.getByLabel('Confirmation').fill('delete my account')
  await remove.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Your account was deleted')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Chat history' }).getByRole('link')).toHaveCount(0)
  expect((await page.request.get(`/api/chats/${chatId}`)).status()).toBe(404)
  const signIn = await page.request.post('/api/auth/local/sign-in', { data: { email, password: 'an entirely new passphrase' } })
  expect(signIn.status()).toBe(401)
})
