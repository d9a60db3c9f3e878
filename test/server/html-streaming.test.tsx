// The shell streams at onShellReady; the first bytes arrive before a slow Suspense
// boundary resolves, over a real socket, with and without compression.
import '../helpers/production-react.ts'
import t, { type Test } from 'tap'
import { request } from 'node:http'
import { createBrotliDecompress, createGunzip } from 'node:zlib'
import type { Readable } from 'node:stream'
import { buildApp, BROWSER_UA } from '../helpers/build-app.ts'
import { fixtureEntry, Slow } from '../helpers/fixture-entry.tsx'

interface Timed {
  status: number
  headers: Record<string, string | string[] | undefined>
  chunks: Array<{ at: number; text: string }>
}

/** GETs `path`, calling `onChunk` with each decoded chunk as it arrives. */
function get(port: number, path: string, headers: Record<string, string>, onChunk: (text: string) => void = () => {}): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const encoding = res.headers['content-encoding']
      const body: Readable = encoding === 'br' ? res.pipe(createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(createGunzip()) : res
      const chunks: Timed['chunks'] = []
      body.on('data', (chunk: Buffer) => {
        chunks.push({ at: Date.now() - started, text: chunk.toString() })
        onChunk(chunk.toString())
      })
      body.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, chunks }))
      body.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * The slow boundary resolves only when the test says so (or after `safetyMs`, so a server that does
 * not stream fails the test instead of hanging it).
 */
async function startSlowApp(t: Test, safetyMs: number) {
  const gate = { release: () => {}, timedOut: false }
  const entry = fixtureEntry(() => {
    const slow = new Promise<void>((resolve) => {
      gate.release = resolve
      setTimeout(() => {
        gate.timedOut = true
        resolve()
      }, safetyMs)
    })
    return (
      <main>
        <h1>Shell heading</h1>
        <Slow promise={slow} fallback={<p>Loading answer…</p>}>
          <p>Slow answer arrived</p>
        </Slow>
      </main>
    )
  })
  const { app } = await buildApp(t, {}, { ssrEntry: entry })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  return { port, gate }
}

for (const encoding of ['identity', 'gzip', 'br'] as const) {
  t.test(`the shell arrives before the slow boundary resolves (${encoding})`, async (t) => {
    const { port, gate } = await startSlowApp(t, 5000)
    let received = ''
    let shellBeforeBoundary = false
    const res = await get(port, '/', { 'user-agent': BROWSER_UA, 'accept-encoding': encoding }, (text) => {
      received += text
      if (!shellBeforeBoundary && received.includes('Shell heading')) {
        shellBeforeBoundary = !received.includes('Slow answer arrived')
        gate.release()
      }
    })
    t.equal(res.status, 200)
    t.equal(res.headers['content-encoding'], encoding === 'identity' ? undefined : encoding)
    t.ok(shellBeforeBoundary, 'the shell (with the fallback) arrived while the boundary was still pending')
    t.notOk(gate.timedOut, 'the boundary was released by the test, i.e. the shell was streamed early')
    t.match(received, /Loading answer…/)
    t.match(received, /Slow answer arrived/)
    t.match(received, /<\/html>\s*$/, 'the document is complete')
  })
}

t.test('a bot waits for everything and gets the complete page at once', async (t) => {
  const { port } = await startSlowApp(t, 400)
  const res = await get(port, '/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
  const html = res.chunks.map((c) => c.text).join('')
  const firstWithShell = res.chunks.find((chunk) => chunk.text.includes('Shell heading'))!
  t.ok(firstWithShell.at >= 380, 'nothing is sent before the boundary resolved')
  t.match(html, /Slow answer arrived/)
  t.notMatch(html, /Loading answer…/, 'no fallback in a bot page')
})
