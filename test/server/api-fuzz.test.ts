// Every API route, thrown random input (property-based, fast-check): whatever a same-origin browser
// sends (any JSON, wrong types under the right keys, huge strings, odd ids, odd query strings), the
// answer is never a 5xx, and an error is always the JSON `{ statusCode, code, message }`.
import t from 'tap'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor, type Visitor } from '../helpers/chat.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'
import { startRequestTrap } from '../helpers/request-trap.ts'

const RUNS = 100

/** Throws (so fast-check shrinks and reports the input) unless the answer is sane. */
function assertSane(request: InjectOptions, res: LightMyRequestResponse) {
  const where = `${request.method} ${String(request.url).slice(0, 200)}`
  if (res.statusCode >= 500) throw new Error(`${where} answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
  if (res.statusCode < 400) return
  let body: unknown
  try {
    body = res.json()
  } catch {
    throw new Error(`${where} answered ${res.statusCode} without a JSON body: ${res.body.slice(0, 300)}`)
  }
  const { statusCode, code, message } = body as Record<string, unknown>
  if (statusCode !== res.statusCode || typeof code !== 'string' || typeof message !== 'string') {
    throw new Error(`${where} answered ${res.statusCode} with ${res.body.slice(0, 300)}`)
  }
}

/** encodeURIComponent throws on lone surrogates (a client could not send them anyway). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

// --- what gets thrown -------------------------------------------------------------------------

const hugeString = fc.integer({ min: 10_000, max: 100_000 }).map((n) => 'x'.repeat(n))
const nasty = fc.constantFrom('', '\u0000', '\u0000x', '\uD800', '💥', 'null', '[]', '{}', '../../etc/passwd', 'a/b', '%', '%00', '%zz', ' ', '\n')
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), nasty) },
  { weight: 1, arbitrary: hugeString },
)
/** Values of the wrong type (and, now and then, the right one). */
const anyValue = fc.oneof(anyString, fc.anything(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(anyString, { maxLength: 3 }))

const textPart = fc.record({ type: fc.oneof(fc.constant('text'), anyValue), text: anyValue }, { requiredKeys: [] })
/** What a user must not be able to send: parts that name a URL (set per run: a listener that must hear nothing) or pass for the model's. */
let trapUrl = 'http://127.0.0.1:9/'
const foreignPart = fc.oneof(
  fc.constantFrom('image/png', 'application/pdf', 'text/plain').map((mediaType) => ({ type: 'file', mediaType, url: trapUrl })),
  fc.constant(null).map(() => ({ type: 'file', mediaType: 'image/png', url: `${trapUrl}big.png`, filename: 'x.png' })),
  fc.record({ type: fc.constant('reasoning'), text: anyString }),
  fc.record({ type: fc.constantFrom('tool-weather', 'dynamic-tool', 'source-url', 'data-x', 'step-start'), toolCallId: anyString, state: fc.constant('output-available'), output: anyValue, url: fc.constant(trapUrl) }),
)
const anyPart = fc.oneof({ weight: 3, arbitrary: textPart }, { weight: 1, arbitrary: foreignPart })
const message = fc.record(
  { id: anyValue, role: fc.oneof(fc.constantFrom('user', 'assistant', 'system'), anyValue), parts: fc.oneof(fc.array(anyPart, { maxLength: 3 }), anyValue) },
  { requiredKeys: [] },
)
const shapes = {
  createChat: fc.record({ id: anyValue, message: fc.oneof(message, anyValue), model: anyValue }, { requiredKeys: [] }),
  patchChat: fc.record({ title: anyValue, visibility: fc.oneof(fc.constantFrom('public', 'private'), anyValue) }, { requiredKeys: [] }),
  send: fc.record(
    {
      id: anyValue,
      messages: fc.oneof(fc.array(message, { minLength: 1, maxLength: 3 }), anyValue),
      trigger: fc.oneof(fc.constantFrom('submit-message', 'regenerate-message'), anyValue),
      messageId: anyValue,
      model: anyValue,
    },
    { requiredKeys: [] },
  ),
  truncate: fc.record({ messageId: anyValue, type: fc.oneof(fc.constantFrom('edit', 'regenerate'), anyValue) }, { requiredKeys: [] }),
  vote: fc.record({ messageId: anyValue, value: fc.oneof(fc.constantFrom('up', 'down', null), anyValue) }, { requiredKeys: [] }),
  credentials: fc.record(
    { email: fc.oneof(fc.emailAddress(), fc.emailAddress().map((e) => `${e}\u0000`), anyValue), password: fc.oneof(fc.string({ minLength: 8 }), anyValue), name: anyValue },
    { requiredKeys: [] },
  ),
}

/** A raw body: JSON of any value, a JSON-ish shape, or text that is not JSON at all. */
function body(shape: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: shape.map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.anything().map((value) => JSON.stringify(value) ?? '') },
    { weight: 1, arbitrary: anyString },
  )
}

const query = fc.oneof(
  fc.constant(''),
  fc.dictionary(anyString, fc.oneof(anyString, fc.array(anyString, { maxLength: 3 })), { maxKeys: 4 }).map((entries) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(entries)) for (const item of [value].flat()) params.append(key, item)
    return params.toString()
  }),
  fc.constantFrom('limit=0', 'limit=-1', 'limit=1e9', 'limit=abc', 'cursor=%00', 'cursor=MTox', 'cursor=AAAA', 'format=pdf', 'format=json', 'q=%', 'icons=', 'icons=a,,b'),
  // Whatever the encoder would never write.
  fc.string().map((text) => encodeURI(wellFormed(text))),
  // Percent-escapes that are not UTF-8 (a lone surrogate, an overlong slash).
  fc.constantFrom('q=%ED%A0%80', 'cursor=%C0%AF', '%ff=%fe'),
)

type IdChoice = { kind: 'real' } | { kind: 'other' } | { kind: 'random' | 'escaped'; value: string }
const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'real' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'other' as const }) },
  { weight: 4, arbitrary: fc.oneof(anyString, fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/)).map((value) => ({ kind: 'random' as const, value })) },
  { weight: 1, arbitrary: fc.constantFrom('%ED%A0%80', '%C0%AF', '%00', '%', '%zz', '..', '.').map((escaped) => ({ kind: 'escaped' as const, value: escaped })) },
)

// --- the app under fire -----------------------------------------------------------------------

t.test('no API route answers 5xx or a non-JSON error to random input', async (t) => {
  const icons = await startFakeIconUpstream(t)
  const trap = await startRequestTrap(t)
  trapUrl = trap.url
  const { app } = await buildApp(t, {
    OFFLINE_TOKEN_DELAY_MS: '0',
    SEND_RATE_LIMIT_PER_MINUTE: '10000',
    CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '10000',
    IP_SEND_RATE_LIMIT_PER_MINUTE: '100000',
    IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    ICONS_UPSTREAM_URL: icons.url,
  })
  const owner = visitor()
  const stranger = visitor()
  let chatId = await newChat(app, owner)
  const otherChatId = await newChat(app, stranger)

  /** The owner's chat, made again after a request deleted it. */
  async function realChat() {
    if (!(await app.chats.get(chatId))) chatId = await newChat(app, owner)
    return chatId
  }
  async function idFor(choice: IdChoice) {
    if (choice.kind === 'real') return realChat()
    if (choice.kind === 'other') return otherChatId
    return choice.value
  }
  /**
   * Path segment: usually encoded; sometimes raw, as a careless or hostile client sends it (but
   * without `/ ? #`, which would make it another URL), or already-escaped bytes that are not UTF-8.
   */
  const segment = fc.tuple(idChoice, fc.boolean()).map(([choice, raw]) => ({ choice, raw }))
  async function pathId({ choice, raw }: { choice: IdChoice; raw: boolean }) {
    if (choice.kind === 'escaped') return choice.value
    const id = await idFor(choice)
    return raw && /^[\x21-\x7e]*$/.test(id) && !/[/?#]/.test(id) ? id : encodeURIComponent(wellFormed(id))
  }
  const who = fc.constantFrom<Visitor>(owner, owner, stranger, visitor())

  async function fire(request: InjectOptions) {
    const res = await app.inject(request)
    assertSane(request, res)
  }
  async function property<T>(name: string, arbitrary: fc.Arbitrary<T>, toRequest: (input: T) => Promise<InjectOptions> | InjectOptions) {
    await t.test(name, async (t) => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => fire(await toRequest(input))),
        { numRuns: RUNS },
      )
      t.pass(`${RUNS} random requests answered sanely`)
    })
  }
  const json = (v: Visitor, method: InjectOptions['method'], url: string, payload: string): InjectOptions => ({ method, url, headers: v.headers(true), payload })

  await property('GET /api/chats', fc.tuple(who, query), ([v, q]) => ({ method: 'GET', url: `/api/chats?${q}`, headers: v.headers() }))
  await property('POST /api/chats', fc.tuple(who, body(shapes.createChat), query), ([v, b, q]) => json(v, 'POST', `/api/chats?${q}`, b))
  await property('GET /api/chats/:id', fc.tuple(who, segment, query), async ([v, s, q]) => ({ method: 'GET', url: `/api/chats/${await pathId(s)}?${q}`, headers: v.headers() }))
  await property('PATCH /api/chats/:id', fc.tuple(who, segment, body(shapes.patchChat)), async ([v, s, b]) => json(v, 'PATCH', `/api/chats/${await pathId(s)}`, b))
  await property('POST /api/chats/:id (send)', fc.tuple(who, segment, body(shapes.send)), async ([v, s, b]) => json(v, 'POST', `/api/chats/${await pathId(s)}`, b))
  await property('DELETE /api/chats/:id/messages', fc.tuple(who, segment, body(shapes.truncate)), async ([v, s, b]) => json(v, 'DELETE', `/api/chats/${await pathId(s)}/messages`, b))
  await property('GET /api/chats/:id/votes', fc.tuple(who, segment, query), async ([v, s, q]) => ({ method: 'GET', url: `/api/chats/${await pathId(s)}/votes?${q}`, headers: v.headers() }))
  await property('POST /api/chats/:id/votes', fc.tuple(who, segment, body(shapes.vote)), async ([v, s, b]) => json(v, 'POST', `/api/chats/${await pathId(s)}/votes`, b))
  await property('POST /api/chats/:id/stop', fc.tuple(who, segment, body(fc.anything())), async ([v, s, b]) => json(v, 'POST', `/api/chats/${await pathId(s)}/stop`, b))
  await property('GET /api/chats/:id/export', fc.tuple(who, segment, query), async ([v, s, q]) => ({ method: 'GET', url: `/api/chats/${await pathId(s)}/export?${q}`, headers: v.headers() }))
  await property('GET /api/chats/:id/stream', fc.tuple(who, segment, query), async ([v, s, q]) => ({ method: 'GET', url: `/api/chats/${await pathId(s)}/stream?${q}`, headers: v.headers() }))
  await property('DELETE /api/chats/:id', fc.tuple(who, segment, body(fc.anything())), async ([v, s, b]) => json(v, 'DELETE', `/api/chats/${await pathId(s)}`, b))
  await property('POST /api/auth/local/sign-up', fc.tuple(who, body(shapes.credentials)), ([v, b]) => json(v, 'POST', '/api/auth/local/sign-up', b))
  await property('POST /api/auth/local/sign-in', fc.tuple(who, body(shapes.credentials)), ([v, b]) => json(v, 'POST', '/api/auth/local/sign-in', b))
  await property('GET /api/_auth/session', fc.tuple(who, query), ([v, q]) => ({ method: 'GET', url: `/api/_auth/session?${q}`, headers: { ...v.headers(), accept: 'application/json' } }))
  await property('DELETE /api/_auth/session', fc.tuple(who, body(fc.anything())), ([v, b]) => json(v, 'DELETE', '/api/_auth/session', b))
  await property('GET /api/_nuxt_icon/:collection.json', fc.tuple(fc.oneof(fc.constantFrom('mdi', 'lucide', 'nope'), anyString), query), ([c, q]) => ({
    method: 'GET',
    url: `/api/_nuxt_icon/${encodeURIComponent(wellFormed(c))}.json?${q}`,
    headers: visitor().headers(),
  }))
  await property('GET /api/models', fc.tuple(who, query), ([v, q]) => ({ method: 'GET', url: `/api/models?${q}`, headers: v.headers() }))

  // Whatever was thrown, the server fetched nothing a message named, and stored only text from users.
  for (const chatOwner of [owner, stranger]) {
    const { chats } = (await app.inject({ url: '/api/chats?limit=100', headers: chatOwner.headers() })).json() as { chats: Array<{ id: string }> }
    for (const { id } of chats) {
      const { messages } = (await app.inject({ url: `/api/chats/${id}`, headers: chatOwner.headers() })).json() as { messages: Array<{ role: string; parts: Array<{ type: string }> }> }
      for (const message of messages.filter((m) => m.role === 'user')) t.same(message.parts.map((part) => part.type).filter((type) => type !== 'text'), [], `chat ${id}: user messages hold text only`)
    }
  }
  const rows = await app.db.selectFrom('messages').select(['role', 'parts']).where('role', '=', 'user').execute()
  t.same(rows.flatMap((row) => (JSON.parse(row.parts) as Array<{ type: string }>).filter((part) => part.type !== 'text')), [], 'and so does the database')
  t.equal(trap.requests.length, 0, `no request reached the URLs named in messages (${trap.requests.join(', ')})`)
})

async function newChat(app: FastifyInstance, v: Visitor): Promise<string> {
  const res = await createChat(app, v, 'Hello there')
  if (res.statusCode !== 201) throw new Error(`could not create a chat: ${res.body}`)
  const { id } = res.json() as { id: string }
  // An answer to vote on, truncate and regenerate.
  const sent = await app.inject({ method: 'POST', url: `/api/chats/${id}`, headers: v.headers(true), payload: { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello there' }] }] } })
  if (sent.statusCode !== 200) throw new Error(`could not send: ${sent.body}`)
  return id
}

// What the fuzzing found (on PostgreSQL, whose text cannot hold NUL, and whose bigint refuses
// 1e+23), kept as plain cases that run on both databases.
t.test('inputs the fuzzing found are refused with a 400, not a 500', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const owner = visitor()
  const chatId = await newChat(app, owner)
  const cases: Array<[string, InjectOptions]> = [
    ['a NUL in a sign-up email', { method: 'POST', url: '/api/auth/local/sign-up', headers: owner.headers(true), payload: { email: 'a@a.aa\u0000', password: 'correct horse battery' } }],
    ['a NUL in a sign-up name', { method: 'POST', url: '/api/auth/local/sign-up', headers: owner.headers(true), payload: { email: 'b@b.bb', password: 'correct horse battery', name: 'B\u0000' } }],
    ['a NUL in a sign-in email', { method: 'POST', url: '/api/auth/local/sign-in', headers: owner.headers(true), payload: { email: 'a\u0000@a.aa', password: 'correct horse battery' } }],
    ['a NUL in a voted message id', { method: 'POST', url: `/api/chats/${chatId}/votes`, headers: owner.headers(true), payload: { messageId: '\u0000', value: 'up' } }],
    ['a NUL in a truncated message id', { method: 'DELETE', url: `/api/chats/${chatId}/messages`, headers: owner.headers(true), payload: { messageId: 'm\u0000', type: 'edit' } }],
    ['a NUL in a title', { method: 'PATCH', url: `/api/chats/${chatId}`, headers: owner.headers(true), payload: { title: 'a\u0000b' } }],
    ['a NUL in a new message id', { method: 'POST', url: '/api/chats', headers: owner.headers(true), payload: { message: { id: '\u0000', parts: [{ type: 'text', text: 'Hi' }] } } }],
    ['a cursor past any bigint', { method: 'GET', url: `/api/chats?cursor=${Buffer.from('99999999999999999999999:abc').toString('base64url')}`, headers: owner.headers() }],
    ['a cursor with a NUL id', { method: 'GET', url: `/api/chats?cursor=${Buffer.from('1:\u0000').toString('base64url')}`, headers: owner.headers() }],
  ]
  for (const [name, request] of cases) {
    const res = await app.inject(request)
    t.equal(res.statusCode, 400, name)
    t.match(res.json(), { statusCode: 400, code: String, message: String }, `${name}: a JSON error`)
  }

  const chat = await createChat(app, owner, 'Hello\u0000 world')
  t.equal(chat.statusCode, 201, 'a NUL inside message text is fine: parts are stored as JSON')
  const { id } = chat.json() as { id: string }
  const sent = await app.inject({ method: 'POST', url: `/api/chats/${id}`, headers: owner.headers(true), payload: { messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello\u0000 world' }] }] } })
  t.equal(sent.statusCode, 200)
  const stored = await app.inject({ url: `/api/chats/${id}`, headers: owner.headers() })
  t.equal(stored.statusCode, 200)
  t.match(stored.json().messages[0].parts[0].text, /\u0000/, 'and comes back as it was sent')
})
