// Session routes (SPEC §7, DESIGN §4). For now every visitor is anonymous: the sealed-cookie session,
// sign-in and sign-out land with the identity issue and fill in `{ user, loggedInAt }` here.
import type { FastifyInstance } from 'fastify'
import { SESSION_API_PATH } from '../../../shared/constants.ts'
import { SessionSchema, type Session } from '../../../shared/session.ts'

export default async function authRoutes(app: FastifyInstance) {
  app.get(SESSION_API_PATH, { schema: { response: { 200: SessionSchema } } }, async (_request, reply): Promise<Session> => {
    // Per user and changes on sign-in: no cache may keep it.
    reply.header('cache-control', 'no-store')
    return {}
  })
}
