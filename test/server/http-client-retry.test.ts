// The browser's HTTP client retries once on 408 409 425 429 500 502 503 504, and only requests
// without a body (docs/product-contract.md). Here it talks over a real socket (Node's global fetch)
// to a small Fastify server whose routes fail their first N requests, and the server counts what
// arrived.
import t, { type Test } from 'tap'
import Fastify, {
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
  type RouteHandlerMethod,
} from 'fastify'
import { createHttpClient, HttpError } from '../../client/lib/http.ts'

interface Flaky {
  Params: { key: string }
  Querystring: { fail?: string; status?: string; retryAfter?: string }
}

async function flakyServer(t: Test) {
  const app = Fastify()
  const hits = new Map<string, number[]>()
  function arrive(key: string): number {
    const arrivals = hits.get(key) ?? []
    arrivals.push(Date.now())
    hits.set(key, arrivals)
    return arrivals.length
  }
  const handler: RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Flaky> = async (
    request,
    reply,
  ) => {
    const attempt = arrive(request.params.key)
    const status = Number(request.query.status ?? 503)
    if (attempt <= Number(request.query.fail ?? 0)) {
      if (request.query.retryAfter) reply.header('retry-after', request.query.retryAfter)
      return reply.code(status).send({ statusCode: status, code: 'FLAKY', message: `failure ${attempt}` })
    }
    return { attempt }
  }
  app.get<Flaky>('/flaky/:key', handler)
  app.delete<Flaky>('/flaky/:key', handler)
  app.post<Flaky>('/flaky/:key', handler)
  app.get<Flaky>('/missing/:key', async (request, reply) => {
    arrive(request.params.key)
    return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such thing' })
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.teardown(() => app.close())
  const address = app.server.address()
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return { origin, count: (key: string) => hits.get(key)?.length ?? 0, arrivals: (key: string) => hits.get(key) ?? [] }
}

t.test('a GET that fails once with 503 succeeds on its one retry', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  t.same(await http.get(`${server.origin}/flaky/a?fail=1&status=503`), { attempt: 2 })
  t.equal(server.count('a'), 2)
})

t.test('a GET that keeps failing is sent twice, then the server\'s error is thrown', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  const error = await http.get(`${server.origin}/flaky/b?fail=5&status=502`).catch((e: unknown) => e)
  t.ok(error instanceof HttpError)
  t.match(error, { status: 502, code: 'FLAKY', message: 'failure 2' })
  t.equal(server.count('b'), 2, 'one request and exactly one retry')
})

t.test('every retryable status gets its retry over a real socket', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    t.same(await http.get(`${server.origin}/flaky/s${status}?fail=1&status=${status}`), { attempt: 2 }, String(status))
    t.equal(server.count(`s${status}`), 2)
  }
})

t.test('a POST is never retried', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  const error = await http.post(`${server.origin}/flaky/c?fail=1&status=503`, { text: 'hello' }).catch((e: unknown) => e)
  t.match(error, { status: 503, code: 'FLAKY' })
  t.equal(server.count('c'), 1)
})

t.test('a DELETE without a body is retried', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  t.same(await http.delete(`${server.origin}/flaky/d?fail=1&status=500`), { attempt: 2 })
  t.equal(server.count('d'), 2)
})

t.test('a 404 is not retried', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  const error = await http.get(`${server.origin}/missing/e`).catch((e: unknown) => e)
  t.match(error, { status: 404, code: 'NOT_FOUND', message: 'No such thing' })
  t.equal(server.count('e'), 1)
})

t.test('the retry waits for the server\'s Retry-After', async (t) => {
  const server = await flakyServer(t)
  const http = createHttpClient()
  t.same(await http.get(`${server.origin}/flaky/f?fail=1&status=429&retryAfter=1`), { attempt: 2 })
  const [first, second] = server.arrivals('f')
  t.ok(second! - first! >= 950, `retried after ${second! - first!} ms (Retry-After: 1)`)
})
