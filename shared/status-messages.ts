// The words for HTTP statuses an error page and an error body show ("Not Found"). Apart from
// error-page.ts so that the browser's first load does not carry the table.

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
