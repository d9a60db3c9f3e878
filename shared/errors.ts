// Errors as both sides see them: `{ statusCode, code, message }` on the wire (DESIGN §2), plus the
// page-level fields the error page shows (SPEC §2, §8).

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export function statusMessageFor(statusCode: number): string {
  return STATUS_MESSAGES[statusCode] ?? (statusCode >= 500 ? 'Server Error' : 'Error')
}

export interface ErrorBody {
  statusCode: number
  code: string
  message: string
}

/** What the error page shows. `fatal` errors replace the whole app; others keep the layout. */
export interface PageError {
  statusCode: number
  statusMessage: string
  message: string
  fatal: boolean
}

export const GENERIC_SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'

export class AppError extends Error {
  override name = 'AppError'
  readonly statusCode: number
  readonly code: string
  readonly fatal: boolean

  constructor(statusCode: number, code: string, message: string, options: { fatal?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.statusCode = statusCode
    this.code = code
    this.fatal = options.fatal ?? false
  }

  toPageError(): PageError {
    return {
      statusCode: this.statusCode,
      statusMessage: statusMessageFor(this.statusCode),
      message: this.message,
      fatal: this.fatal,
    }
  }

  toBody(): ErrorBody {
    return { statusCode: this.statusCode, code: this.code, message: this.message }
  }
}

/** SPEC §8: an unmatched path is a non-fatal 404. */
export function pageNotFound(path: string): AppError {
  return new AppError(404, 'PAGE_NOT_FOUND', `Page not found: ${path}`)
}

/** SPEC §8: a route parameter that fails validation is a fatal 404 (note the capital N). */
export function routeValidationFailed(path: string): AppError {
  return new AppError(404, 'ROUTE_VALIDATION_FAILED', `Page Not Found: ${path}`, { fatal: true })
}

export function serverErrorPage(): PageError {
  return {
    statusCode: 500,
    statusMessage: statusMessageFor(500),
    message: GENERIC_SERVER_ERROR_MESSAGE,
    fatal: true,
  }
}

/** Turns anything thrown into what the error page may show: only AppErrors keep their message. */
export function toPageError(error: unknown): PageError {
  if (error instanceof AppError) return error.toPageError()
  if (isPageError(error)) return error
  return serverErrorPage()
}

export function isPageError(value: unknown): value is PageError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PageError).statusCode === 'number' &&
    typeof (value as PageError).message === 'string' &&
    typeof (value as PageError).statusMessage === 'string'
  )
}
