// The sidebar's chat history: the owner's chats, newest first, loaded page by page as the list
// scrolls, grouped by the viewer's calendar days; the open chat is marked; the list is the
// visitor's own (a new visitor sees none of it).
import { test, expect, waitForHydration } from './fixtures.ts'
import { chatLink, createChats, dateHeadings, history } from './chats.ts'

const DAY = 86_400_000

test('60 chats: the first 30 show, the rest load while scrolling, newest first under Today', async ({ page }) => {
  const titles = Array.from({ length: 60 }, (_, index) => `Chat ${String(index + 1).padStart(2, '0')}`)
  await createChats(page.request, titles)
  const pages: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/chats') pages.push(new URL(request.url()).search)
  })

  await page.goto('/')
  await waitForHydration(page)
  const links = history(page).getByRole('link')
  await expect(links).toHaveCount(30)
  await expect(links.first()).toHaveText('Chat 60')
  await expect(links.last()).toHaveText('Chat 31')
  await expect(history(page).getByRole('heading', { name: 'Today' })).toBeVisible()

  await chatLink(page, 'Chat 31').scrollIntoViewIfNeeded()
  await history(page).evaluate((nav) => nav.scrollTo({ top: nav.scrollHeight }))
  await expect(links).toHaveCount(60)
  await expect(links.last()).toHaveText('Chat 01')
  await expect(dateHeadings(page)).toHaveCount(1)
  await history(page).evaluate((nav) => nav.scrollTo({ top: nav.scrollHeight }))
  await expect(page.getByTestId('chat-list-sentinel')).toHaveCount(0)
  // The first page came inlined with the document: the only request is for the second.
  expect(pages).toHaveLength(1)
  expect(pages[0]).toContain('cursor=')

  // Opening a chat far down the list leaves the list where it was scrolled to.
  const scrolledTo = await history(page).evaluate((nav) => nav.scrollTop)
  expect(scrolledTo).toBeGreaterThan(500)
  await chatLink(page, 'Chat 02').click()
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('About Chat 02')
  await expect(chatLink(page, 'Chat 02')).toHaveAttribute('aria-current', 'page')
  expect(await history(page).evaluate((nav) => nav.scrollTop)).toBe(scrolledTo)
  expect(pages).toHaveLength(1)

  // Another visitor has no history.
  const stranger = await page.context().browser()!.newContext()
  const strangerPage = await stranger.newPage()
  await strangerPage.goto('/')
  await expect(history(strangerPage)).toContainText('No chats yet.')
  await stranger.close()
})

test('the open chat is marked current, also after moving to another', async ({ page }) => {
  const [first, second] = await createChats(page.request, ['Garden plans', 'Tax questions'])
  await page.goto(`/chat/${first!.id}`)
  await waitForHydration(page)
  await expect(chatLink(page, 'Garden plans')).toHaveAttribute('aria-current', 'page')
  await expect(chatLink(page, 'Tax questions')).not.toHaveAttribute('aria-current')

  await chatLink(page, 'Tax questions').click()
  await expect(page).toHaveURL(`/chat/${second!.id}`)
  await expect(chatLink(page, 'Tax questions')).toHaveAttribute('aria-current', 'page')
  await expect(chatLink(page, 'Garden plans')).not.toHaveAttribute('aria-current')
})

// The server dates chats with its own clock, so older chats cannot be made without a backdoor;
// the browser's clock is moved forward instead (grouping is the browser's, by local days).
for (const [days, group] of [
  [0, 'Today'],
  [1, 'Yesterday'],
  [3, 'Previous 7 days'],
  [20, 'Previous 30 days'],
] as const) {
  test(`a chat from ${days} days ago is under ${group}`, async ({ page }) => {
    await createChats(page.request, ['Old travel notes'])
    await page.clock.setFixedTime(Date.now() + days * DAY)
    await page.goto('/')
    const section = history(page).getByRole('region', { name: group })
    await expect(section.getByRole('link', { name: 'Old travel notes' })).toBeVisible()
    await expect(dateHeadings(page)).toHaveCount(1)
  })
}

test('chats older than 30 days are grouped by month and year', async ({ page }) => {
  const createdAt = Date.now()
  await createChats(page.request, ['Old travel notes'])
  await page.clock.setFixedTime(createdAt + 75 * DAY)
  await page.goto('/')
  const month = await page.evaluate((time) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(time), createdAt)
  expect(month).toMatch(/^[A-Z][a-z]+ \d{4}$/)
  await expect(history(page).getByRole('region', { name: month }).getByRole('link', { name: 'Old travel notes' })).toBeVisible()
})

test('a page of the list that fails to load says so, and Try again loads it', async ({ page }) => {
  const titles = Array.from({ length: 35 }, (_, index) => `Note ${String(index + 1).padStart(2, '0')}`)
  await createChats(page.request, titles)
  // Every attempt fails (the HTTP client retries a 503 once by itself) until the route is lifted.
  await page.route('**/api/chats?*cursor=*', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'The database is busy' }) }),
  )
  await page.goto('/')
  await waitForHydration(page)
  const links = history(page).getByRole('link')
  await expect(links).toHaveCount(30)
  await history(page).evaluate((nav) => nav.scrollTo({ top: nav.scrollHeight }))
  const failure = history(page).getByRole('alert')
  await expect(failure).toContainText('Could not load your chats: The database is busy')
  await expect(links).toHaveCount(30)

  await page.unroute('**/api/chats?*cursor=*')
  await failure.getByRole('button', { name: 'Try again' }).click()
  await expect(links).toHaveCount(35)
  await expect(links.last()).toHaveText('Note 01')
  await expect(failure).toHaveCount(0)
})

test("a first visit: the server draws the list's frame, which stays while its code waits and works once it comes", async ({ page }) => {
  // The list's code is held back: until it comes, the page shows the server's HTML of the list.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let asked = 0
  await page.route(/\/assets\/chat-history-content-[\w-]{8}\.js$/, async (route) => {
    asked++
    await held
    await route.continue()
  })
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await waitForHydration(page)
  // The drawer is closed on a phone: its list is there, out of sight.
  const list = page.locator('nav[aria-label="Chat history"]')
  await expect(list).toContainText('No chats yet.')
  await expect(list.locator('[role="status"]')).toHaveCount(0)
  // Opening the phone drawer draws the sidebar again and moves the focus into it (which asks for
  // the list's code): the frame stays, it does not fall back to the skeleton.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeInViewport()
  await expect.poll(() => asked).toBe(1)
  await expect(history(page)).toContainText('No chats yet.')
  await expect(history(page).getByRole('status')).toHaveCount(0)
  // A click on New project before the list works is not lost: it is clicked again once it does.
  await history(page).getByRole('region', { name: 'Projects' }).getByRole('button', { name: 'New project' }).click()
  await page.waitForTimeout(300)
  await expect(page.getByRole('dialog', { name: 'New project' })).toHaveCount(0)
  release()
  await expect(page.getByRole('dialog', { name: 'New project' })).toBeVisible()
})

test('a first visit: a button focused in the server\'s list keeps the focus when the list starts working', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/chat-history-content-[\w-]{8}\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  await waitForHydration(page)
  const newProject = history(page).getByRole('button', { name: 'New project' })
  await newProject.focus()
  await expect(newProject).toBeFocused()
  // The server's button, marked: the list's own replaces it.
  await newProject.evaluate((button) => (button.dataset.fromServer = 'true'))
  release()
  // The list draws itself in the same place: the focus is on its own New project, which works.
  await expect(history(page).locator('[data-from-server]')).toHaveCount(0)
  await expect(newProject).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'New project' })).toBeVisible()
})
