// A preview that never yields (a loop that does not end) or eats memory runs in a renderer process
// of its own: the app stays responsive, says the preview is not responding, and Stop removes the
// frame (and with it the process).
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { openSandbox, PREVIEW_TITLE, type Sandbox } from './artifact-sandbox-helpers.ts'

test.use({ allowConsoleErrors: true })

/** The app still answers: a click on its own button counts, and a script in its page runs. */
async function appResponds(page: Page, sandbox: Sandbox) {
  const clicks = sandbox.section.getByTestId('sandbox-clicks')
  const before = Number(await clicks.textContent())
  await sandbox.section.getByRole('button', { name: 'Count a click' }).click({ timeout: 2_000 })
  await expect(clicks).toHaveText(String(before + 1), { timeout: 2_000 })
  expect(await page.evaluate(() => 6 * 7)).toBe(42)
}

async function stopAndRunAgain(page: Page, sandbox: Sandbox) {
  await expect(sandbox.section.getByText('This preview is not responding.')).toBeVisible({ timeout: 15_000 })
  await appResponds(page, sandbox)
  await sandbox.section.getByRole('button', { name: 'Stop' }).click()
  await expect(page.locator(`iframe[title="${PREVIEW_TITLE}"]`)).toHaveCount(0)
  await expect(sandbox.section.getByText('The preview was stopped.')).toBeVisible()
  await appResponds(page, sandbox)
  // Run again with content that behaves: a fresh frame shows it.
  await sandbox.section.getByRole('textbox', { name: 'Sandbox content' }).fill('export default () => <p id="calm">calm again</p>')
  await sandbox.section.getByRole('combobox', { name: /^Kind/ }).selectOption('react')
  await sandbox.section.getByRole('button', { name: 'Run again' }).click()
  await expect(sandbox.preview.locator('#calm')).toHaveText('calm again', { timeout: 25_000 })
  await expect(sandbox.section.getByRole('alert')).toHaveCount(0)
}

test('the sandbox frame is a process of its own (an out-of-process iframe)', async ({ page }) => {
  await openSandbox(page)
  const cdp = await page.context().newCDPSession(page)
  const { targetInfos } = await cdp.send('Target.getTargets')
  // Chromium lists a frame as a target of its own only when it renders in another process.
  expect(targetInfos.filter((target) => target.type === 'iframe' && target.url.includes('/sandbox/artifact'))).toHaveLength(1)
})

for (const kind of ['react', 'html'] as const) {
  test(`a ${kind} preview in a loop that never ends leaves the app responsive and can be stopped`, async ({ page }) => {
    const sandbox = await openSandbox(page)
    await sandbox.show(kind, kind === 'html' ? '<p>spinning</p><script>setTimeout(() => { while (true) {} }, 0)</script>' : 'export default function Spin() { while (true) {} }')
    await stopAndRunAgain(page, sandbox)
  })
}

test('a preview that builds 100 MB of DOM leaves the app responsive and can be stopped', async ({ page }) => {
  // The browser takes seconds to build and then to drop such a document on a busy machine.
  test.setTimeout(60_000)
  const sandbox = await openSandbox(page)
  // 100 text nodes of a megabyte each, all different, then it keeps the thread (as a page still
  // laying such a document out would).
  await sandbox.show(
    'html',
    `<body><script>const mb = 'x'.repeat(1 << 20); for (let i = 0; i < 100; i++) { const d = document.createElement('div'); d.textContent = i + mb; document.body.append(d) } document.title = 'built'; setTimeout(() => { while (true) {} }, 0)</script>`,
  )
  await appResponds(page, sandbox)
  await stopAndRunAgain(page, sandbox)
})
