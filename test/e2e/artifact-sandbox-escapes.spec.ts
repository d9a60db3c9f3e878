// A preview cannot leave its frame: not by navigating the app, not by navigating itself to another
// site (the embedder's frame-src refuses it), not through a popup; messages that pretend to be the
// app or the sandbox change nothing; errors reach the app; and a preview that never yields or eats
// memory leaves the app responsive and can be stopped.
import { test, expect } from './fixtures.ts'
import { htmlProbe, openSandbox, reactProbe, useTrap } from './artifact-sandbox-helpers.ts'

test.use({ allowConsoleErrors: true })

const trap = useTrap()

test('a preview cannot navigate the app, navigate itself to another site, or open a popup', async ({ page, context }) => {
  const popups: string[] = []
  context.on('page', (opened) => popups.push(opened.url()))
  const sandbox = await openSandbox(page)
  const appUrl = page.url()
  const escapes = (where: string) => `
    const lines = []
    try { top.location = '/chat/escaped-${where}'; lines.push('top: assigned') } catch (error) { lines.push('top: ' + error.name) }
    const opened = window.open('/'); lines.push('open: ' + (opened === null ? 'null' : 'window'))
    const other = window.open('${trap.origin}/popup-${where}'); lines.push('open trap: ' + (other === null ? 'null' : 'window'))
    const link = Object.assign(document.createElement('a'), { href: '${trap.origin}/link-${where}', target: '_blank' }); document.body.append(link); link.click()
    const form = Object.assign(document.createElement('form'), { method: 'post', action: '${new URL('/api/chats', appUrl).href}' }); document.body.append(form)
    try { form.submit(); lines.push('form: submitted') } catch (error) { lines.push('form: ' + error.name) }
    return lines.join('\\n')`

  // HTML runs in a frame nested in the sandbox page.
  await sandbox.show('html', htmlProbe(escapes('html')))
  await expect(sandbox.html.locator('#out')).toContainText('form:', { timeout: 15_000 })
  const htmlText = (await sandbox.html.locator('#out').textContent()) ?? ''
  expect(htmlText).toMatch(/^open: null$/m)
  expect(htmlText).toMatch(/^open trap: null$/m)

  // React runs in the sandbox page, the frame the app embeds.
  await sandbox.show('react', reactProbe(escapes('react')))
  await expect(sandbox.preview.locator('#out')).toContainText('form:', { timeout: 15_000 })
  expect(await sandbox.preview.locator('#out').textContent()).toMatch(/^open: null$/m)

  // Each frame now navigates itself to another site: the HTML document (held by the sandbox page's
  // frame-src 'none') and the sandbox page itself (held by the app's frame-src, the sandbox page only).
  await sandbox.render('html', `<p id="here">nested</p><script>setTimeout(() => { location = '${trap.origin}/nested-navigation' }, 0)</script>`)
  await sandbox.show('react', `export default function Leave() { setTimeout(() => { location.href = '${trap.origin}/frame-navigation?secret=1' }, 0); return <p id="leaving">leaving</p> }`)
  // The refused navigation leaves an error page in the frame, whose sandbox no longer beats.
  await expect(sandbox.section.getByText('This preview is not responding.')).toBeVisible({ timeout: 15_000 })

  expect(page.url(), "the app's address is unchanged").toBe(appUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'UI playground' })).toBeVisible()
  expect(popups, 'no popup opened').toEqual([])
  expect(trap.requests, 'nothing reached the other site').toEqual([])
})

test('messages that pretend to be the app or the sandbox are ignored; real errors are reported', async ({ page }) => {
  const sandbox = await openSandbox(page)
  // The nested HTML document posts a fake sandbox error and a fake "rendered" to the app, and a
  // fake render to the sandbox page (as if it were the app).
  const spoof = `
    for (let id = 0; id < 20; id++) top.postMessage({ type: 'artifact:error', renderId: id, message: 'spoofed by the artifact' }, '*')
    parent.postMessage({ type: 'artifact:render', renderId: 999, kind: 'html', theme: 'light', content: '<p id="hijacked">hijacked</p>' }, '*')
    return 'sent'`
  await sandbox.render('html', htmlProbe(spoof))
  await expect(sandbox.html.locator('#out')).toHaveText('sent')
  // The app's own window posting as if it were the sandbox.
  await page.evaluate(() => {
    for (let id = 0; id < 20; id++) window.postMessage({ type: 'artifact:error', renderId: id, message: 'spoofed by a page' }, '*')
  })
  // Then a real error: it arrives, so the spoofed ones had their chance to arrive before it.
  await sandbox.show('html', '<script>throw new Error("a real failure")</script>')
  await expect(sandbox.errors).toContainText('Error: a real failure')
  await expect(sandbox.errors).not.toContainText('spoofed')
  await expect(sandbox.html.locator('#hijacked')).toHaveCount(0)

  // A React component that throws while rendering: its message in the frame and in the app.
  await sandbox.show('react', "export default function Broken(): JSX.Element { throw new Error('render failed here') }")
  await expect(sandbox.errors).toContainText('render failed here')
  await expect(sandbox.preview.getByRole('alert')).toContainText('render failed here')
  // A rejected promise, and an import the preview does not have.
  await sandbox.show('html', '<script>Promise.reject(new Error("nobody caught me"))</script>')
  await expect(sandbox.errors).toContainText('nobody caught me')
  await sandbox.show('react', "import _ from 'lodash'\nexport default () => <p>{_.VERSION}</p>")
  await expect(sandbox.errors).toContainText('Cannot import "lodash"')
})

test('a React artifact runs with our React: imports, hooks, TypeScript, events', async ({ page }) => {
  const sandbox = await openSandbox(page)
  await sandbox.render(
    'react',
    `import React, { useState } from 'react'
type Props = { start?: number }
export default function Counter({ start = 2 }: Props) {
  const [count, setCount] = useState<number>(start)
  return <button onClick={() => setCount((value) => value + 1)}>Clicked {count}</button>
}`,
  )
  const button = sandbox.preview.getByRole('button', { name: 'Clicked 2' })
  await button.click()
  await expect(sandbox.preview.getByRole('button', { name: 'Clicked 3' })).toBeVisible()
  await expect(sandbox.preview.getByRole('alert')).toHaveCount(0)
})

test('WebRTC is not there to reach a server the policy does not cover', async ({ page }) => {
  const sandbox = await openSandbox(page)
  const probe = "return [typeof RTCPeerConnection, typeof webkitRTCPeerConnection, typeof RTCDataChannel].join(' ')"
  await sandbox.show('html', htmlProbe(probe))
  await expect(sandbox.html.locator('#out')).toHaveText('undefined undefined undefined')
  await sandbox.show('react', reactProbe(probe))
  await expect(sandbox.preview.locator('#out')).toHaveText('undefined undefined undefined')
})
