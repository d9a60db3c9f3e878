// What uploads one client address and one owner may make: uploads per address per minute, bytes
// per address per hour for visitors who have not signed in (cookieless visitors are a new owner
// each, so the address is what bounds them, also when they upload all at once), and files per owner
// (not yet sent, and in all). Runs on SQLite and on PostgreSQL (the chat- prefix).
import t, { type Test } from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { remember, visitor, type Visitor } from '../helpers/chat.ts'
import { signUp } from '../helpers/session.ts'

const { app, config } = await buildApp(t, {
  IP_UPLOAD_RATE_LIMIT_PER_MINUTE: '5',
  // 10,485 bytes an hour per address: three uploads of 3,000 bytes (with their multipart framing), not four.
  IP_UPLOAD_ANONYMOUS_MB_PER_HOUR: '0.01',
  UPLOAD_MAX_UNSENT_FILES: '3',
  UPLOAD_MAX_FILES_PER_OWNER: '5',
})
const stored = () => (existsSync(config.uploads.dir) ? readdirSync(config.uploads.dir) : [])

/** An upload as a browser sends it (multipart/form-data with a Content-Length), from `address`. */
async function upload(v: Visitor, address: string, bytes: string, to: FastifyInstance = app) {
  const form = new FormData()
  form.append('file', new Blob([bytes], { type: 'text/plain' }), 'notes.txt')
  const encoded = new Response(form)
  const res = await to.inject({
    method: 'POST',
    url: '/api/files',
    remoteAddress: address,
    headers: { ...v.headers(), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
  remember(v, res.headers['set-cookie'])
  return res
}

function refused(t: Test, res: Awaited<ReturnType<typeof upload>>, status: number, code: string, message: RegExp) {
  t.equal(res.statusCode, status, `${status} ${code}`)
  t.match(res.json(), { statusCode: status, code, message })
  if (status === 429) t.ok(Number(res.headers['retry-after']) >= 1, `Retry-After: ${res.headers['retry-after']}`)
}

t.test('cookieless visitors of one address share its bytes an hour, also when they all upload at once', async (t) => {
  const before = stored().length
  const results = await Promise.all(Array.from({ length: 5 }, () => upload(visitor(), '192.0.2.1', 'a'.repeat(3000))))
  const statuses = results.map((res) => res.statusCode).sort()
  t.same(statuses, [201, 201, 201, 429, 429], `three fit, the others are refused (${statuses.join(', ')})`)
  refused(t, results.find((res) => res.statusCode === 429)!, 429, 'UPLOAD_BYTES_LIMITED', /reached the limit of 10\.2 KB an hour\. Sign in, or try again in \d+ seconds\./)
  t.equal(stored().length - before, 3, 'only the uploads that fit are stored')
  t.equal((await upload(visitor(), '192.0.2.2', 'b'.repeat(3000))).statusCode, 201, 'another address has its own')
})

t.test('visitors who have not signed in share one budget of bytes an hour across every address; a signed-in user is not counted', async (t) => {
  // A server of its own: 20,971 bytes an hour in all, each address its 10,485.
  const { app: server } = await buildApp(t, { IP_UPLOAD_ANONYMOUS_MB_PER_HOUR: '0.01', UPLOAD_ANONYMOUS_MB_PER_HOUR: '0.02' })
  for (const address of ['192.0.2.10', '192.0.2.11']) {
    for (let i = 0; i < 3; i++) t.equal((await upload(visitor(), address, 'c'.repeat(3000), server)).statusCode, 201, `${address}: upload ${i + 1} fits`)
  }
  const third = await upload(visitor(), '192.0.2.12', 'c'.repeat(3000), server)
  refused(t, third, 429, 'UPLOAD_BYTES_LIMITED', /Uploads by visitors who have not signed in reached this server's limit of 20\.5 KB an hour\. Sign in, or try again in \d+ seconds\./)
  const member = visitor()
  member.cookie = (await signUp(server, 'member@example.com')).cookie
  t.equal((await upload(member, '192.0.2.12', 'c'.repeat(3000), server)).statusCode, 201, 'a signed-in user uploads from the same address')
})

t.test('uploads per address per minute, whoever makes them', async (t) => {
  for (let i = 0; i < 5; i++) t.equal((await upload(visitor(), '198.51.100.1', 'small')).statusCode, 201)
  refused(t, await upload(visitor(), '198.51.100.1', 'small'), 429, 'RATE_LIMITED', /Too many uploads from your network\. Try again in \d+ seconds\./)
})

t.test('files per owner: uploads not sent yet, and files in all', async (t) => {
  const owner = visitor()
  // A new address for each upload: only the owner's limits are in play.
  let address = 0
  const next = () => `203.0.113.${++address}`
  const sent: string[] = []
  for (let i = 0; i < 3; i++) {
    const res = await upload(owner, next(), `file ${i}`)
    t.equal(res.statusCode, 201)
    sent.push(res.json().url)
  }
  refused(t, await upload(owner, next(), 'one more'), 413, 'TOO_MANY_UNSENT_FILES', /You have 3 uploads not sent with a message; the limit is 3\. Send them, or remove some, first\./)
  const chat = await app.inject({ method: 'POST', url: '/api/chats', headers: owner.headers(true), payload: { message: { role: 'user', parts: sent.map((url) => ({ type: 'file', url })) } } })
  t.equal(chat.statusCode, 201, 'sent with a message, they no longer count as unsent')
  t.equal((await upload(owner, next(), 'four')).statusCode, 201)
  t.equal((await upload(owner, next(), 'five')).statusCode, 201)
  refused(t, await upload(owner, next(), 'six'), 413, 'TOO_MANY_FILES', /You have 5 files; the limit is 5\. Delete chats with files you no longer need\./)
})

t.test('with Redis, replicas share an address’s bytes', async (t) => {
  const shared = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `upload-limits-${process.pid}-${Date.now()}:`, IP_UPLOAD_ANONYMOUS_MB_PER_HOUR: '0.01' }
  const replicas = [(await buildApp(t, shared)).app, (await buildApp(t, shared)).app]
  const via = (index: number) => upload(visitor(), '192.0.2.77', 'c'.repeat(3000), replicas[index])
  const statuses = [(await via(0)).statusCode, (await via(1)).statusCode, (await via(0)).statusCode]
  t.same(statuses, [201, 201, 201], 'three fit, on whichever replica')
  refused(t, await via(1), 429, 'UPLOAD_BYTES_LIMITED', /reached the limit of 10\.2 KB an hour/)
})
