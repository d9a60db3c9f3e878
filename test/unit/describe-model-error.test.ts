import t from 'tap'
import { APICallError } from '@ai-sdk/provider'
import { RetryError, StreamProviderError } from 'ai'
import { AppError } from '../../shared/errors.ts'
import { describeModelError } from '../../server/services/llm/errors.ts'
import { ModelTimeoutError } from '../../server/services/llm/timeouts.ts'

const SECRET = 'sk-live-SECRET0123456789'
const URL_WITH_KEY = `https://generativelanguage.googleapis.com/v1beta/models/x:streamGenerateContent?key=${SECRET}`

function apiError(statusCode: number | undefined, body: unknown, cause?: unknown) {
  return new APICallError({
    message: typeof body === 'object' ? JSON.stringify(body) : String(body),
    url: URL_WITH_KEY,
    requestBodyValues: { messages: [{ role: 'user', content: 'my private prompt' }] },
    statusCode,
    responseBody: JSON.stringify(body),
    data: body,
    cause,
  })
}

const codeOf = (error: unknown) => describeModelError(error).code

t.test('HTTP statuses map to clear codes and statuses', async (t) => {
  t.match(describeModelError(apiError(401, { error: { message: `Incorrect API key provided: ${SECRET}` } })), { code: 'MODEL_AUTH_FAILED', statusCode: 502 })
  t.equal(codeOf(apiError(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } })), 'MODEL_AUTH_FAILED', 'Google’s bad key')
  t.equal(codeOf(apiError(403, { error: { message: 'forbidden' } })), 'MODEL_FORBIDDEN')
  t.match(describeModelError(apiError(404, { error: { message: 'model not found' } })), { code: 'MODEL_NOT_FOUND', statusCode: 502 })
  t.match(describeModelError(apiError(429, { error: { message: 'slow down' } })), { code: 'MODEL_RATE_LIMITED', statusCode: 429 })
  t.equal(codeOf(apiError(429, { error: { code: 'insufficient_quota', message: 'You exceeded your current quota' } })), 'MODEL_QUOTA_EXCEEDED')
  t.match(describeModelError(apiError(400, { error: { code: 'context_length_exceeded' } })), { code: 'MODEL_CONTEXT_TOO_LONG', statusCode: 400 })
  t.equal(codeOf(apiError(400, { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } })), 'MODEL_CONTEXT_TOO_LONG', 'Anthropic’s wording')
  t.equal(codeOf(apiError(413, 'Request Entity Too Large')), 'MODEL_CONTEXT_TOO_LONG')
  t.equal(codeOf(apiError(400, { error: { message: 'temperature must be below 2' } })), 'MODEL_REQUEST_REJECTED')
  t.equal(codeOf(apiError(408, 'timeout')), 'MODEL_TIMEOUT')
  t.match(describeModelError(apiError(503, 'unavailable')), { code: 'MODEL_OVERLOADED', statusCode: 503 })
  t.equal(codeOf(apiError(529, { type: 'error', error: { type: 'overloaded_error' } })), 'MODEL_OVERLOADED', 'Anthropic overloaded')
  t.equal(codeOf(apiError(500, 'oops')), 'MODEL_PROVIDER_ERROR')
})

t.test('errors reported inside a stream map by their code or type', async (t) => {
  t.equal(codeOf(new StreamProviderError({ message: 'x', code: 'rate_limit_exceeded' })), 'MODEL_RATE_LIMITED')
  t.equal(codeOf(new StreamProviderError({ message: 'x', type: 'overloaded_error' })), 'MODEL_OVERLOADED')
  t.equal(codeOf(new StreamProviderError({ message: 'x', code: 'context_length_exceeded' })), 'MODEL_CONTEXT_TOO_LONG')
  t.equal(codeOf(new StreamProviderError({ message: 'x', statusCode: 401 })), 'MODEL_AUTH_FAILED')
  t.equal(codeOf(new StreamProviderError({ message: 'something odd' })), 'MODEL_PROVIDER_ERROR')
})

t.test('retries are looked through to the last error', async (t) => {
  const retry = new RetryError({ message: 'Failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [apiError(429, 'a'), apiError(429, 'b')] })
  t.equal(codeOf(retry), 'MODEL_RATE_LIMITED')
})

t.test('network failures: unreachable before the answer, connection lost during it', async (t) => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' })
  t.equal(codeOf(apiError(undefined, 'Cannot connect to API', refused)), 'MODEL_UNREACHABLE')
  t.equal(codeOf(new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND llm.internal'), { code: 'ENOTFOUND' }) })), 'MODEL_UNREACHABLE')
  t.equal(codeOf(new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })), 'MODEL_CONNECTION_LOST')
  t.equal(codeOf(apiError(200, 'Failed to process successful response', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))), 'MODEL_CONNECTION_LOST')
})

t.test('timeouts say which one and how long, in words', async (t) => {
  t.same(describeModelError(new ModelTimeoutError('first-token', 30_000)), {
    code: 'MODEL_FIRST_TOKEN_TIMEOUT',
    statusCode: 504,
    message: 'The model did not start answering within 30 seconds. It may be overloaded or still loading; try again in a moment.',
  })
  t.same(describeModelError(new ModelTimeoutError('idle', 1_500)), {
    code: 'MODEL_IDLE_TIMEOUT',
    statusCode: 504,
    message: 'The model stopped answering for 1.5 seconds, so the answer was cut off. Try again.',
  })
  t.equal(codeOf(new Error('wrapped', { cause: new ModelTimeoutError('idle', 10) })), 'MODEL_IDLE_TIMEOUT')
})

t.test('a Stop is an abort; an AppError keeps its own description', async (t) => {
  t.equal(codeOf(new DOMException('This operation was aborted', 'AbortError')), 'MODEL_ABORTED')
  t.same(describeModelError(new AppError(400, 'UNKNOWN_MODEL', 'Unknown model: x')), { code: 'UNKNOWN_MODEL', statusCode: 400, message: 'Unknown model: x' })
})

t.test('anything else is a generic failure that reveals nothing', async (t) => {
  for (const error of [new Error(`boom at ${URL_WITH_KEY}`), 'a string', undefined, null, { weird: SECRET }]) {
    t.same(describeModelError(error), { code: 'MODEL_ERROR', statusCode: 502, message: 'The AI provider failed to answer. Try again in a moment.' })
  }
})

t.test('no description ever contains the key, the URL or the prompt', async (t) => {
  const errors = [401, 400, 403, 404, 429, 500, 503, undefined].map((status) => apiError(status, { error: { message: `bad key ${SECRET} at ${URL_WITH_KEY}` } }))
  for (const error of errors) {
    const { message } = describeModelError(error)
    t.notMatch(message, /SECRET|googleapis|private prompt|https?:/, message)
  }
})
