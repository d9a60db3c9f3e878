// Shared steps of the sandbox escape tests: the playground's SandboxFrame, fed hostile content
// through its textarea, and a listener on another port that must hear nothing.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { openPlayground } from './playground.ts'

export interface Trap {
  /** http://127.0.0.1:<port> */
  origin: string
  port: number
  requests: string[]
  close(): Promise<void>
}

export async function startTrap(): Promise<Trap> {
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('leaked')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, port, requests, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** A listener for this file's tests, started before them and closed after. */
export function useTrap(): Trap {
  const trap: Trap = { origin: '', port: 0, requests: [], close: async () => {} }
  test.beforeAll(async () => {
    Object.assign(trap, await startTrap())
  })
  test.afterAll(async () => {
    await trap.close()
  })
  return trap
}

export const PREVIEW_TITLE = 'Preview of the playground artifact'

export interface Sandbox {
  section: Locator
  /** The sandbox page (React artifacts run here). */
  preview: FrameLocator
  /** An HTML artifact's own document, nested in the sandbox page. */
  html: FrameLocator
  rendered: Locator
  errors: Locator
  show(kind: 'html' | 'svg' | 'react', content: string): Promise<void>
  /** Shows the content and waits for the sandbox to say it rendered it. */
  render(kind: 'html' | 'svg' | 'react', content: string): Promise<void>
}

export async function openSandbox(page: Page): Promise<Sandbox> {
  await openPlayground(page)
  const section = page.getByRole('region', { name: 'Artifact sandbox' })
  await section.scrollIntoViewIfNeeded()
  const preview = page.frameLocator(`iframe[title="${PREVIEW_TITLE}"]`)
  const rendered = section.getByTestId('sandbox-rendered')
  // The playground's own first content has rendered: the channel is up.
  await expect(rendered).not.toHaveText('0', { timeout: 15_000 })
  const show = async (kind: 'html' | 'svg' | 'react', content: string) => {
    await section.getByRole('combobox', { name: /^Kind/ }).selectOption(kind)
    await section.getByRole('textbox', { name: 'Sandbox content' }).fill(content)
  }
  return {
    section,
    preview,
    html: preview.frameLocator('iframe'),
    rendered,
    errors: section.getByTestId('sandbox-errors'),
    show,
    async render(kind, content) {
      const before = Number(await rendered.textContent())
      await show(kind, content)
      await expect.poll(async () => Number(await rendered.textContent()), { timeout: 15_000 }).toBeGreaterThan(before)
    },
  }
}

/** A React artifact that runs `body` (statements, may await) once and shows what it returned, as `#out`. */
export function reactProbe(body: string): string {
  return `import React, { useEffect, useState } from 'react'
export default function Probe() {
  const [out, setOut] = useState('running')
  useEffect(() => { (async () => { ${body} })().then((value) => setOut(String(value)), (error) => setOut('threw ' + error)) }, [])
  return <pre id="out">{out}</pre>
}`
}

/** An HTML artifact that runs `body` the same way. */
export function htmlProbe(body: string): string {
  return `<pre id="out">running</pre><script>(async () => { ${body} })().then((value) => { document.getElementById('out').textContent = String(value) }, (error) => { document.getElementById('out').textContent = 'threw ' + error })</script>`
}
