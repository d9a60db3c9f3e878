// An answer that is complete before the browser's request for it has even been answered (the
// offline model with no pause between words, or a model error that comes at once) still appears:
// from the home screen (the first answer of a new chat) and as a second message in a chat, without
// a reload. This spec runs its own app with OFFLINE_TOKEN_DELAY_MS=0.
import { test, expect, waitForHydration } from './fixtures.ts'
import { startAppProcess, type AppProcess } from '../helpers/app-process.ts'

let app: AppProcess

test.beforeAll(async () => {
  app = await startAppProcess('instant-answer', {
    OFFLINE_TOKEN_DELAY_MS: '0',
    DATABASE_PATH: ':memory:',
    LOG_LEVEL: 'warn',
    SESSION_KEY: '3b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
  })
})

test.afterAll(async () => {
  await app?.stop()
})

test('an instant answer to a message sent from home, and to a second message, shows at once', async ({ page }) => {
  await page.goto(app.url + '/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Give me a table of planets')
  await prompt.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const log = page.getByRole('log', { name: 'Messages' })
  const answers = log.getByRole('article', { name: 'Answer' })
  await expect(answers.first()).toContainText('Connect a real model')
  await expect(answers.first().locator('table')).toBeVisible()
  await expect(page.getByText('This question has no answer yet')).toHaveCount(0)

  await prompt.fill('And some code, please')
  // The answer's words can be drawn a moment before its end is (Stop until then, and Enter shows
  // the wait hint instead of sending): a user sends once Send is back, and so does this test.
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled()
  await prompt.press('Enter')
  await expect(log.getByRole('article', { name: 'Your message' })).toHaveCount(2)
  await expect(answers).toHaveCount(2)
  await expect(answers.nth(1)).toContainText('Connect a real model')
  await expect(page.getByText('This question has no answer yet')).toHaveCount(0)
})
