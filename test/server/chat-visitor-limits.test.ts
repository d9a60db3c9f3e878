// What one visitor may cost: chats started and messages sent per minute per owner and per client
// address (a visitor without a cookie is a new owner every time; the address is what bounds a
// script), answers written at once per address, bytes an anonymous visitor may store. The address
// is the socket's unless TRUST_PROXY names the proxy in front; with Redis, replicas share every count.
import t, { type Test } from 'tap'
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { remember, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'
import { signUp } from '../helpers/session.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** A chat started by `v` from `address` (the socket's), optionally through a proxy header. */
async function create(app: FastifyInstance, v: Visitor, options: { address?: string; forwardedFor?: string; text?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/chats',
    remoteAddress: options.address ?? '127.0.0.1',
    headers: { ...v.headers(true), ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}) },
    payload: { message: userMessage(options.text ?? 'hello') },
  })
  remember(v, res.headers['set-cookie'])
  return res
}

async function send(app: FastifyInstance, v: Visitor, chatId: string, address = '127.0.0.1') {
  return app.inject({ method: 'POST', url: `/api/chats/${chatId}`, remoteAddress: address, headers: v.headers(true), payload: { messages: [userMessage('more')] } })
}

function refused(t: Test, res: { statusCode: number; headers: Record<string, unknown>; json(): any }, status: number, code: string, message: RegExp) {
  t.equal(res.statusCode, status, `${status} ${code}`)
  t.match(res.json(), { statusCode: status, code, message })
  if (status === 429) t.ok(Number(res.headers['retry-after']) >= 1, `Retry-After: ${res.headers['retry-after']}`)
}

t.test('fresh visitors from one address share its limit on new chats; X-Forwarded-For is ignored without TRUST_PROXY', async (t) => {
  const { app } = await buildApp(t, { IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '2' })
  t.equal((await create(app, visitor(), { forwardedFor: '198.51.100.1' })).statusCode, 201)
  t.equal((await create(app, visitor(), { forwardedFor: '198.51.100.2' })).statusCode, 201)
  const third = await create(app, visitor(), { forwardedFor: '198.51.100.3' })
  refused(t, third, 429, 'RATE_LIMITED', /Too many new chats from your network\. Try again in \d+ seconds\./)
  t.equal((await create(app, visitor(), { address: '192.0.2.9' })).statusCode, 201, 'another address is not limited')
})

t.test('behind a trusted proxy the address it reports counts, and a client cannot pick its own', async (t) => {
  const { app } = await buildApp(t, { TRUST_PROXY: '1', IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '2' })
  // Each request arrives from the proxy (127.0.0.1), which appends the client it saw.
  t.equal((await create(app, visitor(), { forwardedFor: '203.0.113.7' })).statusCode, 201)
  t.equal((await create(app, visitor(), { forwardedFor: '203.0.113.8' })).statusCode, 201, 'another client behind the same proxy')
  t.equal((await create(app, visitor(), { forwardedFor: '10.9.9.9, 203.0.113.7' })).statusCode, 201, 'a client-written hop in front changes nothing…')
  refused(t, await create(app, visitor(), { forwardedFor: '10.9.9.10, 203.0.113.7' }), 429, 'RATE_LIMITED', /from your network/)
  t.pass('…the client is still 203.0.113.7, now over its limit')

  const { app: everyHop } = await buildApp(t, { TRUST_PROXY: '10.0.0.0/8,loopback', IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '1' })
  t.equal((await create(everyHop, visitor(), { forwardedFor: '203.0.113.50, 10.0.0.3' })).statusCode, 201)
  refused(t, await create(everyHop, visitor(), { forwardedFor: '203.0.113.50, 10.0.0.4' }), 429, 'RATE_LIMITED', /from your network/)
  t.pass('an address list trusts those proxies and finds the client behind them')
})

t.test('one owner may start only so many chats a minute', async (t) => {
  const { app } = await buildApp(t, { CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '2' })
  const v = visitor()
  t.equal((await create(app, v)).statusCode, 201)
  t.equal((await create(app, v)).statusCode, 201)
  refused(t, await create(app, v), 429, 'RATE_LIMITED', /You are starting chats too quickly\. Try again in \d+ seconds\./)
  t.equal((await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats.length, 2, 'the refused chat was not made')
})

t.test('messages per address: visitors without a cookie do not get a fresh allowance each', async (t) => {
  const { app } = await buildApp(t, { IP_SEND_RATE_LIMIT_PER_MINUTE: '2', OFFLINE_TOKEN_DELAY_MS: '0' })
  const statuses: number[] = []
  for (let i = 0; i < 3; i++) {
    const v = visitor()
    const chatId = (await create(app, v)).json().id as string
    const res = await send(app, v, chatId)
    await app.answers.get(chatId)?.settled
    statuses.push(res.statusCode)
    if (res.statusCode === 429) refused(t, res, 429, 'RATE_LIMITED', /Too many messages from your network/)
  }
  t.same(statuses, [200, 200, 429])
})

t.test('answers written at once per address: a third waits for one to end, and nothing of it is stored', async (t) => {
  const { app } = await buildApp(t, { IP_CONCURRENT_ANSWERS: '2' })
  useModel(app, scriptedModel({ words: Array.from({ length: 30 }, (_, i) => `w${i} `), delayMs: 10 }))
  const visitors = [visitor(), visitor(), visitor()]
  const chats: string[] = []
  for (const v of visitors) chats.push((await create(app, v)).json().id)
  // inject() resolves at the end of the answer: these two run side by side meanwhile.
  const running = [send(app, visitors[0]!, chats[0]!), send(app, visitors[1]!, chats[1]!)]
  while (app.answers.size < 2) await new Promise((resolve) => setTimeout(resolve, 5))
  const third = await send(app, visitors[2]!, chats[2]!)
  refused(t, third, 429, 'TOO_MANY_ANSWERS', /2 answers are already being written for your network\. Wait for one to finish/)
  t.equal((await send(app, visitors[2]!, chats[2]!, '192.0.2.1')).statusCode, 200, 'another address is not held back')
  t.same((await Promise.all(running)).map((res) => res.statusCode), [200, 200])
  const read = (await app.inject({ url: `/api/chats/${chats[2]}`, headers: visitors[2]!.headers() })).json()
  t.same(read.messages.map((m: { role: string }) => m.role), ['user', 'user', 'assistant'], 'the refused question was not stored; the later one was answered')
  const again = await send(app, visitors[2]!, chats[2]!)
  t.equal(again.statusCode, 200, 'once the others ended, the address may answer again')
  t.equal(app.answers.size, 0)

  const before = (await app.inject({ url: `/api/chats/${chats[2]}`, headers: visitors[2]!.headers() })).json().messages
  const busy = [send(app, visitors[0]!, chats[0]!), send(app, visitors[1]!, chats[1]!)]
  while (app.answers.size < 2) await new Promise((resolve) => setTimeout(resolve, 5))
  const regenerate = await app.inject({
    method: 'POST',
    url: `/api/chats/${chats[2]}`,
    headers: visitors[2]!.headers(true),
    payload: { messages: [before.at(-2)], trigger: 'regenerate-message' },
  })
  refused(t, regenerate, 429, 'TOO_MANY_ANSWERS', /already being written/)
  t.same((await app.inject({ url: `/api/chats/${chats[2]}`, headers: visitors[2]!.headers() })).json().messages, before, 'a refused regenerate keeps the answer it would have replaced')
  await Promise.all(busy)
})

t.test('an anonymous visitor may store so much; a signed-in user is not held to it', async (t) => {
  const { app } = await buildApp(t, { ANONYMOUS_STORAGE_MB: '0.01', OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const big = 'x'.repeat(3000)
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push((await create(app, v, { text: big })).statusCode)
  t.same(statuses, [201, 201, 201, 403], 'the fourth 3 KB chat would pass 10 KB')
  const full = await create(app, v, { text: big })
  refused(t, full, 403, 'STORAGE_FULL', /Your chats hold 9 KB; with this they would pass the 10 KB a visitor who has not signed in can keep\. Sign in, or delete some chats, to go on\./)
  const chatId = (await app.inject({ url: '/api/chats', headers: v.headers() })).json().chats[0].id as string
  const sent = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage(big)] } })
  t.equal(sent.statusCode, 403, 'sending more is refused too')
  t.equal((await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages.length, 1, 'and stores nothing')
  t.equal((await app.inject({ method: 'DELETE', url: `/api/chats/${chatId}`, headers: v.headers() })).statusCode, 204)
  t.equal((await create(app, v, { text: big })).statusCode, 201, 'deleting a chat makes room')

  const user = visitor()
  user.cookie = (await signUp(app, 'big@example.com', 'correct horse battery')).cookie
  for (let i = 0; i < 5; i++) t.equal((await create(app, user, { text: big })).statusCode, 201, `signed in: chat ${i + 1}`)
})

t.test('with Redis, replicas share the per-address counts', async (t) => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  const up = await probe.connect().then(() => probe.ping()).then(() => true, () => false)
  if (!up) {
    probe.disconnect()
    t.comment(`!!!!! Redis at ${REDIS_URL} not reachable: the shared-limits case did NOT run !!!!!`)
    return
  }
  const prefix = `test:${randomBytes(4).toString('hex')}:`
  t.teardown(async () => {
    const keys = await probe.keys(`${prefix}*`)
    if (keys.length) await probe.del(...keys)
    probe.disconnect()
  })
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '2', IP_CONCURRENT_ANSWERS: '1' }
  const { app: a } = await buildApp(t, env)
  const { app: b } = await buildApp(t, env)
  t.equal((await create(a, visitor())).statusCode, 201)
  t.equal((await create(b, visitor())).statusCode, 201)
  refused(t, await create(a, visitor()), 429, 'RATE_LIMITED', /from your network/)

  for (const app of [a, b]) useModel(app, scriptedModel({ words: Array.from({ length: 30 }, (_, i) => `w${i} `), delayMs: 10 }))
  const onA = visitor()
  const onB = visitor()
  const chatA = (await create(a, onA, { address: '192.0.2.20' })).json().id as string
  const chatB = (await create(b, onB, { address: '192.0.2.20' })).json().id as string
  const running = send(a, onA, chatA, '192.0.2.20')
  while (a.answers.size < 1) await new Promise((resolve) => setTimeout(resolve, 5))
  refused(t, await send(b, onB, chatB, '192.0.2.20'), 429, 'TOO_MANY_ANSWERS', /1 answers are already being written/)
  t.equal((await running).statusCode, 200)
  t.equal((await send(b, onB, chatB, '192.0.2.20')).statusCode, 200, 'freed on A, taken on B')
})
