// The find bar of a chat: which messages of the shown branch hold a text, with how many
// follow each, so a long chat's screen loads back to a match it does not show yet.
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { CHAT_FIND_MAX_MATCHES } from '../../../shared/constants.ts'
import { ErrorBody, Params, chatAccess } from './common.ts'

export async function findRoutes(app: FastifyInstance) {
  const access = chatAccess(app)
  app.get<{ Params: Static<typeof Params>; Querystring: { q: string } }>(
    '/api/chats/:id/find',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ q: Type.String({ maxLength: 1000 }) }),
        response: { 200: Type.Object({ matches: Type.Array(Type.Object({ id: Type.String(), after: Type.Integer() })) }), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const q = request.query.q.trim()
      if (q.length < 1 || q.length > 200) throw new AppError(400, 'BAD_QUERY', 'q must be 1 to 200 characters (after trimming spaces)')
      await access(request, request.params.id, 'read')
      return { matches: await app.chats.findInBranch(request.params.id, q, CHAT_FIND_MAX_MATCHES) }
    },
  )
}
