// The one fetch wrapper of the browser: JSON in and out, errors as HttpError with the server's
// `{ statusCode, code, message }`, a timeout combined with the caller's AbortSignal, and the product's
// retry (docs/product-contract.md): once, on 408 409 425 429 500 502 503 504, only for requests
// without a body (a POST that reached the server may have done its work; repeating it could do it
// twice).
import {
  HTTP_RETRY_AFTER_MAX_MS,
  HTTP_RETRY_DELAY_MS,
  HTTP_RETRY_LIMIT,
  HTTP_RETRY_STATUS_CODES,
  HTTP_TIMEOUT_MS,
} from '../../shared/constants.ts'

export type HttpMethod = 'GET' | 'HEAD' | 'DELETE' | 'POST' | 'PUT' | 'PATCH' | 'OPTIONS'

export interface HttpRequestOptions {
  method?: HttpMethod
  /** Sent as JSON. */
  body?: unknown
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Per attempt; defaults to the client's timeout. */
  timeoutMs?: number
  /** Retries allowed (1: "once", docs/product-contract.md); forced to 0 for requests with a body. */
  retry?: number
  /** Let the request finish even if the page unloads (a vote clicked just before a reload). Small bodies only. */
  keepalive?: boolean
}

export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    /** HTTP status, or 0 when no response arrived (network failure, timeout). */
    readonly status: number,
    /** The server's error code (`PAGE_NOT_FOUND`), or `HTTP_{status}`, `NETWORK_ERROR`, `TIMEOUT`, `BAD_RESPONSE`. */
    readonly code: string,
    message: string,
    readonly url: string,
    readonly statusText = '',
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface HttpClientOptions {
  /** The transport; tests pass a fake. Defaults to the global fetch at call time. */
  fetch?: typeof fetch
  timeoutMs?: number
  /** How the client waits before a retry (tests record the delay instead of waiting). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  now?: () => number
}

export interface HttpClient {
  request<T = unknown>(url: string, options?: HttpRequestOptions): Promise<T>
  get<T = unknown>(url: string, options?: Omit<HttpRequestOptions, 'method' | 'body'>): Promise<T>
  post<T = unknown>(url: string, body?: unknown, options?: Omit<HttpRequestOptions, 'method' | 'body'>): Promise<T>
  delete<T = unknown>(url: string, options?: Omit<HttpRequestOptions, 'method'>): Promise<T>
}

const RETRYABLE = new Set(HTTP_RETRY_STATUS_CODES)
const BODYLESS = new Set<HttpMethod>(['GET', 'HEAD', 'DELETE', 'OPTIONS'])

/** `Retry-After` as milliseconds from now (seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function withQuery(url: string, query: HttpRequestOptions['query']): string {
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value))
  const search = params.toString()
  return search ? url + (url.includes('?') ? '&' : '?') + search : url
}

async function readBody(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; text: string }> {
  const text = await response.text()
  if (!text) return { ok: true, value: undefined }
  const type = response.headers.get('content-type') ?? ''
  if (!/[/+]json\b/i.test(type)) return { ok: false, text }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, text }
  }
}

export function createHttpClient(clientOptions: HttpClientOptions = {}): HttpClient {
  const sleep = clientOptions.sleep ?? abortableSleep
  const now = clientOptions.now ?? Date.now

  async function attempt(url: string, init: RequestInit, callerSignal: AbortSignal | undefined, timeoutMs: number) {
    // One controller per attempt, aborted by the caller's signal or the timer, whichever is first
    // (AbortSignal.any is too new for the browsers we support).
    callerSignal?.throwIfAborted()
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    const onAbort = () => controller.abort(callerSignal!.reason)
    callerSignal?.addEventListener('abort', onAbort, { once: true })
    try {
      const fetchImpl = clientOptions.fetch ?? globalThis.fetch
      const response = await fetchImpl(url, { ...init, signal: controller.signal })
      const body = await readBody(response)
      return { response, body }
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason
      if (timedOut) throw new HttpError(0, 'TIMEOUT', `Request timed out after ${timeoutMs} ms`, url, '', { cause: error })
      throw new HttpError(0, 'NETWORK_ERROR', `Network error: ${(error as Error)?.message ?? error}`, url, '', { cause: error })
    } finally {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onAbort)
    }
  }

  async function request<T>(path: string, options: HttpRequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET'
    const url = withQuery(path, options.query)
    const hasBody = options.body !== undefined
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
    if (hasBody) headers['content-type'] ??= 'application/json'
    const init: RequestInit = { method, headers, body: hasBody ? JSON.stringify(options.body) : undefined, credentials: 'same-origin' }
    if (options.keepalive) init.keepalive = true
    const retries = hasBody || !BODYLESS.has(method) ? 0 : (options.retry ?? HTTP_RETRY_LIMIT)
    const timeoutMs = options.timeoutMs ?? clientOptions.timeoutMs ?? HTTP_TIMEOUT_MS

    for (let attemptIndex = 0; ; attemptIndex++) {
      let outcome: Awaited<ReturnType<typeof attempt>>
      try {
        outcome = await attempt(url, init, options.signal, timeoutMs)
      } catch (error) {
        // A dropped connection is as transient as a 502; a timeout already used up the user's patience.
        if (error instanceof HttpError && error.code === 'NETWORK_ERROR' && attemptIndex < retries) {
          await sleep(HTTP_RETRY_DELAY_MS, options.signal)
          continue
        }
        throw error
      }
      const { response, body } = outcome
      if (response.ok) {
        if (!body.ok) throw new HttpError(response.status, 'BAD_RESPONSE', `Expected JSON from ${url}`, url, response.statusText)
        return body.value as T
      }
      if (attemptIndex < retries && RETRYABLE.has(response.status)) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now())
        await sleep(Math.min(retryAfter ?? HTTP_RETRY_DELAY_MS, HTTP_RETRY_AFTER_MAX_MS), options.signal)
        continue
      }
      const error = body.ok ? (body.value as { code?: unknown; message?: unknown } | undefined) : undefined
      throw new HttpError(
        response.status,
        typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
        typeof error?.message === 'string' ? error.message : response.statusText || `HTTP ${response.status}`,
        url,
        response.statusText,
      )
    }
  }

  return {
    request,
    get: (url, options) => request(url, { ...options, method: 'GET' }),
    post: (url, body, options) => request(url, { ...options, method: 'POST', body }),
    delete: (url, options) => request(url, { ...options, method: 'DELETE' }),
  }
}

/** The app's client: every browser call to the server goes through it. */
export const http: HttpClient = createHttpClient()
