// Share (owner only): private or public and a link to copy. Another visitor can read a public chat
// but change nothing (every write is 404, as if it did not exist); a private one is not found.
// Export downloads the open chat as Markdown or JSON.
import { readFile } from 'node:fs/promises'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChats } from './chats.ts'

test('share publicly, copy the link; a second visitor reads it but cannot change it; private again hides it', async ({ page, browser, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  const [chat] = await createChats(page.request, ['Recipe swap'])
  const link = `${baseURL}/chat/${chat!.id}`
  await page.goto(`/chat/${chat!.id}`)
  await waitForHydration(page)

  await page.getByRole('button', { name: 'Share chat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share chat' })
  const privateChoice = dialog.getByRole('radio', { name: /Private/ })
  const publicChoice = dialog.getByRole('radio', { name: /Public/ })
  await expect(privateChoice).toBeChecked()
  await expect(privateChoice).toBeFocused()
  await expect(dialog.getByRole('textbox', { name: 'Link to this chat' })).toHaveValue(link)

  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/chats/${chat!.id}`))
  await page.keyboard.press('ArrowDown')
  await expect(publicChoice).toBeChecked()
  expect((await saved).status()).toBe(200)

  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Link copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Recipe swap' }).getByRole('img', { name: 'Public' })).toBeVisible()

  const other = await browser.newContext({ userAgent: await page.evaluate(() => navigator.userAgent) })
  try {
    const visitor = await other.newPage()
    const response = await visitor.goto(link)
    expect(response!.status()).toBe(200)
    await waitForHydration(visitor)
    // Not theirs: no Share or Export, and the chat is not in their history.
    await expect(visitor.getByRole('button', { name: 'Share chat' })).toHaveCount(0)
    await expect(visitor.getByRole('button', { name: 'Export chat' })).toHaveCount(0)
    await expect(visitor.getByRole('navigation', { name: 'Chat history' })).toContainText('No chats yet.')
    expect((await visitor.request.get(`/api/chats/${chat!.id}`)).status()).toBe(200)
    expect((await visitor.request.patch(`/api/chats/${chat!.id}`, { data: { visibility: 'private' } })).status()).toBe(404)
    expect((await visitor.request.patch(`/api/chats/${chat!.id}`, { data: { title: 'Mine now' } })).status()).toBe(404)
    expect((await visitor.request.delete(`/api/chats/${chat!.id}`)).status()).toBe(404)

    // The owner makes it private again: the visitor no longer finds it.
    await page.getByRole('button', { name: 'Share chat' }).click()
    await dialog.getByRole('radio', { name: /Private/ }).check()
    await expect.poll(async () => (await visitor.request.get(`/api/chats/${chat!.id}`)).status()).toBe(404)
    expect((await visitor.request.get(`/api/chats/${chat!.id}/export?format=md`)).status()).toBe(404)
  } finally {
    await other.close()
  }
  expect((await page.request.get(`/api/chats/${chat!.id}`)).status()).toBe(200)
})

test('on a private chat the copy button offers "Make public and copy": the link it copies opens for others', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  const [chat] = await createChats(page.request, ['Private at first'])
  await page.goto(`/chat/${chat!.id}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Share chat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share chat' })
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Make public and copy' }).click()
  await expect(dialog.getByRole('radio', { name: /Public/ })).toBeChecked()
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Link copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/chat/${chat!.id}`)
  expect((await (await page.request.get(`/api/chats/${chat!.id}`)).json()).chat.visibility).toBe('public')
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible()
})

test('export the open chat as Markdown and as JSON', async ({ page }) => {
  const [chat] = await createChats(page.request, ['Packing list'], () => 'Passport, charger, socks')
  await page.goto(`/chat/${chat!.id}`)
  await waitForHydration(page)

  await page.getByRole('button', { name: 'Export chat' }).click()
  const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Markdown' }).click()])
  expect(markdown.suggestedFilename(), "named after the chat").toBe("Packing list.md")
  const text = await readFile((await markdown.path())!, 'utf8')
  expect(text).toContain('Packing list')
  expect(text).toContain('Passport, charger, socks')

  await page.getByRole('button', { name: 'Export chat' }).click()
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'JSON' }).click()])
  expect(json.suggestedFilename()).toBe("Packing list.json")
  const body = JSON.parse(await readFile((await json.path())!, 'utf8'))
  expect(body.chat).toMatchObject({ id: chat!.id, title: 'Packing list' })
  expect(body.messages[0].parts[0].text).toBe('Passport, charger, socks')
})

test('a chat can also be exported from its sidebar menu', async ({ page }) => {
  const [chat] = await createChats(page.request, ['From the menu'])
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Options for “From the menu”' }).click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'JSON' }).click()])
  expect(download.suggestedFilename()).toBe("From the menu.json")
})
