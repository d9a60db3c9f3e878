// What an error page shows (docs/product-contract.md): the page-level error.
// Split from errors.ts, which re-exports all of it, so that the browser's first load carries only
// this part (the messages for HTTP statuses are in status-messages.ts, which it does not need).

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
    // Not statusMessageFor(500): the table of messages stays out of the first load.
    statusMessage: 'Internal Server Error',
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
