// One error handler and one not-found handler for the whole app (docs/architecture.md, docs/product-contract.md).
// API errors are JSON `{ statusCode, code, message }`; 5xx never reveal their cause, which is
// logged with the request id. Page paths are all routed to the renderer, so a not-found here is
// an API path, an asset, or a non-GET method.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, statusMessageFor, type ErrorBody } from '../../shared/errors.ts'

export function errorBody(error: FastifyError | AppError | Error): ErrorBody {
  if (error instanceof AppError) return error.toBody()
  const fastifyError = error as FastifyError
  const statusCode = fastifyError.statusCode ?? 500
  if (statusCode >= 500) return { statusCode, code: 'INTERNAL_SERVER_ERROR', message: statusMessageFor(statusCode) }
  return {
    statusCode,
    code: fastifyError.validation ? 'VALIDATION_ERROR' : (fastifyError.code ?? 'BAD_REQUEST'),
    message: fastifyError.message,
  }
}

/** The 404 of a route that does not exist (also what a route that must not be revealed answers). */
export function routeNotFound(request: FastifyRequest): AppError {
  return new AppError(404, 'NOT_FOUND', `No ${request.method} route for ${request.url.split('?')[0]}`)
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: Error) {
  const body = errorBody(error)
  if (body.statusCode >= 500) {
    request.log.error({ err: error, bot: request.isBot || undefined }, 'errors: request failed')
  } else if (request.isBot) {
    request.log.info({ err: { message: error.message }, statusCode: body.statusCode, bot: true }, 'errors: bot request failed')
  }
  if (typeof (error as FastifyError & { headers?: Record<string, string> }).headers === 'object') {
    reply.headers((error as unknown as { headers: Record<string, string> }).headers)
  }
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body)
}

const FRAMEWORK_ERRORS: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () =>
    new AppError(400, 'BAD_URL', 'The URL is not valid: a “%” in its path must be followed by two hexadecimal digits of a UTF-8 character.'),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError(414, 'URL_TOO_LONG', 'A part of the URL’s path is longer than this server accepts.'),
}

/**
 * Fastify's `frameworkErrors`: the answer to a request refused before routing (a malformed
 * percent-encoding, an overlong path segment). No hook runs for it, so it gets here what every
 * other answer gets from the hooks: the request id and the security headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id)
  const known = FRAMEWORK_ERRORS[error.code]?.()
  const answer = () => sendError(request, reply, known ?? error)
  const { server } = request
  if (!server.hasDecorator('securityHeaders')) return answer()
  server.securityHeaders(request, reply, (headerError) => (headerError ? sendError(request, reply, headerError) : answer()))
}

interface SchemaError {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

/** Validation messages that name the field and the rule in words a user understands. */
export function describeValidation(errors: SchemaError[], dataVar: string): string {
  return errors
    .map((error) => {
      const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.params.missingProperty as string) || dataVar
      switch (error.keyword) {
        case 'required':
          return `${error.params.missingProperty} is required`
        case 'minLength':
          return error.params.limit === 1 ? `${field} must not be empty` : `${field} must be at least ${error.params.limit} characters`
        case 'maxLength':
          return `${field} must be at most ${error.params.limit} characters`
        case 'pattern':
          return field === 'email' ? 'email must be a valid email address' : `${field} has an invalid format`
        case 'additionalProperties':
          return `${dataVar} has an unknown field: ${error.params.additionalProperty}`
        case 'type':
          return `${field} must be ${error.params.type}`
        default:
          return `${field} ${error.message ?? 'is invalid'}`
      }
    })
    .join('; ')
}

export default fp(
  async function errors(app) {
    app.setSchemaErrorFormatter((errors, dataVar) => {
      const error = new Error(describeValidation(errors as SchemaError[], dataVar)) as Error & { statusCode: number }
      error.statusCode = 400
      return error
    })
    app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error))
    app.setNotFoundHandler((request, reply) => {
      return sendError(request, reply, routeNotFound(request))
    })
  },
  { name: 'errors', dependencies: ['bots'] },
)
