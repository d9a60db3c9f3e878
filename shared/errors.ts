// Errors as both sides see them: `{ statusCode, code, message }` on the wire (docs/architecture.md), plus the
// page-level fields the error page shows (docs/product-contract.md), which live in error-page.ts (the browser's
// first load needs only those) and are re-exported here.
import { isPageError, serverErrorPage, type PageError } from './error-page.ts'
import { statusMessageFor } from './status-messages.ts'

export { GENERIC_SERVER_ERROR_MESSAGE, isPageError, serverErrorPage, type PageError } from './error-page.ts'
export { statusMessageFor } from './status-messages.ts'

export interface ErrorBody {
  statusCode: number
  code: string
  message: string
}

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

/** An unmatched path is a non-fatal 404 (docs/product-contract.md). */
export function pageNotFound(path: string): AppError {
  return new AppError(404, 'PAGE_NOT_FOUND', `Page not found: ${path}`)
}

/** A route parameter that fails validation is a fatal 404 (docs/product-contract.md; note the capital N). */
export function routeValidationFailed(path: string): AppError {
  return new AppError(404, 'ROUTE_VALIDATION_FAILED', `Page Not Found: ${path}`, { fatal: true })
}

/** Turns anything thrown into what the error page may show: only AppErrors keep their message. */
export function toPageError(error: unknown): PageError {
  if (error instanceof AppError) return error.toPageError()
  if (isPageError(error)) return error
  return serverErrorPage()
}
