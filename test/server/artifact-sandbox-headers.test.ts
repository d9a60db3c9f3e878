// The artifact sandbox's headers: its page allows no network, only its own scripts and inline code,
// is an opaque origin by its own policy and may be framed by the app alone; the app's pages may
// frame that page and nothing else (ARTIFACTS_ORIGIN's when set); a version opened in a tab of its
// own is owner-checked and served under the same no-network sandbox policy.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { loadConfig } from '../../fastify.config.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import type { ArtifactKind } from '../../shared/artifacts.ts'

const directives = (csp: string) => new Map(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]))

t.test('the sandbox page: no network, its own scripts, an opaque origin, framed by the app only', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/sandbox/artifact' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/html/)
  const csp = directives(String(res.headers['content-security-policy']))
  t.equal(csp.get('sandbox'), 'allow-scripts', 'an opaque origin even when opened without the iframe')
  t.equal(csp.get('default-src'), "'none'")
  t.equal(csp.get('connect-src'), "'none'")
  t.equal(csp.get('img-src'), 'data: blob:')
  t.equal(csp.get('font-src'), 'data:')
  t.equal(csp.get('style-src'), "'unsafe-inline'")
  t.equal(csp.get('form-action'), "'none'")
  t.equal(csp.get('base-uri'), "'none'")
  t.equal(csp.get('frame-src'), "'none'")
  t.equal(csp.get('object-src'), "'none'")
  t.equal(csp.get('worker-src'), "'none'")
  t.equal(csp.get('frame-ancestors'), 'http://localhost:80', "the app's origin only")
  const scripts = csp.get('script-src')!.split(' ')
  t.equal(scripts[0], "'unsafe-inline'", "the artifact's inline code")
  t.match(scripts.slice(1), [/^http:\/\/localhost:80\/assets\/sandbox-bootstrap-[\w-]+\.js$/, /^http:\/\/localhost:80\/assets\/sandbox-runtime-[\w-]+\.js$/])
  t.notOk(scripts.includes("'self'") || scripts.includes("'unsafe-eval'"), "no 'self' (the app's own scripts), no eval")
  t.equal(res.headers['referrer-policy'], 'no-referrer')
  t.equal(res.headers['x-content-type-options'], 'nosniff')
  t.equal(res.headers['x-frame-options'], undefined, 'frame-ancestors decides who frames it')
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) t.match(res.headers['permissions-policy'], `${feature}=()`)
  t.match(res.body, /<script src="http:\/\/localhost:80\/assets\/sandbox-bootstrap-[\w-]+\.js" data-runtime="http:\/\/localhost:80\/assets\/sandbox-runtime-[\w-]+\.js"><\/script>/)

  // The runtime loads into that opaque origin: a cross-origin load to helmet's CORP.
  const file = scripts[1]!.replace('http://localhost:80', '')
  const script = await app.inject({ url: file })
  t.equal(script.statusCode, 200)
  t.equal(script.headers['cross-origin-resource-policy'], 'cross-origin')
  const favicon = await app.inject({ url: '/favicon.svg' })
  t.equal(favicon.headers['cross-origin-resource-policy'], 'same-origin', 'other files stay same-origin')

  const badHost = await app.inject({ url: '/sandbox/artifact', headers: { host: 'evil.example;script-src *' } })
  t.match([badHost.statusCode, badHost.json().code], [400, 'BAD_HOST'])
})

t.test("the app's pages may frame the sandbox page and nothing else", async (t) => {
  const { app } = await buildApp(t)
  const page = await app.inject({ url: '/' })
  t.equal(directives(String(page.headers['content-security-policy'])).get('frame-src'), 'http://localhost:80/sandbox/artifact')

  const split = await buildApp(t, { PUBLIC_URL: 'https://chat.example.com', ARTIFACTS_ORIGIN: 'https://artifacts.example.com' })
  const appPage = await split.app.inject({ url: '/', headers: { host: 'chat.example.com' } })
  t.equal(directives(String(appPage.headers['content-security-policy'])).get('frame-src'), 'https://artifacts.example.com/sandbox/artifact')
  t.match(appPage.body, '"artifactsOrigin":"https://artifacts.example.com"', 'the page state tells the client where the sandbox is')
  const sandbox = await split.app.inject({ url: '/sandbox/artifact', headers: { host: 'artifacts.example.com' } })
  const csp = directives(String(sandbox.headers['content-security-policy']))
  t.equal(csp.get('frame-ancestors'), 'https://chat.example.com', 'framed by the app on its own host name')
  t.match(csp.get('script-src'), /^'unsafe-inline' http:\/\/artifacts\.example\.com\/assets\/sandbox-bootstrap-/, "scripts of the sandbox's host")
})

async function chatWith(app: FastifyInstance, v: Visitor, kind: ArtifactKind, content: string) {
  const chatId = (await createChat(app, v, 'Make something')).json().id as string
  const [messageId] = await app.artifacts.pathOf(chatId)
  const artifact = await app.artifacts.create({ chatId, messageId: messageId!, kind, title: 'Thing', content, author: 'model' })
  return { chatId, artifactId: artifact.artifactId }
}

t.test('a version in a tab of its own: owner-checked, an opaque origin with no network', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  const html = await chatWith(app, ada, 'html', '<h1>Hi</h1><script>fetch("/api/chats")</script>')
  const view = await app.inject({ url: `/sandbox/view/${html.chatId}/${html.artifactId}?version=1`, headers: ada.headers() })
  t.equal(view.statusCode, 200)
  t.match(view.headers['content-type'], /^text\/html/)
  t.equal(view.body, '<h1>Hi</h1><script>fetch("/api/chats")</script>')
  const csp = directives(String(view.headers['content-security-policy']))
  t.equal(csp.get('sandbox'), 'allow-scripts', 'the tab is an opaque origin: no cookies, no same-origin API calls')
  t.equal(csp.get('connect-src'), "'none'")
  t.equal(csp.get('script-src'), "'unsafe-inline'")
  t.equal(csp.get('frame-ancestors'), "'none'")
  t.equal(view.headers['referrer-policy'], 'no-referrer')

  const other = visitor()
  const refused = await app.inject({ url: `/sandbox/view/${html.chatId}/${html.artifactId}`, headers: other.headers() })
  t.match([refused.statusCode, refused.json().code], [404, 'CHAT_NOT_FOUND'], "another visitor cannot tell it exists")
  t.equal((await app.inject({ url: `/sandbox/view/${html.chatId}/${html.artifactId}?version=7`, headers: ada.headers() })).statusCode, 404)
  t.equal((await app.inject({ url: `/sandbox/view/${html.chatId}/${html.artifactId}?version=zero`, headers: ada.headers() })).statusCode, 400)
  await app.inject({ method: 'PATCH', url: `/api/chats/${html.chatId}`, headers: ada.headers(true), payload: { visibility: 'public' } })
  t.equal((await app.inject({ url: `/sandbox/view/${html.chatId}/${html.artifactId}`, headers: other.headers() })).statusCode, 200, "a public chat's artifact is readable")

  const svg = await chatWith(app, ada, 'svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
  const svgView = await app.inject({ url: `/sandbox/view/${svg.chatId}/${svg.artifactId}`, headers: ada.headers() })
  t.match(svgView.headers['content-type'], /^image\/svg\+xml/)
  t.equal(directives(String(svgView.headers['content-security-policy'])).get('script-src'), "'none'", 'an SVG runs no script')

  const react = await chatWith(app, ada, 'react', 'export default () => <p>{"</script><script>alert(1)</script>"}</p>')
  const reactView = await app.inject({ url: `/sandbox/view/${react.chatId}/${react.artifactId}`, headers: ada.headers() })
  t.equal(reactView.statusCode, 200)
  t.notMatch(reactView.body, '</script><script>alert(1)', 'the content cannot close its script element')
  t.match(reactView.body, '<script type="application/json" id="artifact-content">')

  const doc = await chatWith(app, ada, 'document', '# Notes')
  const docView = await app.inject({ url: `/sandbox/view/${doc.chatId}/${doc.artifactId}`, headers: ada.headers() })
  t.match([docView.statusCode, docView.json().code, docView.json().message], [400, 'ARTIFACT_NOT_VIEWABLE', /only html, svg and react/])
})

t.test('ARTIFACTS_ORIGIN takes an origin, and needs PUBLIC_URL (the one page the sandbox lets embed it)', async (t) => {
  const env = (values: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_KEY: TEST_SESSION_KEY, DATABASE_PATH: ':memory:', ...values })
  t.equal(env({ PUBLIC_URL: 'https://chat.example.com', ARTIFACTS_ORIGIN: 'https://artifacts.example.com/' }).artifacts.origin, 'https://artifacts.example.com')
  t.equal(env({}).artifacts.origin, null, 'unset: the opaque-origin frame of this server')
  t.throws(() => env({ ARTIFACTS_ORIGIN: 'https://artifacts.example.com' }), { message: /ARTIFACTS_ORIGIN needs PUBLIC_URL/ })
  for (const bad of ['https://artifacts.example.com/sandbox', 'http://artifacts.example.com', 'artifacts.example.com']) {
    t.throws(() => env({ PUBLIC_URL: 'https://chat.example.com', ARTIFACTS_ORIGIN: bad }), { message: /ARTIFACTS_ORIGIN: .* is not an origin/ }, bad)
  }
})
