// What went wrong with a chat request, in words the user can act on. Errors reach the chat screen in
// three shapes: our HTTP client's HttpError, the AI SDK's APICallError (the server's JSON error body
// is its responseBody) and a plain Error carrying a model failure's text from the stream.

export interface ChatFailure {
  /** HTTP status when the server answered; 0 when it never did (offline, connection dropped). */
  status: number
  message: string
}

const OFFLINE_MESSAGE = 'Could not reach the server. Check your connection and try again.'

export function describeChatError(error: unknown): ChatFailure {
  if (typeof error !== 'object' || error === null) return { status: 0, message: String(error) }
  const value = error as { status?: unknown; statusCode?: unknown; responseBody?: unknown; message?: unknown; code?: unknown; name?: unknown }
  const status = typeof value.statusCode === 'number' ? value.statusCode : typeof value.status === 'number' ? value.status : 0
  if (typeof value.responseBody === 'string') {
    try {
      const body = JSON.parse(value.responseBody) as { message?: unknown }
      if (typeof body.message === 'string') return { status, message: body.message }
    } catch {
      // Not our JSON error body (a proxy's HTML page): fall through to the generic text.
    }
    return { status, message: status >= 500 ? 'The server could not answer. Try again in a moment.' : `The request failed (HTTP ${status}).` }
  }
  if (value.code === 'NETWORK_ERROR' || value.code === 'TIMEOUT' || (value.name === 'TypeError' && status === 0)) {
    return { status: 0, message: OFFLINE_MESSAGE }
  }
  return { status, message: typeof value.message === 'string' && value.message ? value.message : 'Something went wrong.' }
}

/**
 * Whether sending the same request again can succeed: not for a refusal of the request itself (a
 * 400 stays a 400), but for a lost connection, a server error, a rate limit or a busy chat.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 409 || status === 425 || status === 429
}

/** No answer at all: the browser is offline or the server went away (a fetch or a stream cut). */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const value = error as { code?: unknown; name?: unknown; message?: unknown }
  if (value.code === 'NETWORK_ERROR') return true
  // The AI SDK's own test for a disconnect (Chromium: "network error", "Failed to fetch"; Safari: "Load failed").
  return value.name === 'TypeError' && typeof value.message === 'string' && /fetch|network|load failed/i.test(value.message)
}
