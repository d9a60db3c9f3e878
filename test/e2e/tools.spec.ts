// Answers that use tools, in Chromium, with the offline model and a fake Open-Meteo (Playwright
// starts it beside the app): the weather card, a chart (hover values, its data as a table), an
// error result, Stop during a tool, a reload while a tool runs; axe stays clean; phones do not
// scroll sideways.
import { AxeBuilder } from '@axe-core/playwright'
import { test, expect, waitForHydration } from './fixtures.ts'

async function ask(page: import('@playwright/test').Page, question: string) {
  await page.goto('/')
  await waitForHydration(page)
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill(question)
  await prompt.press('Enter')
  return page.getByRole('article', { name: 'Answer' })
}

test('the weather card shows the place, the temperature and the week, and the answer uses it', async ({ page }) => {
  const answer = await ask(page, 'What is the weather in Paris today?')
  const card = answer.getByRole('group', { name: 'Tool: Weather' })
  await expect(card).toContainText('Done', { timeout: 15_000 })
  await expect(card).toContainText('Paris')
  await expect(card).toContainText('Île-de-France, France')
  await expect(card).toContainText('12.3°C')
  await expect(card).toContainText('Overcast')
  await expect(card.getByRole('list', { name: '7-day forecast' }).getByRole('listitem')).toHaveCount(7)
  await expect(card.getByRole('img', { name: 'Slight rain', exact: true })).toBeVisible()
  await expect(answer).toContainText('It is 12.3°C and overcast in Paris', { timeout: 15_000 })
  // The card comes before the words that use it.
  const order = await answer.evaluate((node) => {
    const card = node.querySelector('[data-tool-card]')!
    const text = [...node.querySelectorAll('.markdown')].find((block) => block.textContent?.includes('It is 12.3°C'))!
    return card.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING ? 'card first' : 'text first'
  })
  expect(order).toBe('card first')

  await page.reload()
  await waitForHydration(page)
  const stored = page.getByRole('article', { name: 'Answer' }).getByRole('group', { name: 'Tool: Weather' })
  await expect(stored).toContainText('12.3°C')
  const results = await new AxeBuilder({ page }).include('[data-tool-card]').analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([])
})

test('a chart is drawn from the numbers in the message, with hover values and its data as a table', async ({ page }) => {
  const chartChunk = page.waitForRequest((request) => /\/assets\/chart-view-[\w-]+\.js$/.test(request.url()))
  const answer = await ask(page, 'Plot a line chart of visitors: Mon 120, Tue 180, Wed 90, Thu 210, Fri 160')
  const card = answer.getByRole('group', { name: 'Tool: Chart' })
  const chart = card.getByRole('img', { name: /line chart: Numbers from your message/ })
  await expect(chart).toBeVisible({ timeout: 15_000 })
  await chartChunk
  await expect(answer).toContainText('the highest is 210 (Thu)', { timeout: 15_000 })
  // The chart is used once the answer is written: a reconnect mid-answer replays it from the start.
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  await expect(card.locator('polyline')).toHaveCount(1)
  await expect(card.locator('circle')).toHaveCount(5)

  // Hover over Thursday: its value is read out.
  const box = (await chart.boundingBox())!
  await page.mouse.move(box.x + box.width * (52 + ((640 - 68) / 5) * 3.5) / 640, box.y + box.height / 2)
  await expect(card.locator('output')).toHaveText('Thu: 210')
  // And by keyboard.
  await chart.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(card.locator('output')).toHaveText('Wed: 90')

  const table = card.getByRole('table')
  await expect(table).toHaveClass('sr-only')
  await card.getByRole('button', { name: 'Show data' }).click()
  await expect(table).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(6)
  await expect(table.getByRole('row', { name: 'Fri 160' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Hide data' })).toHaveAttribute('aria-expanded', 'true')
  const results = await new AxeBuilder({ page }).include('[data-tool-card]').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
})

test('a page without a chart loads none of the chart code', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))
  const answer = await ask(page, 'What is the weather in Berlin?')
  await expect(answer.getByRole('group', { name: 'Tool: Weather' })).toContainText('Done', { timeout: 15_000 })
  expect(loaded.filter((url) => url.includes('/assets/chart-view-'))).toEqual([])
  expect(loaded.filter((url) => url.includes('/assets/answer-parts-')).length).toBeGreaterThan(0)
})

test('an unknown place is an error result the answer explains', async ({ page }) => {
  const answer = await ask(page, 'How is the weather in Atlantis?')
  const card = answer.getByRole('group', { name: 'Tool: Weather' })
  await expect(card).toContainText('Failed', { timeout: 15_000 })
  await expect(card).toContainText('No place called “Atlantis” was found.')
  await expect(answer).toContainText('I could not get the weather', { timeout: 15_000 })
})

test('Stop while a tool runs ends it, and the card says it did not finish, after a reload too', async ({ page }) => {
  const answer = await ask(page, 'What is the weather in Slowtown?')
  const card = answer.getByRole('group', { name: 'Tool: Weather' })
  await expect(card).toContainText('Running…', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible()
  await expect(answer).toContainText('Stopped')
  await page.reload()
  await waitForHydration(page)
  const stored = page.getByRole('article', { name: 'Answer' }).getByRole('group', { name: 'Tool: Weather' })
  await expect(stored).toContainText('Stopped before it finished.')
  await expect(stored).toContainText('Failed')
})

test('a reload while a tool runs follows the rest of the answer', async ({ page }) => {
  const answer = await ask(page, 'Tell me the weather in Slowtown')
  await expect(answer.getByRole('group', { name: 'Tool: Weather' })).toContainText('Running…', { timeout: 15_000 })
  await page.reload()
  await waitForHydration(page)
  const resumed = page.getByRole('article', { name: 'Answer' })
  await expect(resumed.getByRole('group', { name: 'Tool: Weather' })).toContainText('Done', { timeout: 15_000 })
  await expect(resumed).toContainText('It is 12.3°C and overcast in Slowtown', { timeout: 15_000 })
})

test('on a phone the cards fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const answer = await ask(page, 'Weather in Paris, and plot a bar chart of 3, 5, 8, 13')
  await expect(answer.getByRole('group', { name: 'Tool: Weather' })).toContainText('Done', { timeout: 15_000 })
  await expect(answer.getByRole('group', { name: 'Tool: Chart' }).getByRole('img')).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBe(0)
  // The Tools menu opens within the screen too (its trigger is well right of the left edge).
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: /^Tools/ }).click()
  const menu = (await page.getByRole('menu').boundingBox())!
  expect(menu.x).toBeGreaterThanOrEqual(0)
  expect(menu.x + menu.width).toBeLessThanOrEqual(375)
})

test('the Tools control turns a tool off for this chat, kept after a reload', async ({ page }) => {
  const answer = await ask(page, 'Hello there')
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  // It comes once the page has settled (its own chunk, after the first load).
  const control = page.getByRole('button', { name: 'Tools: 8 of 8 on' })
  await expect(control).toBeVisible({ timeout: 10_000 })
  await control.click()
  // The menu is named like its button, which counts what is on.
  const menu = page.getByRole('menu', { name: /^Tools:/ })
  const weather = menu.getByRole('menuitemcheckbox', { name: /Weather/ })
  await expect(weather).toHaveAttribute('aria-checked', 'true')
  await weather.click()
  await expect(weather).toHaveAttribute('aria-checked', 'false')
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Tools: 7 of 8 on' })).toBeFocused()

  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('What is the weather in Paris?')
  await prompt.press('Enter')
  const second = page.getByRole('article', { name: 'Answer' }).nth(1)
  await expect(second).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(second.locator('[data-tool-card]')).toHaveCount(0)

  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Tools: 7 of 8 on' })).toBeVisible({ timeout: 10_000 })
})

test('on the home screen the Tools control goes with the new chat', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const control = page.getByRole('button', { name: 'Tools: 8 of 8 on' })
  await expect(control).toBeVisible({ timeout: 10_000 })
  await control.click()
  await page.getByRole('menu', { name: /^Tools:/ }).getByRole('menuitemcheckbox', { name: /Weather/ }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Tools: 7 of 8 on' })).toBeFocused()
  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('What is the weather in Paris?')
  await prompt.press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('Connect a real model', { timeout: 15_000 })
  await expect(answer.locator('[data-tool-card]')).toHaveCount(0)
  // The chat keeps the choice made before it existed.
  await expect(page.getByRole('button', { name: 'Tools: 7 of 8 on' })).toBeVisible({ timeout: 10_000 })
})

test('a web search shows its results, and the answer cites numbered sources that link to them', async ({ page }) => {
  const answer = await ask(page, 'Search the web for the history of tea')
  const card = answer.getByRole('group', { name: 'Tool: Search the web' })
  await expect(card).toContainText('Done', { timeout: 15_000 })
  await expect(card).toContainText('“the history of tea”')
  await expect(card.getByRole('link', { name: 'the history of tea - Wikipedia' })).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/the_history_of_tea')
  await expect(answer).toContainText('Here is what the web says', { timeout: 15_000 })
  const citation = answer.locator('.markdown').getByRole('link', { name: '[1]' })
  await expect(citation).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/the_history_of_tea')
  await expect(citation).toHaveAttribute('target', '_blank')
  const sources = answer.getByRole('group', { name: 'Sources' })
  await expect(sources.getByRole('listitem')).toHaveCount(2)
  await expect(sources.getByRole('link').nth(1)).toHaveAttribute('href', 'https://www.example.org/guide/the_history_of_tea')
  await expect(sources).toContainText('example.org')
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('group', { name: 'Sources' }).getByRole('listitem')).toHaveCount(2)
  const results = await new AxeBuilder({ page }).include('article').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
})

test('an MCP tool that needs approval waits for Approve, and Deny goes back to the model', async ({ page }) => {
  const answer = await ask(page, 'Run mcp__demo__delete_note {"id": "e2e-1"} please')
  const card = answer.getByRole('group', { name: 'Tool: Delete note' })
  await expect(card).toContainText('Needs your approval', { timeout: 15_000 })
  await expect(card).toContainText('"id": "e2e-1"')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(card).toContainText('Done', { timeout: 15_000 })
  await card.getByRole('button', { name: 'Result' }).click()
  await expect(card).toContainText('deleted e2e-1')
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 15_000 })

  const prompt = page.getByRole('textbox', { name: 'Message' })
  await prompt.fill('mcp__demo__delete_note {"id": "e2e-2"}')
  await prompt.press('Enter')
  const second = page.getByRole('article', { name: 'Answer' }).nth(1)
  const secondCard = second.getByRole('group', { name: 'Tool: Delete note' })
  await expect(secondCard.getByRole('button', { name: 'Deny' })).toBeVisible({ timeout: 15_000 })
  const results = await new AxeBuilder({ page }).include('[data-tool-card]').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
  await secondCard.getByRole('button', { name: 'Deny' }).click()
  await expect(secondCard).toContainText('Denied', { timeout: 15_000 })
  await expect(second).toContainText('You did not let the mcp__demo__delete_note tool run', { timeout: 15_000 })
})
