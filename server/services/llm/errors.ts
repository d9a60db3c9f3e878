// What a user (and the chat layer) is told when a model call fails. Messages are fixed sentences
// chosen by status and error code, never the provider's own text: that can echo a partial API key
// (OpenAI's 401 does), a URL with a key in its query, or the prompt.
import { APICallError } from '@ai-sdk/provider'
import { RetryError, StreamProviderError } from 'ai'
import { AppError } from '../../../shared/errors.ts'
import { ModelTimeoutError } from './timeouts.ts'

export interface ModelErrorDescription {
  /** Stable, e.g. MODEL_AUTH_FAILED; the UI may branch on it. */
  code: string
  /** Safe to show: names the problem and what to do, never a secret. */
  message: string
  /** For an answer that has not started streaming yet. */
  statusCode: number
}

/** Node and undici codes of a server that cannot be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ConnectionRefused',
  'FailedToOpenSocket',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])
/** …and of a connection that broke while the answer was arriving. */
const CONNECTION_LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ConnectionClosed'])

const CONTEXT_TOO_LONG =
  /context_length_exceeded|context[ _-]?length|context window|maximum context|too many tokens|prompt is too long|input is too long|exceeds? the (?:model's )?(?:maximum|context)|max_tokens.*(?:exceed|too large)|request too large/i
const QUOTA = /insufficient_quota|exceeded your current quota|quota|billing|credit balance|out of credits/i

const BAD_KEY = /api[_ ]?key[_ ]?(?:not valid|invalid)|invalid[_ ]api[_ ]key/i

const describe = (code: string, statusCode: number, message: string): ModelErrorDescription => ({ code, message, statusCode })

export function describeModelError(error: unknown): ModelErrorDescription {
  const errors = causeChain(error)

  const appError = errors.find((e): e is AppError => e instanceof AppError)
  if (appError) return describe(appError.code, appError.statusCode, appError.message)

  const timeout = errors.find((e): e is ModelTimeoutError => e instanceof ModelTimeoutError)
  if (timeout) {
    return timeout.kind === 'first-token'
      ? describe('MODEL_FIRST_TOKEN_TIMEOUT', 504, `The model did not start answering within ${duration(timeout.timeoutMs)}. It may be overloaded or still loading; try again in a moment.`)
      : describe('MODEL_IDLE_TIMEOUT', 504, `The model stopped answering for ${duration(timeout.timeoutMs)}, so the answer was cut off. Try again.`)
  }

  if (errors.some(isAbortError)) return describe('MODEL_ABORTED', 499, 'The answer was stopped.')

  for (const e of errors) {
    const status = statusOf(e)
    // A 2xx here is a response that broke while being read: its cause says why.
    if (status !== undefined && status >= 400) return describeStatus(status, providerText(e))
  }

  const codes = errors.map((e) => (e as { code?: unknown }).code).filter((code): code is string => typeof code === 'string')
  if (codes.some((code) => UNREACHABLE_CODES.has(code))) {
    return describe('MODEL_UNREACHABLE', 502, 'Could not reach the AI provider. Check that it is running and that its address (OPENAI_BASE_URL) is right.')
  }
  if (codes.some((code) => CONNECTION_LOST_CODES.has(code)) || errors.some((e) => e instanceof TypeError && e.message === 'terminated')) {
    return describe('MODEL_CONNECTION_LOST', 502, 'The connection to the AI provider broke off before the answer was complete. Try again.')
  }

  const names = new Set(errors.map((e) => (e as { name?: unknown }).name))
  if (names.has('AI_LoadAPIKeyError') || names.has('AI_LoadSettingError')) {
    return describe('MODEL_NOT_CONFIGURED', 500, 'The AI provider is missing its API key on the server.')
  }
  if (['AI_JSONParseError', 'AI_TypeValidationError', 'AI_InvalidResponseDataError', 'AI_EmptyResponseBodyError'].some((name) => names.has(name))) {
    return describe('MODEL_BAD_RESPONSE', 502, 'The AI provider sent an answer this app could not read. Check that OPENAI_BASE_URL points to an OpenAI-compatible API.')
  }
  return describe('MODEL_ERROR', 502, 'The AI provider failed to answer. Try again in a moment.')
}

function describeStatus(status: number, text: string): ModelErrorDescription {
  // Google answers a bad key with 400 INVALID_ARGUMENT.
  if (status === 401 || (status === 400 && BAD_KEY.test(text))) {
    return describe('MODEL_AUTH_FAILED', 502, 'The AI provider rejected the API key: it is missing, wrong or revoked. Check the key the server is configured with (e.g. OPENAI_API_KEY).')
  }
  if (status === 403) return describe('MODEL_FORBIDDEN', 502, 'The AI provider refused access: the API key is not allowed to use this model.')
  if (status === 404) {
    return describe('MODEL_NOT_FOUND', 502, 'The AI provider does not have this model. Check the model ids (AI_MODELS, AI_DEFAULT_MODEL) and the provider address (OPENAI_BASE_URL), or install the model on the server.')
  }
  if (status === 429 && QUOTA.test(text)) {
    return describe('MODEL_QUOTA_EXCEEDED', 502, 'The AI provider account has run out of quota or credit. Check its plan and billing.')
  }
  if (status === 429) return describe('MODEL_RATE_LIMITED', 429, 'The AI provider is rate limiting requests. Wait a moment and try again.')
  if ((status === 400 || status === 413 || status === 422) && CONTEXT_TOO_LONG.test(text)) {
    return describe('MODEL_CONTEXT_TOO_LONG', 400, 'This conversation is too long for the model. Start a new chat or send a shorter message.')
  }
  if (status === 413) return describe('MODEL_CONTEXT_TOO_LONG', 400, 'This conversation is too long for the model. Start a new chat or send a shorter message.')
  if (status === 408 || status === 504) return describe('MODEL_TIMEOUT', 504, 'The AI provider took too long to answer. Try again.')
  if (status === 503 || status === 529) return describe('MODEL_OVERLOADED', 503, 'The AI provider is overloaded or unavailable right now. Try again in a moment.')
  if (status >= 500) return describe('MODEL_PROVIDER_ERROR', 502, 'The AI provider had an internal error. Try again in a moment.')
  return describe('MODEL_REQUEST_REJECTED', 502, 'The AI provider rejected the request.')
}

/** The error, its causes, and what a retry wrapper collected: whichever explains the failure. */
function causeChain(error: unknown): unknown[] {
  const seen = new Set<unknown>()
  const queue = [error]
  const out: unknown[] = []
  while (queue.length > 0 && out.length < 20) {
    const current = queue.shift()
    if (current === undefined || current === null || seen.has(current)) continue
    seen.add(current)
    out.push(current)
    if (RetryError.isInstance(current)) queue.push(current.lastError, ...current.errors)
    if (current instanceof Error || typeof current === 'object') queue.push((current as { cause?: unknown }).cause)
  }
  return out
}

/** Error codes/types providers send inside a stream, without an HTTP status. */
const STREAM_ERROR_STATUS: Record<string, number> = {
  invalid_api_key: 401,
  authentication_error: 401,
  permission_error: 403,
  model_not_found: 404,
  not_found_error: 404,
  rate_limit_exceeded: 429,
  rate_limit_error: 429,
  insufficient_quota: 429,
  context_length_exceeded: 400,
  invalid_request_error: 400,
  overloaded_error: 529,
  server_error: 500,
  api_error: 500,
}

function statusOf(error: unknown): number | undefined {
  if (APICallError.isInstance(error)) return error.statusCode
  if (StreamProviderError.isInstance(error)) {
    return error.statusCode ?? STREAM_ERROR_STATUS[String(error.code)] ?? STREAM_ERROR_STATUS[String(error.type)] ?? 500
  }
  return undefined
}

/** Provider text to classify by (never shown). */
function providerText(error: unknown): string {
  const parts: unknown[] = [(error as Error).message]
  if (APICallError.isInstance(error)) parts.push(error.responseBody, safeJson(error.data))
  if (StreamProviderError.isInstance(error)) parts.push(error.code, error.type, safeJson(error.data))
  return parts.filter((part) => typeof part === 'string' || typeof part === 'number').join(' ')
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}

function isAbortError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AbortError' || name === 'ResponseAborted'
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} second${seconds === 1 ? '' : 's'}`
}
