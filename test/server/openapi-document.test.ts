// The documented API: /api/openapi.json is OpenAPI 3.1 generated from the routes; every
// registered /api route is in it with a summary, its errors, and examples that are themselves valid;
// the responses of a real session through the API validate against it; /api/docs renders.
import t from 'tap'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Test } from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { readSession, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'
import { registeredRoutes } from '../helpers/registered-routes.ts'

type Media = { schema: Record<string, unknown>; example?: unknown; examples?: Record<string, { value: unknown }> }
type Operation = { summary?: string; tags?: string[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

/** `METHOD /path/{param}` of every /api route Fastify has. */
function registeredApiRoutes(app: FastifyInstance): string[] {
  return registeredRoutes(app)
    .filter(({ method, path }) => path.startsWith('/api/') && !path.startsWith('/api/docs') && method !== 'HEAD')
    .map(({ method, path }) => `${method} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })

/** An administrator's browser (the admin API is documented for administrators only). */
async function administrator(app: FastifyInstance): Promise<Visitor> {
  const admin = visitor()
  admin.cookie = (await signInAdmin(app, 'boss@example.com')).cookie
  return admin
}

t.test('every /api route is documented with a summary, a tag, its errors and valid examples', async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com' })
  const res = await app.inject({ url: '/api/openapi.json', headers: (await administrator(app)).headers() })
  t.equal(res.statusCode, 200)
  const doc = res.json() as Document
  t.equal(doc.openapi, '3.1.0')
  const routes = registeredApiRoutes(app)
  t.ok(routes.length > 50, `${routes.length} routes`)
  for (const route of routes) {
    const [method, path] = route.split(' ') as [string, string]
    const operation = doc.paths[path]?.[method.toLowerCase()]
    if (!operation) {
      t.fail(`${route} is not in the document`)
      continue
    }
    t.ok(operation.summary && operation.tags?.length, `${route}: a summary and a tag`)
    const statuses = Object.keys(operation.responses)
    t.ok(statuses.some((status) => /^2/.test(status)), `${route}: its success`)
    const takesInput = path.includes('{') || operation.requestBody
    if (takesInput && route !== 'POST /api/import' && route !== 'POST /api/files') t.ok(statuses.includes('400'), `${route}: 400 for bad input`)
    const media = operation.requestBody?.content['application/json']
    const body = media?.schema
    if (body) {
      const examples = media.example !== undefined ? [media.example] : Object.values(media.examples ?? {}).map((example) => example.value)
      t.ok(examples?.length, `${route}: an example body`)
      for (const example of examples ?? []) t.ok(ajv.validate(body, example), `${route}: its example is valid (${ajv.errorsText()})`)
    }
  }
  const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
  t.same(documented.filter((route) => !routes.includes(route)), [], 'and nothing documented that does not exist')
  t.notOk(Object.keys(doc.paths).some((path) => !path.startsWith('/api/')), 'pages, sign-in redirects, health and metrics are not in it')
})

/** Checks a response against the document: its status is documented, its JSON body fits the schema. */
function validator(t: Test, doc: Document) {
  const templates = Object.keys(doc.paths).map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`) }))
  const seen = new Set<string>()
  return {
    seen,
    check(method: string, url: string, res: LightMyRequestResponse) {
      const pathname = url.split('?')[0]!
      // The most specific template: /api/chats/search before /api/chats/{id}.
      const template = templates.filter((entry) => entry.pattern.test(pathname)).sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0]
      const operation = template && doc.paths[template.path]![method.toLowerCase()]
      if (!operation) return t.fail(`${method} ${pathname}: no operation in the document`)
      const route = `${method} ${template.path} → ${res.statusCode}`
      seen.add(`${method} ${template.path}`)
      const response = operation.responses[String(res.statusCode)] ?? operation.responses[`${String(res.statusCode)[0]}XX`]
      if (!response) return t.fail(`${route}: the status is not documented`)
      const schema = response.content?.['application/json']?.schema
      if (!schema || !String(res.headers['content-type'] ?? '').includes('json')) return t.pass(route)
      t.ok(ajv.validate(schema, res.json()), `${route}: the body fits (${ajv.errorsText()})`)
    },
  }
}

t.test('the responses of a real session validate against the document', async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com', OFFLINE_TOKEN_DELAY_MS: '0' })
  const admin = await administrator(app)
  const doc = (await app.inject({ url: '/api/openapi.json', headers: admin.headers() })).json() as Document
  const { check, seen } = validator(t, doc)
  const call = async (v: Visitor | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method, url, headers: { ...(v ? v.headers(payload !== undefined) : {}), ...headers }, payload })
    check(method, url, res)
    return res
  }

  const anonymous = visitor()
  await call(anonymous, 'GET', '/api/_auth/session')
  await call(anonymous, 'GET', '/api/auth/providers')
  await call(anonymous, 'GET', '/api/models')
  await call(anonymous, 'GET', '/api/tools')
  await call(anonymous, 'GET', '/api/settings')
  await call(anonymous, 'GET', '/api/tokens')
  await call(anonymous, 'GET', '/api/admin/users')
  await call(anonymous, 'POST', '/api/auth/local/sign-in', { email: 'nobody@example.com', password: 'wrong password here' })

  const ada = visitor()
  ada.cookie = (await signUp(app)).cookie
  await call(ada, 'POST', '/api/auth/local/sign-up', { email: 'ada@example.com', password: 'correct horse battery' })
  await call(ada, 'GET', '/api/_auth/session')
  const chat = await createChat(app, ada, 'Tell me about tides')
  check('POST', '/api/chats', chat)
  const chatId = chat.json().id as string
  const opened = await call(ada, 'GET', `/api/chats/${chatId}`)
  const question = opened.json().messages[0]
  await call(ada, 'POST', `/api/chats/${chatId}`, { messages: [question] })
  await app.answers.get(chatId)?.settled
  await call(ada, 'GET', `/api/chats/${chatId}/stream`)
  await call(ada, 'GET', '/api/chats')
  await call(ada, 'GET', '/api/chats?cursor=nonsense')
  await call(ada, 'GET', '/api/chats/search?q=tides')
  await call(ada, 'PATCH', `/api/chats/${chatId}`, { title: 'Tides', pinned: true })
  await call(ada, 'PATCH', `/api/chats/${chatId}`, { title: '' })
  await call(ada, 'GET', `/api/chats/${chatId}/votes`)
  const answer = (await app.inject({ url: `/api/chats/${chatId}`, headers: ada.headers() })).json().messages[1]
  await call(ada, 'POST', `/api/chats/${chatId}/votes`, { messageId: answer.id, value: 'up' })
  await call(ada, 'GET', `/api/chats/${chatId}/export?format=json`)
  await call(ada, 'POST', `/api/chats/${chatId}/stop`, {})
  await call(ada, 'POST', `/api/chats/${chatId}/branch`, { messageId: answer.id })
  await call(ada, 'DELETE', `/api/chats/${chatId}/messages`, { messageId: question.id, type: 'regenerate' })
  await call(ada, 'GET', '/api/chats/00000000-0000-4000-8000-000000000000')
  await call(ada, 'PATCH', '/api/settings', { instructions: 'Be brief.' })
  const project = await call(ada, 'POST', '/api/projects', { name: 'Thesis' })
  const projectId = project.json().id as string
  await call(ada, 'GET', '/api/projects')
  await call(ada, 'GET', `/api/projects/${projectId}`)
  await call(ada, 'PATCH', `/api/projects/${projectId}`, { instructions: 'Cite sources.' })
  await call(ada, 'GET', `/api/projects/${projectId}/files`)
  await call(ada, 'POST', `/api/projects/${projectId}/files`, { fileId: 'nope' })
  await call(ada, 'DELETE', `/api/projects/${projectId}`)
  await call(ada, 'GET', '/api/files/nope')
  const token = await call(ada, 'POST', '/api/tokens', { name: 'script' })
  await call(ada, 'GET', '/api/tokens')
  await call(null, 'GET', '/api/chats', undefined, { authorization: `Bearer ${token.json().token}` })
  await call(null, 'GET', '/api/chats', undefined, { authorization: 'Bearer chat_wrong' })
  await call(null, 'POST', '/api/tokens', {}, { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' })
  await call(ada, 'DELETE', `/api/tokens/${token.json().apiToken.id}`)
  await call(ada, 'POST', '/api/account/password', { currentPassword: 'wrong one', newPassword: 'another good passphrase' })
  await call(ada, 'DELETE', `/api/chats/${chatId}`)

  const adaId = (await readSession(app, ada.cookie)).json().user.id as string
  await call(admin, 'GET', '/api/admin/users')
  await call(admin, 'GET', '/api/admin/users?q=ada')
  await call(admin, 'GET', '/api/admin/usage')
  await call(admin, 'POST', `/api/admin/users/${adaId}/quota`, { tokensPerDay: 1000 })
  await call(admin, 'POST', `/api/admin/users/${adaId}/admin`, { admin: true })
  await call(admin, 'POST', `/api/admin/users/${adaId}/sign-out`)
  await call(admin, 'POST', `/api/admin/users/${adaId}/disable`)
  await call(admin, 'POST', `/api/admin/users/${adaId}/enable`)
  await call(admin, 'POST', '/api/admin/users/nobody/enable')
  await call(admin, 'GET', '/api/admin/audit')
  await call(admin, 'DELETE', `/api/admin/users/${adaId}`, { confirm: 'ada@example.com' })
  await call(admin, 'DELETE', '/api/chats', { confirm: 'delete all chats' })
  await call(admin, 'POST', '/api/account/sign-out-everywhere')
  await call(anonymous, 'DELETE', '/api/_auth/session')
  await call(null, 'GET', '/api/openapi.json')
  t.ok(seen.size >= 45, `${seen.size} operations exercised`)
})

t.test('the API reference renders: Swagger UI with its own strict page policy, pointed at the document', async (t) => {
  const { app } = await buildApp(t)
  const page = await app.inject({ url: '/api/docs/' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], 'text/html')
  t.match(page.body, '<title>Chat API reference</title>')
  t.match(page.headers['content-security-policy'], "script-src 'self';")
  const initializer = await app.inject({ url: '/api/docs/static/swagger-initializer.js' })
  t.equal(initializer.statusCode, 200)
  t.match(initializer.body, "resolveUrl('./json')")
  const json = await app.inject({ url: '/api/docs/json' })
  t.equal(json.json().openapi, '3.1.0', 'the reference reads the same document')
})

t.test('the admin API is in the document for administrators only, as it answers 404 to everyone else', async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com' })
  const admin = await administrator(app)
  const ada = visitor()
  ada.cookie = (await signUp(app)).cookie
  const adminsToken = (await app.inject({ method: 'POST', url: '/api/tokens', headers: admin.headers(true), payload: { name: 'script' } })).json().token as string
  const adminPaths = (doc: Document) => Object.keys(doc.paths).filter((path) => path.startsWith('/api/admin'))
  for (const url of ['/api/openapi.json', '/api/docs/json']) {
    for (const [who, headers] of [['a visitor', {}], ['a user', ada.headers()], ["an administrator's API token", { authorization: `Bearer ${adminsToken}` }]] as const) {
      const res = await app.inject({ url, headers })
      t.equal(res.statusCode, 200, `${url} for ${who}`)
      t.equal(res.headers['cache-control'], 'no-store', `${url} for ${who}: not cached (it depends on who asks)`)
      const doc = res.json() as Document
      t.same(adminPaths(doc), [], `${url} for ${who}: no admin path`)
      t.notMatch(res.body, '/api/admin', `${url} for ${who}: the admin API is not named anywhere`)
      t.ok(doc.paths['/api/chats'], `${url} for ${who}: the rest is there`)
    }
    const res = await app.inject({ url, headers: admin.headers() })
    t.ok(adminPaths(res.json() as Document).length >= 8, `${url} for an administrator: the admin API is documented`)
  }
  const yaml = await app.inject({ url: '/api/docs/yaml' })
  t.equal(yaml.statusCode, 200)
  t.notMatch(yaml.body, '/api/admin', 'nor in the YAML copy')
})
