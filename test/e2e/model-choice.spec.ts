// The model picker against a real provider: the home screen lists the models an OpenAI-compatible
// server offers, the one picked is asked for and remembered, and a chat keeps the model it began
// with. This spec runs its own app (startAppProcess) in front of a local server that speaks the Chat
// Completions wire format; the shared e2e app has no provider and so only the offline model.
import { test, expect, waitForHydration } from './fixtures.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { startAppProcess, type AppProcess } from '../helpers/app-process.ts'

let upstream: FakeOpenAI
let app: AppProcess

test.beforeAll(async () => {
  upstream = await startFakeOpenAI()
  upstream.models = ['fake-gpt', 'fake-mini']
  app = await startAppProcess('model-choice', {
    OPENAI_BASE_URL: upstream.baseUrl,
    OPENAI_API_KEY: 'sk-e2e',
    DATABASE_PATH: ':memory:',
    LOG_LEVEL: 'warn',
    SESSION_KEY: '2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
  })
})

test.afterAll(async () => {
  await app?.stop()
  await upstream?.close()
})

/** The streamed answers the upstream was asked for (title requests do not stream), oldest first. */
function answerRequests() {
  return upstream.requests.filter((request) => request.path === '/v1/chat/completions' && request.body?.stream === true)
}

test('the picked model answers, is remembered on the home screen, and stays with its chat', async ({ page }) => {
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  const picker = page.getByRole('combobox', { name: 'Model' })
  await expect(picker.getByRole('option')).toHaveText(['fake-gpt', 'fake-mini'])
  await expect(picker).toHaveValue('openai:fake-gpt')

  await picker.selectOption({ label: 'fake-mini' })
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('Which model are you?')
  await prompt.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const answers = page.getByRole('article', { name: 'Answer' })
  await expect(answers).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  expect(answerRequests().map((request) => request.body.model)).toEqual(['fake-mini'])

  // A follow-up in the same chat goes to the chat's model.
  await prompt.fill('And the next one?')
  await prompt.press('Enter')
  await expect(answers).toHaveCount(2)
  await expect(answers.nth(1)).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
  expect(answerRequests().map((request) => request.body.model)).toEqual(['fake-mini', 'fake-mini'])
  const chatId = new URL(page.url()).pathname.split('/').pop()!
  const stored = await (await page.request.get(`${app.url}/api/chats/${chatId}`)).json()
  expect(stored.chat.model).toBe('openai:fake-mini')

  // Back home, and after a reload: the picker still shows the choice.
  await page.getByRole('link', { name: 'New chat' }).click()
  await expect(page).toHaveURL(`${app.url}/`)
  await expect(picker).toHaveValue('openai:fake-mini')
  await page.reload()
  await waitForHydration(page)
  await expect(picker).toHaveValue('openai:fake-mini')

  // Switching back is remembered too, and the next chat asks for that model.
  await picker.selectOption({ label: 'fake-gpt' })
  await prompt.fill('Another chat')
  await prompt.press('Enter')
  await expect(page).toHaveURL((url) => url.pathname !== `/chat/${chatId}` && url.pathname.startsWith('/chat/'))
  await expect(answers).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
  expect(answerRequests().map((request) => request.body.model)).toEqual(['fake-mini', 'fake-mini', 'fake-gpt'])
})

test('inside a chat the composer picks the model: the next answer comes from it, the chat keeps it, also after a reload', async ({ page }) => {
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await page.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'fake-gpt' })
  await prompt.fill('Start with the big one')
  await prompt.press('Enter')
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const answers = page.getByRole('article', { name: 'Answer' })
  await expect(answers).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  const before = answerRequests().length

  const picker = page.getByRole('combobox', { name: 'Model' })
  await expect(picker).toHaveValue('openai:fake-gpt')
  await picker.selectOption({ label: 'fake-mini' })
  await prompt.fill('Now the small one')
  await prompt.press('Enter')
  await expect(answers).toHaveCount(2)
  await expect(answers.nth(1)).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
  expect(answerRequests().slice(before).map((request) => request.body.model)).toEqual(['fake-mini'])

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('openai:fake-mini')
})

test('on a phone the picker fits the composer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`${app.url}/`)
  await waitForHydration(page)
  const picker = page.getByRole('combobox', { name: 'Model' })
  const box = (await picker.boundingBox())!
  const composer = (await page.locator('form:has(textarea[data-prompt])').boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(composer.x + composer.width)
})
