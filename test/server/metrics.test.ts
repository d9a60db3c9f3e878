// GET /metrics: what an operator's Prometheus scrapes (request rate and latency by route, SSR
// render time, answers, model latency and tokens, upstream errors, icon cache, database pool), and
// the request id an operator follows from the access log to the model provider's log.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { createChat, parseUiStream, userMessage, visitor } from '../helpers/chat.ts'
import { FAKE_MODEL, OPENAI_ERRORS, startFakeOpenAI } from '../helpers/fake-openai.ts'
import { freshPostgresUrl } from '../helpers/postgres.ts'
import type { FastifyInstance } from 'fastify'

/** The value of one series in the text format (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}) {
  const res = await app.inject({ url: '/metrics', headers })
  return { res, text: res.body }
}

async function send(app: FastifyInstance, text: string) {
  const v = visitor()
  const created = await createChat(app, v, text)
  const chat = created.json()
  const read = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json()
  const question = read.messages[0]
  const res = await app.inject({ method: 'POST', url: `/api/chats/${chat.id}`, headers: v.headers(true), payload: { messages: [{ id: question.id, role: 'user', parts: question.parts }] } })
  await app.answers.get(chat.id)?.settled
  return res
}

t.test('requests are counted and timed by route pattern, in the Prometheus text format', async (t) => {
  const { app } = await buildApp(t)
  const v = visitor()
  for (const text of ['one', 'two']) {
    const chat = (await createChat(app, v, text)).json()
    await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })
  }
  await app.inject({ url: '/api/chats/no-such-chat', headers: v.headers() })
  const { res, text } = await scrape(app)
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(sample(text, 'http_requests_total{method="GET",route="/api/chats/:id",status_code="200"}'), 2, 'one series for every chat id')
  t.equal(sample(text, 'http_requests_total{method="GET",route="/api/chats/:id",status_code="404"}'), 1)
  t.equal(sample(text, 'http_requests_total{method="POST",route="/api/chats",status_code="201"}'), 2)
  t.equal(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/chats/:id"}'), 3)
  t.match(text, /# TYPE http_request_duration_seconds histogram/)
  t.match(text, /process_resident_memory_bytes \d+/, 'process metrics too')
  t.match(text, /nodejs_eventloop_lag_seconds /)
})

t.test('server renders are timed to the shell and to the end', async (t) => {
  const { app } = await buildApp(t)
  await app.inject({ url: '/', headers: browser })
  await app.inject({ url: '/chat/missing', headers: browser })
  const { text } = await scrape(app)
  t.equal(sample(text, 'ssr_render_seconds_count{phase="shell"}'), 2)
  t.equal(sample(text, 'ssr_render_seconds_count{phase="all"}'), 2)
  t.ok(sample(text, 'ssr_render_seconds_sum{phase="shell"}')! > 0)
})

t.test('answers: running now, time to first token and tokens, by model', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0' })
  const res = await send(app, 'Count my words please')
  t.equal(res.statusCode, 200)
  const { text } = await scrape(app)
  t.equal(sample(text, 'answers_started_total'), 1)
  t.equal(sample(text, 'answers_running'), 0, 'none left running once stored')
  t.equal(sample(text, 'model_time_to_first_token_seconds_count{model="offline"}'), 1)
  t.ok(sample(text, 'model_tokens_total{model="offline",kind="output"}')! > 0, 'output tokens counted')
  t.ok(sample(text, 'model_tokens_total{model="offline",kind="input"}')! > 0, 'input tokens counted')
})

t.test('an answer being written shows as running', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '50' })
  const v = visitor()
  const chat = (await createChat(app, v, 'A slow answer please')).json()
  const question = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json().messages[0]
  const pending = app.inject({ method: 'POST', url: `/api/chats/${chat.id}`, headers: v.headers(true), payload: { messages: [{ id: question.id, role: 'user', parts: question.parts }] } })
  while (!app.answers.get(chat.id)) await new Promise((resolve) => setTimeout(resolve, 10))
  t.equal(sample((await scrape(app)).text, 'answers_running'), 1)
  await app.answers.stop(chat.id)
  await pending
  t.equal(sample((await scrape(app)).text, 'answers_running'), 0)
})

t.test('model upstream errors are counted by kind, and the request id reaches the model provider', async (t) => {
  const fake = await startFakeOpenAI(t)
  const { app, logs } = await buildApp(t, { OPENAI_BASE_URL: fake.baseUrl, AI_MODELS: FAKE_MODEL })
  fake.script({ chunks: ['Hello', ' there'] })
  const ok = await send(app, 'hello')
  const completion = fake.requests.find((request) => request.path === '/v1/chat/completions' && request.body.stream)!
  t.equal(completion.headers['x-request-id'], ok.headers['x-request-id'], 'the answer call carries the request id')
  t.ok(fake.requests.filter((request) => request.path === '/v1/chat/completions').every((request) => request.headers['x-request-id'] === ok.headers['x-request-id']), 'so does the title call')

  fake.script({ error: OPENAI_ERRORS.rateLimited() })
  const failed = await send(app, 'again')
  t.ok(parseUiStream(failed.body).chunks.some((chunk) => chunk.type === 'error'), 'the browser was told')
  const { text } = await scrape(app)
  t.equal(sample(text, 'upstream_errors_total{upstream="model",kind="MODEL_RATE_LIMITED"}'), 1)
  const logged = logs.find((line) => line.msg === 'chats: model call failed')
  t.equal(logged?.reqId, failed.headers['x-request-id'], 'the failure is logged with the request id the client got')
})

t.test('icon requests are counted by where the answer came from', async (t) => {
  const { app } = await buildApp(t)
  await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=house', headers: browser })
  await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=house', headers: browser })
  t.equal(sample((await scrape(app)).text, 'icon_requests_total{source="local"}'), 2)
})

t.test('METRICS_TOKEN: without the bearer token, metrics are refused', async (t) => {
  const token = 'metrics-token-0123456789abcdef'
  const { app } = await buildApp(t, { METRICS_TOKEN: token })
  const missing = await scrape(app)
  t.equal(missing.res.statusCode, 401)
  t.equal(missing.res.headers['www-authenticate'], 'Bearer')
  t.match(missing.res.json(), { code: 'METRICS_TOKEN_REQUIRED', message: /Authorization: Bearer/ })
  t.equal((await scrape(app, { authorization: 'Bearer wrong-token-0123456789abcde' })).res.statusCode, 401)
  const allowed = await scrape(app, { authorization: `Bearer ${token}` })
  t.equal(allowed.res.statusCode, 200)
  t.match(allowed.text, /http_requests_total\{method="GET",route="\/metrics",status_code="401"\} 2/)
})

t.test('PostgreSQL pool use is reported', async (t) => {
  const databaseUrl = await freshPostgresUrl(t)
  if (!databaseUrl) {
    t.comment('!!!!! PostgreSQL not reachable: the pool metric was NOT checked !!!!!')
    return
  }
  const { app } = await buildApp(t, { DATABASE_URL: databaseUrl })
  await Promise.all([1, 2, 3].map(() => app.inject({ url: '/readyz' })))
  const { text } = await scrape(app)
  t.ok(sample(text, 'db_pool_connections{state="total"}')! >= 1, 'connections open')
  t.type(sample(text, 'db_pool_connections{state="idle"}'), 'number')
  t.equal(sample(text, 'db_pool_connections{state="waiting"}'), 0)
})

t.test('start-up warns when /metrics is open on an address others can reach', async (t) => {
  const warning = (logs: Array<Record<string, unknown>>) => logs.find((line) => String(line.msg).startsWith('metrics: /metrics is open'))
  const open = await buildApp(t, { HOST: '0.0.0.0' })
  t.match(warning(open.logs), { level: 40, host: '0.0.0.0' }, 'open on 0.0.0.0: warned')
  t.notOk(warning((await buildApp(t, { HOST: '0.0.0.0', METRICS_TOKEN: 'a-token-of-16-chars-or-more' })).logs), 'with a token: no warning')
  t.notOk(warning((await buildApp(t, { HOST: '127.0.0.1' })).logs), 'on loopback: no warning')
  t.notOk(warning((await buildApp(t, {})).logs), 'on localhost (the default): no warning')
})
