// Helmet's security headers on every response; the Content-Security-Policy with
// per-request nonces only on HTML documents. JSON, static files and the rest are never documents
// that run scripts: they get a fixed policy that allows nothing.
import t from 'tap'
import { request as httpRequest, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApp, browser } from '../helpers/build-app.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { createNonces, createSecurityHeaders, NON_DOCUMENT_CSP } from '../../server/plugins/security.ts'

/** The production document policy, nonces written as N; the only frame it allows is the artifact sandbox (on inject()'s host). */
const POLICY_BEFORE_FRAMES =
  "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self' 'nonce-N';script-src-attr 'none';" +
  "style-src 'self' 'nonce-N';style-src-elem 'self' 'nonce-N';style-src-attr 'unsafe-inline';connect-src 'self' https://api.iconify.design"
const DOCUMENT_POLICY = `${POLICY_BEFORE_FRAMES};frame-src http://localhost:80/sandbox/artifact`

const HELMET_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
}

const nonces = (csp: string) => [...csp.matchAll(/'nonce-([a-f0-9]+)'/g)].map((match) => match[1]!)

t.test('HTML pages carry the document policy, with nonces of their own', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  await createChat(app, owner, 'A chat page', 'abc')
  for (const [url, status] of [['/', 200], ['/chat/abc', 200], ['/chat/missing', 404], ['/no-such-page', 404]] as const) {
    const res = await app.inject({ url, headers: owner.headers() })
    t.equal(res.statusCode, status)
    t.match(res.headers['content-type'], /^text\/html/)
    const csp = String(res.headers['content-security-policy'])
    t.equal(csp.replace(/'nonce-[a-f0-9]{32}'/g, "'nonce-N'"), DOCUMENT_POLICY, `${url}: the document policy`)
    const [script, style, styleElem] = nonces(csp)
    t.not(script, style, 'script and style nonces differ')
    t.equal(styleElem, style, 'a <style> element needs the style nonce')
    t.match(res.body, `<script nonce="${script}">`, `${url}: the inline scripts carry the script nonce`)
    t.match(res.body, `<meta name="style-nonce" content="${style}">`, `${url}: the page's scripts can read the style nonce`)
    t.match(res.headers, HELMET_HEADERS, `${url}: helmet's headers`)
  }
})

t.test('JSON, static files and health checks get the fixed policy and the same helmet headers', async (t) => {
  const { app } = await buildApp(t)
  for (const url of ['/api/_auth/session', '/_payload.json', '/chat/abc/_payload.json', '/healthz', '/favicon.svg', '/api/no-such-route']) {
    const res = await app.inject({ url, headers: browser })
    t.notMatch(res.headers['content-type'], /^text\/html/, `${url} is not a document`)
    t.equal(res.headers['content-security-policy'], NON_DOCUMENT_CSP, `${url}: nothing may load, no nonce`)
    t.match(res.headers, HELMET_HEADERS, `${url}: helmet's headers`)
  }
})

t.test('a URL the router cannot read gets the same headers, a request id and the JSON error shape', async (t) => {
  const { app } = await buildApp(t)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  // A real socket: an injected request would be parsed (and refused) before it reached the server.
  const get = (path: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers: browser }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    })
  for (const path of ['/%', '/%zz', '/api/chats/%E0%A4%A']) {
    const res = await get(path)
    t.equal(res.status, 400, `${path}: 400`)
    t.equal(res.headers['content-security-policy'], NON_DOCUMENT_CSP, `${path}: the fixed policy`)
    t.match(res.headers, HELMET_HEADERS, `${path}: helmet's headers`)
    t.match(res.headers['x-request-id'], /^[0-9a-f-]{36}$/, `${path}: a request id`)
    t.match(res.headers['content-type'], /^application\/json/)
    t.same(JSON.parse(res.body), { statusCode: 400, code: 'BAD_URL', message: 'The URL is not valid: a “%” in its path must be followed by two hexadecimal digits of a UTF-8 character.' })
  }
})

t.test('development keeps its differences: inline <style> from Vite, websockets for HMR, no HSTS', async (t) => {
  const production = createSecurityHeaders({ dev: false })
  const development = createSecurityHeaders({ dev: true })
  t.equal(production.documentPolicy({ script: 'N', style: 'N' }), `${POLICY_BEFORE_FRAMES};frame-src 'none'`, 'no sandbox URL: no frame at all')
  const policy = development.documentPolicy({ script: 'aaa', style: 'bbb' })
  t.match(policy, "script-src 'self' 'nonce-aaa';")
  t.match(policy, "style-src 'self' 'nonce-bbb';")
  t.match(policy, "style-src-elem 'self' 'unsafe-inline';")
  t.match(policy, "connect-src 'self' ws: wss: https://api.iconify.design")
  t.notMatch(policy, /script-src[^;]*unsafe-inline/)

  const headersOf = (headers: ReturnType<typeof createSecurityHeaders>) => {
    const set: Record<string, string> = {}
    const res = { setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value), removeHeader() {} }
    headers.applyHeaders({} as never, res as unknown as ServerResponse, () => {})
    return set
  }
  t.notOk('strict-transport-security' in headersOf(development), 'no HSTS in development')
  t.ok('strict-transport-security' in headersOf(production))
  t.notOk('content-security-policy' in headersOf(production), 'helmet itself sets no policy')
})

t.test('nonces are 128-bit hex and never repeat (drawn in batches from the system)', async (t) => {
  const seen = new Set<string>()
  // Several batches' worth, so refills are crossed.
  for (let i = 0; i < 1000; i++) {
    const { script, style } = createNonces()
    for (const nonce of [script, style]) {
      if (!/^[a-f0-9]{32}$/.test(nonce)) t.fail(`not 32 hex digits: ${nonce}`)
      seen.add(nonce)
    }
  }
  t.equal(seen.size, 2000)
})
