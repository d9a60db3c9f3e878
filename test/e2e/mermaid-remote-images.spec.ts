// A Mermaid diagram in an answer never makes the reader's browser fetch an image it names: labels
// are drawn as SVG text (an HTML label kept <img>), a diagram's own config cannot turn HTML labels
// back on or add CSS that loads something, and the page's policy allows no such host anyway.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test, expect, waitForHydration } from './fixtures.ts'
import { importChat } from './chats.ts'

test('diagram labels with <img>, and diagrams whose config or front matter ask for HTML labels, load nothing from elsewhere', async ({ page }) => {
  const requested: string[] = []
  const tracker = createServer((request, response) => {
    requested.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/png' }).end()
  })
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve))
  const pixel = (name: string) => `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/${name}.png`

  try {
    const diagrams = [
      ['flowchart LR', `  A["<img src='${pixel('label')}'> Hello"] --> B["<b>bold</b> <img src=${pixel('second')}>"]`],
      [
        `%%{init: {"htmlLabels": true, "flowchart": {"htmlLabels": true}, "themeCSS": "svg { background: url(${pixel('css')}) }", "dompurifyConfig": {"ADD_TAGS": ["img"]}}}%%`,
        'flowchart TD',
        `  C["<img src='${pixel('directive')}'> Again"] --> D[End]`,
      ],
      ['---', 'config:', '  htmlLabels: true', '  flowchart:', '    htmlLabels: true', '---', 'flowchart LR', `  E["<img src='${pixel('front-matter')}'> Third"] --> F[End]`],
    ]
    const answer = ['Three diagrams:', ...diagrams.map((lines) => ['```mermaid', ...lines, '```'].join('\n'))].join('\n\n')

    await page.goto('/')
    const email = `mermaid-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
    expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
    const chat = { id: `mermaid-${Math.random().toString(36).slice(2, 10)}`, title: 'Diagrams with images' }
    const id = await importChat(page, {
      chat,
      messages: [
        { id: 'q', role: 'user', parentId: null, parts: [{ type: 'text', text: 'Draw me two diagrams' }] },
        { id: 'a', role: 'assistant', parentId: 'q', parts: [{ type: 'text', text: answer }] },
      ],
    })
    await page.addInitScript(() => {
      const violations: string[] = []
      ;(window as unknown as { violations: string[] }).violations = violations
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`))
    })
    await page.goto(`/chat/${id}`)
    await waitForHydration(page)

    const drawings = page.getByRole('article', { name: 'Answer' }).locator('[data-mermaid]').getByRole('img', { name: 'Diagram' })
    await expect(drawings).toHaveCount(3, { timeout: 20_000 })
    for (const drawing of await drawings.all()) await expect(drawing.locator('svg g.node').first()).toBeVisible()
    // The labels' words are there, as text; no element that loads anything (the locator looks into the shadow roots).
    await expect(drawings.first()).toContainText('Hello')
    await expect(drawings.nth(1)).toContainText('Again')
    await expect(drawings.nth(2)).toContainText('Third')
    await expect(drawings.locator('img, image, foreignObject')).toHaveCount(0)
    // Everything the page asked for so far has been asked (a fetch of the page's own after the drawing).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.evaluate(() => fetch('/healthz').then((response) => response.text()))
    expect(requested, 'requests that reached the image host').toEqual([])
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), 'nothing was even tried (the CSP would refuse it)').toEqual([])
  } finally {
    await new Promise((resolve) => tracker.close(resolve))
  }
})
