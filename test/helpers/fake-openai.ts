// A local OpenAI-compatible server speaking the real Chat Completions wire format (SSE chunks,
// `[DONE]`, usage chunk, OpenAI's error JSON, `GET /models`), scriptable per test: a normal
// answer, an HTTP error, a stall, a dropped connection, a slow first token.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: any
  /** The client's port: the same port twice means the connection was kept alive and reused. */
  remotePort: number | undefined
}

export interface Script {
  /** Content pieces, each sent as one chunk (or the whole message when not streaming). */
  chunks?: string[]
  /** Answer with this status and OpenAI's error JSON instead. */
  error?: { status: number; message: string; type?: string; code?: string | null; headers?: Record<string, string> }
  /** Wait this long before sending the response headers. */
  headersDelayMs?: number
  /** After the headers, wait this long before the first chunk (the model "thinking"). */
  firstChunkDelayMs?: number
  /** Between content chunks. */
  chunkDelayMs?: number
  /**
   * How the stream ends after the chunks: normally, silence with the connection open, a cut
   * connection, or a body that ends cleanly without the finish chunk and `[DONE]`.
   */
  end?: 'finish' | 'stall' | 'drop' | 'close'
  usage?: { prompt_tokens: number; completion_tokens: number }
  /** Thinking sent first, as `reasoning_content` deltas (DeepSeek, vLLM, Ollama's style). */
  reasoning?: string[]
  /** After the chunks, an error object inside the stream (as OpenAI and OpenRouter send one) instead of the finish. */
  streamError?: { message: string; type?: string; code?: string }
  /** Lines written as they are after the chunks, before the finish (e.g. a broken `data:` line). */
  rawAfterChunks?: string
  /** Line ending of the SSE body (default LF). */
  lineEnding?: '\n' | '\r\n'
  /** After the content, `delta.tool_calls` pieces, one chunk each (then finish_reason "tool_calls"). */
  toolCallChunks?: Array<Array<Record<string, unknown>>>
  /**
   * Called once every content chunk is written, with when the first and the last were (epoch ms,
   * sub-millisecond): the pace this upstream really kept, which a benchmark compares with the pace
   * its client saw through the app.
   */
  onContentSent?: (body: any, sentAt: { first: number; last: number }) => void
}

export interface FakeOpenAI {
  /** Base URL, as OPENAI_BASE_URL: `http://127.0.0.1:{port}/v1`. */
  baseUrl: string
  requests: RecordedRequest[]
  /** What the next chat completion requests get (until scripted again); a function picks per request body. */
  script(script: Script | ((body: any) => Script)): void
  /** What `GET /v1/models` answers: model ids, or an HTTP status to fail with. */
  models: string[] | number
  /** How many chat completion responses are still open (a stalled one until the client gives up). */
  openResponses(): number
  close(): Promise<void>
}

export const FAKE_MODEL = 'fake-gpt'

export async function startFakeOpenAI(t?: Test): Promise<FakeOpenAI> {
  let current: Script | ((body: any) => Script) = { chunks: ['Hello', ' from', ' the', ' fake', ' model.'] }
  const requests: RecordedRequest[] = []
  const open = new Set<ServerResponse>()
  const fake = {} as FakeOpenAI

  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = raw ? JSON.parse(raw) : undefined
    const path = (req.url ?? '/').split('?')[0]!
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, remotePort: req.socket.remotePort })

    if (req.method === 'GET' && path === '/v1/models') {
      if (typeof fake.models === 'number') return sendError(res, fake.models, { message: 'models unavailable', type: 'server_error' })
      return sendJson(res, 200, { object: 'list', data: fake.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) })
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendError(res, 404, { message: `Unknown path ${path}`, type: 'invalid_request_error' })
    }

    const script = typeof current === 'function' ? current(body) : current
    open.add(res)
    res.on('close', () => open.delete(res))
    if (script.headersDelayMs) await wait(script.headersDelayMs)
    if (res.destroyed) return
    if (script.error) return sendError(res, script.error.status, script.error)

    const id = 'chatcmpl-fake'
    const created = Math.floor(Date.now() / 1000)
    const model = body?.model ?? FAKE_MODEL
    const chunks = script.chunks ?? []
    const usage = script.usage ?? { prompt_tokens: 11, completion_tokens: chunks.length }
    const fullUsage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens }

    if (!body?.stream) {
      if (script.firstChunkDelayMs) await wait(script.firstChunkDelayMs)
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: chunks.join('') }, logprobs: null, finish_reason: 'stop' }],
        usage: fullUsage,
      })
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    res.flushHeaders()
    const eol = script.lineEnding ?? '\n'
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol}${eol}`)
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    })

    if (script.firstChunkDelayMs) await wait(script.firstChunkDelayMs)
    if (res.destroyed) return
    send(chunk({ role: 'assistant', content: '' }, null))
    for (const thought of script.reasoning ?? []) send(chunk({ reasoning_content: thought }, null))
    let firstSentAt = 0
    for (const [index, content] of chunks.entries()) {
      if (index > 0 && script.chunkDelayMs) await wait(script.chunkDelayMs)
      if (res.destroyed) return
      send(chunk({ content }, null))
      if (index === 0) firstSentAt = performance.timeOrigin + performance.now()
    }
    if (chunks.length) script.onContentSent?.(body, { first: firstSentAt, last: performance.timeOrigin + performance.now() })
    if (script.end === 'stall') return // headers and chunks sent; nothing more until the client leaves
    if (script.end === 'drop') {
      // Cut the TCP connection in the middle of the chunked body.
      setTimeout(() => res.socket?.destroy(), 10)
      return
    }
    if (script.end === 'close') return res.end()
    if (script.rawAfterChunks) res.write(script.rawAfterChunks)
    if (script.streamError) {
      send({ error: { type: null, code: null, param: null, ...script.streamError } })
      return res.end()
    }
    for (const pieces of script.toolCallChunks ?? []) send(chunk({ tool_calls: pieces }, null))
    send(chunk({}, script.toolCallChunks ? 'tool_calls' : 'stop'))
    if (body.stream_options?.include_usage) send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: fullUsage })
    send('[DONE]')
    res.end()
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    models: [FAKE_MODEL],
    script(script: Script) {
      current = script
    },
    openResponses: () => open.size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  t?.teardown(() => fake.close())
  return fake
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, status: number, error: NonNullable<Script['error']> | { message: string; type: string }) {
  const { headers, status: _status, ...rest } = error as NonNullable<Script['error']>
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ error: { message: rest.message, type: rest.type ?? 'invalid_request_error', param: null, code: rest.code ?? null } }))
}

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** OpenAI's own error bodies for the usual failures. */
export const OPENAI_ERRORS = {
  invalidKey: (key: string) => ({
    status: 401,
    message: `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  }),
  modelNotFound: (model: string) => ({
    status: 404,
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    code: 'model_not_found',
  }),
  rateLimited: () => ({
    status: 429,
    message: 'Rate limit reached for requests. Limit: 3, Used: 3, Requested: 1. Please try again in 20s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
    headers: { 'retry-after': '20' },
  }),
  contextTooLong: () => ({
    status: 400,
    message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
    type: 'invalid_request_error',
    code: 'context_length_exceeded',
  }),
}
