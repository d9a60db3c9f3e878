// confirm() and prompt(), built on overlays: modal dialogs named by their title, resolving
// true/false and the entered text/null.
import { test, expect } from './fixtures.ts'
import { openPlayground } from './playground.ts'

test('confirm resolves true on confirm, false on cancel and on Escape', async ({ page }) => {
  await openPlayground(page)
  const result = page.getByTestId('overlay-result')
  const open = page.getByRole('button', { name: 'Open confirm', exact: true })

  await open.click()
  const dialog = page.getByRole('dialog', { name: 'Start a new chat?' })
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(dialog).toHaveAccessibleDescription('The current chat stays in your history.')
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Start' }).click()
  await expect(result).toHaveText('confirm: true')
  await expect(dialog).toHaveCount(0)

  await open.click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(result).toHaveText('confirm: false')
  await expect(dialog).toHaveCount(0)

  await open.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(result).toHaveText('confirm: false')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()
})

test('a dangerous confirm focuses Cancel first', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Open danger confirm' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this chat?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('overlay-result')).toHaveText('confirm: false')
})

test('prompt starts with its initial value, validates, and resolves the text', async ({ page }) => {
  await openPlayground(page)
  await page.getByRole('button', { name: 'Open prompt' }).click()
  const dialog = page.getByRole('dialog', { name: 'Rename chat' })
  const input = dialog.getByRole('textbox', { name: 'Chat title' })
  await expect(input).toBeFocused()
  await expect(input).toHaveValue('Untitled chat')

  await input.fill('   ')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription('The title cannot be empty.')

  await input.fill('Trip ideas')
  await expect(input).not.toHaveAttribute('aria-invalid')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('overlay-result')).toHaveText('prompt: "Trip ideas"')
  await expect(dialog).toHaveCount(0)
})

test('prompt resolves null when cancelled or dismissed', async ({ page }) => {
  await openPlayground(page)
  const open = page.getByRole('button', { name: 'Open prompt' })
  await open.click()
  await page.getByRole('dialog', { name: 'Rename chat' }).getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('overlay-result')).toHaveText('prompt: null')
  await expect(page.getByRole('dialog', { name: 'Rename chat' })).toHaveCount(0)

  await open.click()
  await page.getByRole('textbox', { name: 'Chat title' }).fill('changed')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('overlay-result')).toHaveText('prompt: null')
})
