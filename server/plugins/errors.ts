// One error handler and one not-found handler for the whole app (DESIGN §2, SPEC §8).
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

export default fp(
  async function errors(app) {
    app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error))
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]
      const error = new AppError(404, 'NOT_FOUND', `No ${request.method} route for ${path}`)
      return sendError(request, reply, error)
    })
  },
  { name: 'errors', dependencies: ['bots'] },
)
