// The browser's HTTP client, against a fake transport (docs/product-contract.md). JSON in and out, typed
// errors with the server's code and message, one retry on 408 409 425 429 500 502 503 504 for
// requests without a body only, Retry-After honoured up to a cap, timeout and caller's abort.
import t from 'tap'
import { createHttpClient, HttpError, parseRetryAfter } from '../../client/lib/http.ts'
import {
  HTTP_RETRY_AFTER_MAX_MS,
  HTTP_RETRY_DELAY_MS,
  HTTP_RETRY_STATUS_CODES,
} from '../../shared/constants.ts'

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error

/** A fetch that answers from a script and records what it was asked. */
function fakeFetch(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const reply = replies.shift() ?? { status: 200, body: {} }
    if (reply instanceof Error) throw reply
    const isText = typeof reply.body === 'string'
    return new Response(reply.body === undefined ? null : isText ? (reply.body as string) : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': isText ? 'text/plain' : 'application/json', ...reply.headers },
    })
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

function client(replies: Reply[], now = 1_000_000) {
  const transport = fakeFetch(replies)
  const sleeps: number[] = []
  const http = createHttpClient({
    fetch: transport.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    now: () => now,
  })
  return { http, calls: transport.calls, sleeps }
}

t.test('GET sends accept: application/json and returns the parsed body', async (t) => {
  const { http, calls } = client([{ status: 200, body: { hello: 'world' } }])
  t.same(await http.get('/api/thing', { query: { q: 'a b', skip: undefined, n: 2 } }), { hello: 'world' })
  t.equal(calls.length, 1)
  t.equal(calls[0]!.url, '/api/thing?q=a+b&n=2')
  t.equal((calls[0]!.init.headers as Record<string, string>).accept, 'application/json')
  t.equal(calls[0]!.init.method, 'GET')
})

t.test('POST sends its body as JSON', async (t) => {
  const { http, calls } = client([{ status: 201, body: { id: 'c1' } }])
  t.same(await http.post('/api/chats', { title: 'Hi' }), { id: 'c1' })
  t.equal(calls[0]!.init.method, 'POST')
  t.equal(calls[0]!.init.body, '{"title":"Hi"}')
  t.equal((calls[0]!.init.headers as Record<string, string>)['content-type'], 'application/json')
})

t.test('an empty 204 resolves to undefined', async (t) => {
  const { http } = client([{ status: 204 }])
  t.equal(await http.delete('/api/_auth/session'), undefined)
})

t.test('an error answer becomes an HttpError with the server\'s status, code and message', async (t) => {
  const { http, calls } = client([{ status: 404, body: { statusCode: 404, code: 'CHAT_NOT_FOUND', message: 'Chat not found' } }])
  const error = await http.get('/api/chats/x').catch((e: unknown) => e)
  t.ok(error instanceof HttpError)
  t.match(error, { status: 404, code: 'CHAT_NOT_FOUND', message: 'Chat not found', url: '/api/chats/x' })
  t.equal(calls.length, 1, '404 is not retried')
})

t.test('an error answer that is not JSON still carries its status', async (t) => {
  const { http } = client([{ status: 403, body: 'Forbidden by proxy' }])
  const error = await http.get('/x').catch((e: unknown) => e)
  t.match(error, { status: 403, code: 'HTTP_403' })
})

t.test('a 2xx answer that is not JSON is a BAD_RESPONSE error', async (t) => {
  const { http } = client([{ status: 200, body: '<html>' }])
  t.match(await http.get('/x').catch((e: unknown) => e), { status: 200, code: 'BAD_RESPONSE' })
})

for (const status of HTTP_RETRY_STATUS_CODES) {
  t.test(`GET is retried once on ${status}`, async (t) => {
    const { http, calls, sleeps } = client([{ status, body: { statusCode: status, code: 'X', message: 'x' } }, { status: 200, body: { ok: true } }])
    t.same(await http.get('/x'), { ok: true })
    t.equal(calls.length, 2)
    t.same(sleeps, [HTTP_RETRY_DELAY_MS], 'waits the default delay without Retry-After')
  })
}

t.test('only once: a second failure is thrown, not retried again', async (t) => {
  const { http, calls } = client([
    { status: 503, body: { statusCode: 503, code: 'UNAVAILABLE', message: 'Try later' } },
    { status: 503, body: { statusCode: 503, code: 'UNAVAILABLE', message: 'Try later' } },
    { status: 200, body: {} },
  ])
  t.match(await http.get('/x').catch((e: unknown) => e), { status: 503, code: 'UNAVAILABLE', message: 'Try later' })
  t.equal(calls.length, 2)
})

t.test('HEAD and DELETE without a body are retried too', async (t) => {
  for (const method of ['HEAD', 'DELETE'] as const) {
    const { http, calls } = client([{ status: 502 }, { status: 204 }])
    await http.request('/x', { method })
    t.equal(calls.length, 2, method)
  }
})

t.test('requests with a body are never retried', async (t) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    const { http, calls } = client([{ status: 503 }, { status: 200, body: {} }])
    const error = await http.request('/x', { method, body: { a: 1 } }).catch((e: unknown) => e)
    t.match(error, { status: 503 }, method)
    t.equal(calls.length, 1, `${method} with a body is sent once`)
  }
  const { http, calls } = client([{ status: 503 }, { status: 200, body: {} }])
  await http.post('/x').catch(() => {})
  t.equal(calls.length, 1, 'POST is never retried, even without a body')
})

t.test('retry: 0 turns the retry off', async (t) => {
  const { http, calls } = client([{ status: 500 }, { status: 200, body: {} }])
  t.match(await http.get('/x', { retry: 0 }).catch((e: unknown) => e), { status: 500 })
  t.equal(calls.length, 1)
})

t.test('Retry-After in seconds is honoured, capped', async (t) => {
  const short = client([{ status: 429, headers: { 'retry-after': '2' } }, { status: 200, body: {} }])
  await short.http.get('/x')
  t.same(short.sleeps, [2000])
  const long = client([{ status: 429, headers: { 'retry-after': '120' } }, { status: 200, body: {} }])
  await long.http.get('/x')
  t.same(long.sleeps, [HTTP_RETRY_AFTER_MAX_MS])
})

t.test('Retry-After as an HTTP date is honoured', async (t) => {
  const now = Date.parse('2030-01-01T00:00:00Z')
  const { http, sleeps } = client([{ status: 503, headers: { 'retry-after': 'Tue, 01 Jan 2030 00:00:01 GMT' } }, { status: 200, body: {} }], now)
  await http.get('/x')
  t.same(sleeps, [1000])
  t.equal(parseRetryAfter('soon', now), null)
  t.equal(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now), 0, 'a date in the past means now')
})

t.test('a network failure is retried once for GET, then thrown as NETWORK_ERROR', async (t) => {
  const once = client([new TypeError('Failed to fetch'), { status: 200, body: { ok: 1 } }])
  t.same(await once.http.get('/x'), { ok: 1 })
  const twice = client([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')])
  t.match(await twice.http.get('/x').catch((e: unknown) => e), { status: 0, code: 'NETWORK_ERROR' })
  t.equal(twice.calls.length, 2)
  const post = client([new TypeError('Failed to fetch')])
  t.match(await post.http.post('/x', {}).catch((e: unknown) => e), { code: 'NETWORK_ERROR' })
  t.equal(post.calls.length, 1)
})

/** A fetch that never answers but honours its signal, like a hung server. */
const hangingFetch = ((_url: string, init: RequestInit) =>
  new Promise((_resolve, reject) => {
    if (init.signal!.aborted) return reject(init.signal!.reason)
    init.signal!.addEventListener('abort', () => reject(init.signal!.reason))
  })) as unknown as typeof fetch

t.test('a request that takes too long fails with TIMEOUT', async (t) => {
  const http = createHttpClient({ fetch: hangingFetch, timeoutMs: 20 })
  t.match(await http.get('/slow').catch((e: unknown) => e), { name: 'HttpError', status: 0, code: 'TIMEOUT' })
})

t.test('the caller\'s signal aborts the request with its own reason, not an HttpError', async (t) => {
  const http = createHttpClient({ fetch: hangingFetch })
  const controller = new AbortController()
  const pending = http.get('/slow', { signal: controller.signal }).catch((e: unknown) => e)
  controller.abort()
  const error = await pending
  t.equal((error as Error).name, 'AbortError')
  t.notOk(error instanceof HttpError)
  const already = await http.get('/slow', { signal: AbortSignal.abort() }).catch((e: unknown) => e)
  t.equal((already as Error).name, 'AbortError', 'an already aborted signal never waits')
})

t.test('aborting during the retry delay stops the retry', async (t) => {
  const transport = fakeFetch([{ status: 503 }, { status: 200, body: {} }])
  const http = createHttpClient({ fetch: transport.fetch })
  const controller = new AbortController()
  const pending = http.get('/x', { signal: controller.signal }).catch((e: unknown) => e)
  // The first answer arrives, the client waits HTTP_RETRY_DELAY_MS: abort in between.
  setTimeout(() => controller.abort(), 10)
  t.equal(((await pending) as Error).name, 'AbortError')
  t.equal(transport.calls.length, 1)
})
