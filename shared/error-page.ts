// What an error page shows (SPEC §2, §8): the page-level error and the messages for HTTP statuses.
// Split from errors.ts, which re-exports all of it, so that the browser's first load carries only
// this part.

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

/** What the error page shows. `fatal` errors replace the whole app; others keep the layout. */
export interface PageError {
  statusCode: number
  statusMessage: string
  message: string
  fatal: boolean
}

export const GENERIC_SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.'

export function serverErrorPage(): PageError {
  return {
    statusCode: 500,
    statusMessage: statusMessageFor(500),
    message: GENERIC_SERVER_ERROR_MESSAGE,
    fatal: true,
  }
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
