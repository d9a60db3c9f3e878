// Hashed assets: long-lived immutable caching and precompressed bodies. HTML: never cached,
// compressed on the fly. JSON: compressed when large.
import t from 'tap'
import { readdirSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { buildApp, browser } from '../helpers/build-app.ts'
import { NON_DOCUMENT_CSP } from '../../server/plugins/security.ts'
import { WORKER_CSP } from '../../server/plugins/render.ts'

const mainScript = readdirSync('dist/client/assets').find((file) => /^index-.*\.js$/.test(file))!

t.test('hashed assets are immutable and served precompressed', async (t) => {
  const { app } = await buildApp(t)
  const br = await app.inject({ url: `/assets/${mainScript}`, headers: { ...browser, 'accept-encoding': 'gzip, deflate, br' } })
  t.equal(br.statusCode, 200)
  t.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(br.headers['content-encoding'], 'br')
  t.match(br.headers['content-type'], /javascript/)
  const gz = await app.inject({ url: `/assets/${mainScript}`, headers: { ...browser, 'accept-encoding': 'gzip' } })
  t.equal(gz.headers['content-encoding'], 'gzip')
  t.equal(gunzipSync(gz.rawPayload).toString(), brotliDecompressSync(br.rawPayload).toString())
  const plain = await app.inject({ url: `/assets/${mainScript}`, headers: { ...browser, 'accept-encoding': 'identity' } })
  t.equal(plain.headers['content-encoding'], undefined)
  t.equal(plain.body, gunzipSync(gz.rawPayload).toString())
})

t.test("the code highlighter's worker may load its own chunks (its policy is its own); other assets may load nothing", async (t) => {
  const { app } = await buildApp(t)
  const worker = readdirSync('dist/client/assets').find((file) => /^highlight-worker-.*\.js$/.test(file))!
  t.ok(worker, 'the build has the worker')
  for (const encoding of ['br', 'gzip', 'identity']) {
    const res = await app.inject({ url: `/assets/${worker}`, headers: { ...browser, 'accept-encoding': encoding } })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-security-policy'], WORKER_CSP, `served as ${encoding}`)
  }
  t.equal(WORKER_CSP, "default-src 'none'; script-src 'self'; frame-ancestors 'none'")
  const main = await app.inject({ url: `/assets/${mainScript}`, headers: browser })
  t.equal(main.headers['content-security-policy'], NON_DOCUMENT_CSP)
})

t.test('files from public/ are cached briefly, not forever', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/favicon.svg', headers: browser })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=3600')
})

t.test('HTML is never cached and is compressed when the browser accepts it', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/', headers: { ...browser, 'accept-encoding': 'gzip, br' } })
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(res.headers['content-encoding'], 'br')
  t.match(res.headers.vary, /accept-encoding/i)
  t.match(brotliDecompressSync(res.rawPayload).toString(), /<\/html>\s*$/)
  const gzip = await app.inject({ url: '/', headers: { ...browser, 'accept-encoding': 'gzip, br;q=0' } })
  t.equal(gzip.headers['content-encoding'], 'gzip')
  t.match(gunzipSync(gzip.rawPayload).toString(), /Hello there!/)
})

t.test("a page preloads its own chunks and the entry once each, at low priority: the paint waits for the stylesheet alone", async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/', headers: { ...browser, 'accept-encoding': 'identity' } })
  t.equal(res.statusCode, 200)
  const preloads = [...res.body.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0])
  const home = readdirSync('dist/client/assets').find((file) => /^home-.*\.js$/.test(file))!
  t.ok(preloads.some((link) => link.includes(`/assets/${home}`)), "the home page's chunk is preloaded")
  t.equal(preloads.filter((link) => link.includes(`/assets/${mainScript}`)).length, 1, 'the entry once')
  t.equal(new Set(preloads.map((link) => /href="([^"]+)"/.exec(link)![1])).size, preloads.length, 'no file twice')
  for (const link of preloads) t.match(link, 'fetchpriority="low"', link)
  t.match(res.body, /<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/, 'the stylesheet keeps its priority')
})
