// The artifact routes, thrown random input (property-based, fast-check): odd artifact ids and
// version numbers, any JSON as a save (wrong types, huge strings, NUL, lone surrogates): the answer
// is never a 5xx, an error is always `{ statusCode, code, message }`, and only a well-formed save of
// the newest version is stored.
import t from 'tap'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, visitor } from '../helpers/chat.ts'

const RUNS = 150

function assertSane(where: string, res: LightMyRequestResponse) {
  if (res.statusCode >= 500) throw new Error(`${where} answered ${res.statusCode}: ${res.body.slice(0, 300)}`)
  if (res.statusCode < 400) return
  const { statusCode, code, message } = res.json() as Record<string, unknown>
  if (statusCode !== res.statusCode || typeof code !== 'string' || typeof message !== 'string') throw new Error(`${where} answered ${res.statusCode} with ${res.body.slice(0, 300)}`)
}

const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
const nasty = fc.constantFrom('', '\u0000', '💥', '%', '%00', '%zz', '../x', ' ', '\n', 'x'.repeat(100), '0', '-1', '1e3', '1.5', '99999999999999999999')
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  nasty,
  fc.tuple(fc.string(), nasty, fc.string()).map((bits) => bits.join('')),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'é'.repeat(n)),
)
const anyValue = fc.oneof(anyString, fc.anything(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null))
/** PostgreSQL text cannot hold NUL: stored as it came, it would be a 500 there. */
const withNul = fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}\u0000${after}`)
/** A save: mostly of the newest version (so that the content and title are what decides), else anything. */
const NEWEST = Symbol('newest')
const saveBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      { content: fc.oneof(anyString, withNul, anyValue), title: fc.oneof(anyString, withNul, anyValue), baseVersion: fc.oneof({ weight: 3, arbitrary: fc.constant(NEWEST) }, { weight: 1, arbitrary: anyValue }) },
      { requiredKeys: ['baseVersion'] },
    ),
  },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: anyString },
)

t.test('random input to the artifact routes is a clean 4xx or a stored version, never a 5xx', async (t) => {
  const { app } = await buildApp(t, { ARTIFACT_MAX_BYTES: '65536', SEND_RATE_LIMIT_PER_MINUTE: '10000', IP_SEND_RATE_LIMIT_PER_MINUTE: '100000' })
  const ada = visitor()
  const chatId = (await createChat(app, ada, 'Fuzz me')).json().id as string
  const [messageId] = await app.artifacts.pathOf(chatId)
  const { artifactId } = await app.artifacts.create({ chatId, messageId: messageId!, kind: 'document', title: 'Target', content: 'one', author: 'model' })

  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.constant(artifactId), anyString), fc.oneof(fc.constant(''), anyString.map((v) => `?version=${encodeURIComponent(wellFormed(v))}`)), async (id, query) => {
      const url = `/api/chats/${chatId}/artifacts/${encodeURIComponent(wellFormed(id))}${query}`
      assertSane(`GET ${url.slice(0, 120)}`, await app.inject({ url, headers: ada.headers() }))
    }),
    { numRuns: RUNS },
  )
  let stored = 0
  await fc.assert(
    fc.asyncProperty(saveBody, async (body) => {
      const newest = stored + 1
      const payload = typeof body === 'string' ? body : (JSON.stringify({ ...body, baseVersion: body.baseVersion === NEWEST ? newest : body.baseVersion }) ?? '')
      const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}/artifacts/${artifactId}`, headers: ada.headers(true), payload })
      assertSane('POST save', res)
      if (res.statusCode === 201) stored++
    }),
    { numRuns: RUNS },
  )
  const versions = (await app.db.selectFrom('artifacts').select('version').where('artifact_id', '=', artifactId).execute()).length
  t.equal(versions, 1 + stored, 'every 201 is one new version, nothing else was stored')
  t.ok(stored > 0, 'some saves were well-formed and stored')
})
