// The personal layer as a user meets it: settings (custom instructions, default model,
// colour mode, Delete all chats), a chat's system prompt reaching a real model, projects (new, start
// a chat inside, drag a chat in), pins and the archive, and an import with its progress and summary.
// The first test runs its own app in front of a fake OpenAI-compatible server, to see the prompt
// the model is sent; the others use the shared app and its offline model.
import { fileURLToPath } from 'node:url'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { startAppProcess, type AppProcess } from '../helpers/app-process.ts'
import type { Page } from '@playwright/test'

const CHATGPT_EXPORT = fileURLToPath(new URL('../fixtures/imports/chatgpt-conversations.json', import.meta.url))

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Chat history' })
const group = (page: Page, name: string) => sidebar(page).getByRole('region', { name })

async function signUp(page: Page) {
  const email = `personal-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
}

test.describe('with a real model', () => {
  let upstream: FakeOpenAI
  let app: AppProcess
  test.beforeAll(async () => {
    upstream = await startFakeOpenAI()
    app = await startAppProcess('personal-layer', { OPENAI_BASE_URL: upstream.baseUrl, OPENAI_API_KEY: 'sk-e2e', DATABASE_PATH: ':memory:', LOG_LEVEL: 'warn', SESSION_KEY: '3b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe' })
  })
  test.afterAll(async () => {
    await app?.stop()
    await upstream?.close()
  })

  test('custom instructions and the chat\'s system prompt reach the model, in that order', async ({ page }) => {
    await page.goto(`${app.url}/`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    const instructions = settings.getByRole('textbox', { name: /What should the assistant know about you/ })
    await instructions.fill('Call me Captain.')
    await expect(settings.getByText('16 / 4,000 characters')).toBeVisible()
    await settings.getByRole('button', { name: 'Save instructions' }).click()
    await expect(settings.getByRole('status')).toHaveText('Saved. New answers follow them.')
    await settings.getByRole('button', { name: 'Done' }).click()
    await expect(settings).toHaveCount(0)

    const prompt = page.getByRole('textbox', { name: 'Message' })
    await prompt.fill('Which rope for a sailboat?')
    await prompt.press('Enter')
    await expect(page).toHaveURL(/\/chat\//)
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveText(/Hello from the fake model\./, { timeout: 15_000 })
    const streamed = () => upstream.requests.filter((request) => request.path === '/v1/chat/completions' && request.body?.stream === true)
    expect(streamed().at(-1)!.body.messages[0]).toEqual({ role: 'system', content: 'Call me Captain.' })

    // The chat's own prompt, from the header: a banner shows it; the next answer gets both.
    await page.getByRole('button', { name: 'System prompt', exact: true }).click()
    const editor = page.getByRole('dialog', { name: 'System prompt' })
    await editor.getByRole('textbox', { name: 'System prompt' }).fill('Answer in one sentence.')
    await editor.getByRole('button', { name: 'Save' }).click()
    const banner = page.getByRole('complementary', { name: 'System prompt' })
    await expect(banner).toContainText('Answer in one sentence.')
    await prompt.fill('And which knot?')
    await prompt.press('Enter')
    await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(2)
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
    expect(streamed().at(-1)!.body.messages[0]).toEqual({ role: 'system', content: 'Call me Captain.\n\nAnswer in one sentence.' })
    // A reload shows the banner from the server's copy.
    await page.reload()
    await waitForHydration(page)
    await expect(banner).toContainText('Answer in one sentence.')
  })
})

test('projects: make one, start a chat inside it, drag another one in; its page lists them', async ({ page }) => {
  const outside = await createChatThroughApi(page, 'Packing list for the mountains')
  await page.goto('/')
  await waitForHydration(page)
  await expect(group(page, 'Today').getByRole('link', { name: 'Packing list for the mountains' })).toBeVisible()

  await group(page, 'Projects').getByRole('button', { name: 'New project' }).click()
  const dialog = page.getByRole('dialog', { name: 'New project' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Alps trip')
  await dialog.getByRole('textbox', { name: 'Instructions (optional)' }).fill('We hike in July.')
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/\?project=[0-9a-f-]{36}$/)
  // The dialog closes (its fields held the same words until it is gone).
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Alps trip' })).toBeVisible()
  await expect(page.getByText('We hike in July.')).toBeVisible()
  await expect(group(page, 'Projects').getByRole('link', { name: 'Alps trip' })).toHaveAttribute('aria-current', 'page')
  // A file of the project: its text reaches every chat of it.
  await page.getByLabel('Add files to the project').setInputFiles({ name: 'gear.txt', mimeType: 'text/plain', buffer: Buffer.from('Boots, poles, a map.') })
  await expect(page.getByRole('list', { name: 'Project files' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Project files' })).toContainText('gear.txt')

  // A chat started here is inside the project: not in the dated history, on the project's page.
  await page.getByRole('textbox', { name: 'Message' }).fill('Which boots?')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(page).toHaveURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('Your instructions reached me', { timeout: 15_000 })
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('We hike in July. The project\'s files: <file name="gear.txt"')
  await expect(sidebar(page).getByRole('link', { name: 'Which boots?' })).toHaveCount(0)

  // Dragging a chat of the history onto the project moves it there.
  await page.waitForLoadState('networkidle')
  await group(page, 'Today').getByRole('link', { name: 'Packing list for the mountains' }).dragTo(group(page, 'Projects').getByRole('link', { name: 'Alps trip' }))
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Moved to “Alps trip”')
  await expect(group(page, 'Today').getByRole('link', { name: 'Packing list for the mountains' })).toHaveCount(0)
  await group(page, 'Projects').getByRole('link', { name: 'Alps trip' }).click()
  const chats = page.getByRole('region', { name: 'Chats in this project' })
  // Newest activity first: moving a chat is not activity.
  await expect(chats.getByRole('link')).toHaveText(['Which boots?', 'Packing list for the mountains'])
  expect((await (await page.request.get(`/api/chats/${outside}`)).json()).chat.projectId).toBeTruthy()

  // Out of the project again, from its menu.
  await chats.getByRole('button', { name: 'Options for “Packing list for the mountains”' }).click()
  await page.getByRole('menuitem', { name: 'Move to project…' }).click()
  const move = page.getByRole('dialog', { name: 'Move to project' })
  await move.getByRole('radio', { name: 'No project' }).check()
  await move.getByRole('button', { name: 'Move' }).click()
  await expect(chats.getByRole('link')).toHaveText(['Which boots?'])
  await expect(group(page, 'Today').getByRole('link', { name: 'Packing list for the mountains' })).toBeVisible()
})

test('pin a chat to the top; archive one, find it in Settings and by search, restore it', async ({ page }) => {
  await createChatThroughApi(page, 'Recipe for bread')
  await createChatThroughApi(page, 'Notes on Kant')
  await page.goto('/')
  await waitForHydration(page)
  const rowMenu = (title: string) => sidebar(page).getByRole('button', { name: `Options for “${title}”` })

  await rowMenu('Recipe for bread').click()
  // The sidebar shows the pin before the server has it: the reload below must come after it does,
  // or it may render the list as it was (a busy machine answered the reload first).
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && /\/api\/chats\//.test(response.url()))
  await page.getByRole('menuitem', { name: 'Pin' }).click()
  await expect(group(page, 'Pinned').getByRole('link')).toHaveText(['Recipe for bread'])
  await expect(group(page, 'Today').getByRole('link', { name: 'Recipe for bread' })).toHaveCount(0)
  expect((await saved).ok()).toBe(true)
  await page.reload()
  await waitForHydration(page)
  await expect(group(page, 'Pinned').getByRole('link')).toHaveText(['Recipe for bread'], { timeout: 10_000 })
  await rowMenu('Recipe for bread').click()
  await expect(page.getByRole('menuitem', { name: 'Unpin' })).toBeVisible()
  await page.keyboard.press('Escape')

  await rowMenu('Notes on Kant').click()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Chat archived')
  await expect(sidebar(page).getByRole('link', { name: 'Notes on Kant' })).toHaveCount(0)
  // Left with a pinned chat only: the list is not empty, and does not say so.
  await expect(group(page, 'Pinned').getByRole('link')).toHaveText(['Recipe for bread'])
  await expect(sidebar(page).getByText('No chats yet.')).toHaveCount(0)

  await page.keyboard.press('Control+k')
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.type('Kant')
  await expect(page.getByRole('dialog').getByRole('option', { name: /Notes on Kant/ })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const archived = page.getByRole('dialog', { name: 'Settings' }).getByRole('list', { name: 'Archived chats' })
  await expect(archived.getByRole('link')).toHaveText(['Notes on Kant'])
  await archived.getByRole('button', { name: 'Restore “Notes on Kant”' }).click()
  await expect(archived).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(group(page, 'Today').getByRole('link', { name: 'Notes on Kant' })).toBeVisible()
})

test('import a ChatGPT export: progress, a summary toast, the chats in the sidebar by their dates', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByLabel('Export file').setInputFiles(CHATGPT_EXPORT)
  // The first progress report comes late (a slow server): meanwhile the bar shows how far it is.
  let delayed = false
  await page.route('**/api/import/*', async (route) => {
    if (!delayed) {
      delayed = true
      await new Promise((resolve) => setTimeout(resolve, 1500))
    }
    await route.continue()
  })
  await settings.getByRole('button', { name: 'Import' }).click()
  const bar = settings.getByRole('progressbar', { name: 'Import progress' })
  await expect(bar).toBeVisible()
  await expect(settings.getByText(/Importing “chatgpt-conversations\.json”/)).toBeVisible()
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' })
  await expect(toasts).toContainText('Imported 2 chats, 1 skipped', { timeout: 15_000 })
  await expect(toasts).toContainText('Skipped: “Empty” (it has no messages).')
  await expect(bar).toHaveCount(0)
  await expect(settings.getByRole('status').last()).toContainText('Imported 2 chats, 1 skipped')
  await page.keyboard.press('Escape')
  // By their own dates: months ago, under their months.
  await expect(group(page, 'May 2024').getByRole('link')).toHaveText(['Growing tomatoes'])
  await expect(group(page, 'November 2023').getByRole('link')).toHaveText(['News and a cat'])
  await group(page, 'May 2024').getByRole('link', { name: 'Growing tomatoes' }).click()
  await expect(page.getByRole('complementary', { name: 'System prompt' })).toContainText('balcony garden')
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveText(['Give them six hours of sun and a deep pot.', 'Every morning, deeply, when the top soil is dry.'].map((text) => new RegExp(text)))
  await expect(page.getByRole('group', { name: 'Versions' }).first()).toContainText('1 / 2')
})

test('Settings → Download all chats saves every chat as one JSON file that Import takes back', async ({ page }) => {
  await page.goto('/')
  await signUp(page)
  const chatId = await createChatThroughApi(page, 'A chat to take along')
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  const downloading = page.waitForEvent('download')
  await settings.getByRole('link', { name: 'Download all chats' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^chats-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')) as Array<{ chat: { id: string }; messages: Array<{ parts: Array<{ text?: string }> }> }>
  expect(file.map((entry) => entry.chat.id)).toEqual([chatId])
  expect(file[0]!.messages[0]!.parts[0]!.text).toBe('A chat to take along')
})

test('Delete all chats needs the typed words, then empties the sidebar', async ({ page }) => {
  await createChatThroughApi(page, 'A chat to delete')
  await page.goto('/')
  await waitForHydration(page)
  await expect(sidebar(page).getByRole('link', { name: 'A chat to delete' })).toBeVisible()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  const remove = settings.getByRole('button', { name: 'Delete all chats' })
  await expect(remove).toBeDisabled()
  await settings.getByRole('textbox', { name: 'Confirmation' }).fill('delete all chats')
  await remove.click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(/chats? deleted/)
  await page.keyboard.press('Escape')
  await expect(sidebar(page).getByText('No chats yet.')).toBeVisible()
})

test('phone: the settings dialog and a project page fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const project = await (await page.request.post('/api/projects', { data: { name: 'Phone project' } })).json()
  await page.goto(`/?project=${project.id}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Phone project' })).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBe(0)
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings).toBeVisible()
  const box = (await settings.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await overflow()).toBe(0)
})
