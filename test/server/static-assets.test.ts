// Hashed assets: long-lived immutable caching and precompressed bodies. HTML: never cached,
// compressed on the fly. JSON: compressed when large.
import t from 'tap'
import { readdirSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { buildApp, browser } from '../helpers/build-app.ts'
import { NON_DOCUMENT_CSP } from '../../server/plugins/security.ts'
import { WORKER_CSP } from '../../server/plugins/render.ts'
import { createChat, visitor } from '../helpers/chat.ts'

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

t.test("the sidebar's list comes with the page once the visitor has a chat to list, not on a first visit", async (t) => {
  const { app } = await buildApp(t)
  const rows = readdirSync('dist/client/assets').find((file) => /^chat-history-content-.*\.js$/.test(file))!
  t.ok(rows, 'the list is a chunk of its own')
  const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1])
  const v = visitor()
  const first = await app.inject({ url: '/', headers: { ...v.headers(), 'accept-encoding': 'identity' } })
  t.notOk(preloaded(first.body).includes(`/assets/${rows}`), 'a first visit: no rows to draw, the list chunk comes later')
  // What shows before any script has run: the list's frame, not a skeleton.
  t.match(first.body, 'No chats yet.', "a first visit: the server draws the list's empty state")
  t.match(first.body, '>New project</button>', 'and New project')
  t.notMatch(first.body, 'Loading chats…', 'no skeleton')
  t.equal((await createChat(app, v, 'Listed in the sidebar')).statusCode, 201)
  const again = await app.inject({ url: '/', headers: { ...v.headers(), 'accept-encoding': 'identity' } })
  t.ok(preloaded(again.body).includes(`/assets/${rows}`), 'with a chat: the list chunk is preloaded with the page')
  // Date groups need the viewer's clock: rows are drawn in the browser, a skeleton until then.
  t.match(again.body, 'Loading chats…', 'with a chat: the skeleton')
  t.notMatch(again.body, 'No chats yet.', 'not the empty state')
  t.equal(new Set(preloaded(again.body)).size, preloaded(again.body).length, 'no file twice')
  const stranger = await app.inject({ url: '/', headers: { ...visitor().headers(), 'accept-encoding': 'identity' } })
  t.notOk(preloaded(stranger.body).includes(`/assets/${rows}`), "another visitor's first visit is not changed by the cached render")
})

t.test("the home page links the shell's stylesheet; every other page, and an error, the whole sheet instead", async (t) => {
  const { app } = await buildApp(t)
  const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1])
  const shell = readdirSync('dist/client/assets').find((file) => /^index-.*\.css$/.test(file))!
  const whole = readdirSync('dist/client/assets').find((file) => /^styles-.*\.css$/.test(file))!
  const v = visitor()
  const home = await app.inject({ url: '/', headers: { ...v.headers(), 'accept-encoding': 'identity' } })
  t.same(stylesheets(home.body), [`/assets/${shell}`], 'the home page: the shell only')
  const created = await createChat(app, v, 'A chat to open')
  t.equal(created.statusCode, 201)
  const { id } = created.json() as { id: string }
  const chat = await app.inject({ url: `/chat/${id}`, headers: { ...v.headers(), 'accept-encoding': 'identity' } })
  t.equal(chat.statusCode, 200)
  t.same(stylesheets(chat.body), [`/assets/${whole}`], 'a chat: the whole sheet only')
  const missing = await app.inject({ url: '/chat/00000000-0000-4000-8000-000000000000', headers: { ...v.headers(), 'accept-encoding': 'identity' } })
  t.equal(missing.statusCode, 404)
  t.same(stylesheets(missing.body), [`/assets/${whole}`], 'an error page: the whole sheet')
  const sheet = await app.inject({ url: `/assets/${whole}`, headers: browser })
  t.equal(sheet.statusCode, 200)
  t.match(sheet.headers['content-type'], /text\/css/)
  t.match(sheet.body, '.markdown', "the answers' Markdown rules are in the whole sheet")
  const shellSheet = await app.inject({ url: `/assets/${shell}`, headers: browser })
  t.notMatch(shellSheet.body, '.markdown', 'and not in the shell')
})
