// A leaked personal API token must not manage the account or its tokens, sign in or import by any
// spelling of those paths: the refusal follows the route the router matched, not the URL's text.
// Every route under the barred prefixes (enumerated from the app, so a new one is covered) is tried
// over a real socket (no client normalises the path) with percent-encoded characters, encoded and
// doubled slashes, dot segments, a trailing slash and other letter cases: each is refused (403
// TOKEN_NOT_ALLOWED) or reaches no route (404), and nothing the token could have changed changed.
import t from 'tap'
import { request as httpRequest, Agent } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../helpers/build-app.ts'
import { visitor } from '../helpers/chat.ts'
import { readSession, sameOriginJson, signUp } from '../helpers/session.ts'
import { registeredRoutes } from '../helpers/registered-routes.ts'
import { NOT_FOR_TOKENS } from '../../server/plugins/session.ts'
import { ACCOUNT_DELETE_CONFIRMATION } from '../../shared/auth.ts'

const PASSWORD = 'correct horse battery'

const encode = (char: string, lower = false) => {
  const hex = `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`
  return lower ? hex : hex.toUpperCase()
}

/** The ways one path can be written that a router or a proxy might take for the same route. */
function spellings(path: string): string[] {
  const out = new Set<string>([path])
  const chars = [...path]
  chars.forEach((char, i) => {
    const at = (replacement: string) => out.add(chars.slice(0, i).join('') + replacement + chars.slice(i + 1).join(''))
    if (char === '/') {
      if (i > 0) {
        at('%2F')
        at('%2f')
      }
      at('//')
      at('/./')
      at('/%2e/')
      at('/x/../')
      at('/x/%2e%2e/')
    } else {
      at(encode(char))
      if (/[a-z]/i.test(char)) {
        at(encode(char, true))
        at(char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())
      }
    }
  })
  out.add(chars.map((char) => (char === '/' ? char : encode(char))).join(''))
  out.add(path.toUpperCase())
  out.add(path.replace(/\/(.)/g, (_m, first: string) => `/${first.toUpperCase()}`))
  for (const tail of ['/', '//', '/.', '/%2e', '%2F', '?x=1', '#x']) out.add(path + tail)
  out.add(`/${path}`)
  return [...out]
}

t.test('a token reaches no barred route by any spelling of its path', async (t) => {
  const { app } = await buildApp(t)
  const ada = visitor()
  ada.cookie = (await signUp(app, 'ada@example.com', PASSWORD)).cookie
  const made = async (name: string) => (await app.inject({ method: 'POST', url: '/api/tokens', headers: ada.headers(true), payload: { name } })).json()
  const { token } = await made('Leaked')
  const other = (await made('Another')).apiToken.id as string
  const adaId = (await readSession(app, ada.cookie)).json().user.id as string

  const barred = registeredRoutes(app).filter(({ path }) => NOT_FOR_TOKENS.some((prefix) => path.startsWith(prefix)))
  const names = barred.map(({ method, path }) => `${method} ${path}`)
  for (const known of ['DELETE /api/account', 'POST /api/account/password', 'POST /api/account/sign-out-everywhere', 'GET /api/tokens', 'POST /api/tokens', 'DELETE /api/tokens/:id', 'POST /api/import', 'POST /api/auth/local/sign-up']) {
    t.ok(names.includes(known), `${known} is among the barred routes`)
  }

  // What each route would need to do harm, were it reached.
  const bodies: Record<string, unknown> = {
    'DELETE /api/account': { confirm: ACCOUNT_DELETE_CONFIRMATION },
    'POST /api/account/password': { currentPassword: PASSWORD, newPassword: 'a different long passphrase 42' },
    'POST /api/tokens': { name: 'Minted by the leak' },
    'POST /api/auth/local/sign-in': { email: 'ada@example.com', password: PASSWORD },
    'POST /api/auth/local/sign-up': { email: 'mallory@example.com', password: PASSWORD, name: 'Mallory' },
  }
  // A real token of Ada's to revoke; an import id (none exists: a handler would answer its own 404).
  const params: Record<string, string> = { '/api/tokens/:id': `/api/tokens/${other}`, '/api/import/:id': '/api/import/00000000-0000-4000-8000-000000000000' }

  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  t.teardown(() => agent.destroy())
  const send = (method: string, path: string, body: unknown) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) }
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), body: text }))
      })
      req.on('error', reject)
      req.end(payload)
    })

  let tried = 0
  const reached: string[] = []
  for (const { method, path: declared } of barred) {
    const path = params[declared] ?? declared
    const body = bodies[`${method} ${declared}`] ?? (method === 'POST' ? {} : undefined)
    for (const spelling of spellings(path)) {
      tried++
      const res = await send(method, spelling, body)
      const code = res.type.includes('json') && res.body ? (JSON.parse(res.body) as { code?: string }).code : undefined
      // A HEAD answer has no body to name its code: its status alone must say it was stopped.
      const head = method === 'HEAD'
      const refused = res.status === 403 && (code === 'TOKEN_NOT_ALLOWED' || head)
      const noRoute = res.status === 404 && (code === undefined || code === 'NOT_FOUND')
      if (!refused && !noRoute) reached.push(`${method} ${spelling} -> ${res.status} ${code ?? res.body.slice(0, 60)}`)
    }
  }
  t.ok(tried > 500, `${tried} spellings of ${barred.length} routes tried`)
  t.same(reached, [], 'no spelling of a barred route got past the token check')

  t.ok(await app.db.selectFrom('users').select('id').where('id', '=', adaId).executeTakeFirst(), 'the account still exists')
  t.equal((await app.db.selectFrom('users').select('id').execute()).length, 1, 'nobody signed up')
  t.equal((await app.db.selectFrom('api_tokens').select('id').where('user_id', '=', adaId).execute()).length, 2, 'no token minted, none revoked')
  t.equal((await app.db.selectFrom('imports').select('id').execute()).length, 0, 'nothing imported')
  t.equal((await readSession(app, ada.cookie)).json().user?.id, adaId, 'the browser session was not signed out')
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: PASSWORD } })
  t.equal(signIn.statusCode, 200, 'the password is unchanged')
})
