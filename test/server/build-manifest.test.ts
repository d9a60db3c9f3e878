// The update check's files (docs/product-contract.md). latest.json names the running build and is never served
// stale; meta/{id}.json describes that build and is cached for good; an unknown id is a JSON 404.
// The page says which build it runs, so the browser can compare.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { buildApp, browser } from '../helpers/build-app.ts'
import { metaContent } from '../helpers/html.ts'

const built = JSON.parse(readFileSync('dist/build.json', 'utf8')) as { id: string; timestamp: number }

t.test('npm run build names the build: an id and a timestamp in dist/build.json', async (t) => {
  t.match(built.id, /^[0-9a-f]{20}$/)
  t.ok(Number.isInteger(built.timestamp) && built.timestamp > 0)
})

t.test('latest.json answers the running build and must be revalidated', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/_nuxt/builds/latest.json', headers: browser })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.equal(res.headers['cache-control'], 'no-cache')
  t.same(res.json(), { id: built.id, timestamp: built.timestamp })
})

t.test('meta/{id}.json of the running build is immutable', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: `/_nuxt/builds/meta/${built.id}.json`, headers: browser })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.same(res.json(), { id: built.id, timestamp: built.timestamp, prerendered: [] })
})

t.test('the meta of an unknown build is a JSON 404 that is not cached', async (t) => {
  const { app } = await buildApp(t)
  for (const file of ['0123456789abcdef0123.json', `${built.id}.txt`, built.id]) {
    const res = await app.inject({ url: `/_nuxt/builds/meta/${file}`, headers: browser })
    t.equal(res.statusCode, 404, file)
    t.equal(res.headers['cache-control'], 'no-store')
    t.same(res.json(), { statusCode: 404, code: 'BUILD_NOT_FOUND', message: `Unknown build: ${file.replace(/\.json$/, '')}` })
  }
})

t.test('every page names the build it was rendered by', async (t) => {
  const { app } = await buildApp(t)
  for (const url of ['/', '/chat/abc', '/no/such/page']) {
    const res = await app.inject({ url, headers: browser })
    t.same(metaContent(res.body, 'name', 'build-id'), [built.id], url)
  }
})

t.test('in development each process is its own build', async (t) => {
  // Development needs Vite's dev server; the build info alone is checked through its factory.
  const { createBuildInfo } = await import('../../server/plugins/builds.ts')
  const a = createBuildInfo({ root: '.', dev: true })
  const b = createBuildInfo({ root: '.', dev: true })
  t.equal(a.source, 'development')
  t.match(a.info.id, /^dev-[A-Za-z0-9_-]+$/)
  t.not(a.info.id, b.info.id)
})

t.test('a production build without dist/build.json still runs, with a per-process id', async (t) => {
  const { createBuildInfo } = await import('../../server/plugins/builds.ts')
  const missing = createBuildInfo({ root: '/nowhere', dev: false })
  t.equal(missing.source, 'missing')
  t.match(missing.info.id, /^dev-/)
  const invalid = createBuildInfo({ root: '.', dev: false, readFile: () => '{"id":"../../etc","timestamp":1}' })
  t.equal(invalid.source, 'missing', 'an id that is not a plain token is not trusted')
  const valid = createBuildInfo({ root: '.', dev: false, readFile: () => '{"id":"abc123","timestamp":5}' })
  t.same(valid, { info: { id: 'abc123', timestamp: 5 }, source: 'file' })
})
