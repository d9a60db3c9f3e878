// DESIGN §3: the shell streams at onShellReady; the first bytes arrive before a slow Suspense
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

function get(port: number, path: string, headers: Record<string, string>): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const encoding = res.headers['content-encoding']
      const body: Readable = encoding === 'br' ? res.pipe(createBrotliDecompress()) : encoding === 'gzip' ? res.pipe(createGunzip()) : res
      const chunks: Timed['chunks'] = []
      body.on('data', (chunk: Buffer) => chunks.push({ at: Date.now() - started, text: chunk.toString() }))
      body.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, chunks }))
      body.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const DELAY = 400

async function startSlowApp(t: Test) {
  let release!: () => void
  const entry = fixtureEntry(() => {
    const slow = new Promise<void>((resolve) => {
      release = resolve
      setTimeout(resolve, DELAY)
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
  return { port, release: () => release?.() }
}

for (const encoding of ['identity', 'gzip', 'br'] as const) {
  t.test(`the shell arrives before the slow boundary (${encoding})`, async (t) => {
    const { port } = await startSlowApp(t)
    const res = await get(port, '/', { 'user-agent': BROWSER_UA, 'accept-encoding': encoding })
    t.equal(res.status, 200)
    t.equal(res.headers['content-encoding'], encoding === 'identity' ? undefined : encoding)
    const first = res.chunks.findIndex((chunk) => chunk.text.includes('Shell heading'))
    const last = res.chunks.findIndex((chunk) => chunk.text.includes('Slow answer arrived'))
    t.ok(first >= 0 && last > first, 'shell and boundary come in separate chunks, shell first')
    t.ok(res.chunks[first]!.at < DELAY / 2, `shell at ${res.chunks[first]!.at} ms, before the boundary resolves`)
    t.ok(res.chunks[last]!.at >= DELAY - 20, `boundary at ${res.chunks[last]!.at} ms`)
    t.match(res.chunks[first]!.text + (res.chunks[first + 1]?.text ?? ''), /Loading answer…/)
    t.match(res.chunks.map((c) => c.text).join(''), /<\/html>\s*$/, 'the document is complete')
  })
}

t.test('a bot waits for everything and gets the complete page at once', async (t) => {
  const { port } = await startSlowApp(t)
  const res = await get(port, '/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
  const html = res.chunks.map((c) => c.text).join('')
  const firstWithShell = res.chunks.find((chunk) => chunk.text.includes('Shell heading'))!
  t.ok(firstWithShell.at >= DELAY - 20, 'nothing is sent before the boundary resolved')
  t.match(html, /Slow answer arrived/)
  t.notMatch(html, /Loading answer…/, 'no fallback in a bot page')
})
