// Personal API tokens, managed from Settings by a signed-in user with a browser (a token
// itself cannot reach these routes: the session plugin refuses it). The secret is in the creation
// answer only; the list shows names, creation and last use.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { API_TOKEN_NAME_MAX_CHARS } from '../../../shared/api-tokens.ts'
import { ApiTokenSchema } from '../../../shared/api-token-schema.ts'
import { API_TOKENS_PER_USER } from '../../services/auth/api-tokens.ts'
import { ErrorBody, NO_NUL } from '../chats/common.ts'

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })

export default async function tokenRoutes(app: FastifyInstance) {
  async function signedIn(request: FastifyRequest) {
    const user = await request.getUser()
    if (!user) throw new AppError(401, 'NOT_SIGNED_IN', 'Sign in to manage API tokens.')
    return user
  }
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/tokens')) reply.header('cache-control', 'no-store')
  })

  app.get('/api/tokens', { schema: { response: { 200: Type.Object({ tokens: Type.Array(ApiTokenSchema) }), 401: ErrorBody } } }, async (request) => {
    const user = await signedIn(request)
    return { tokens: await app.auth.apiTokens.list(user.id) }
  })

  app.post<{ Body: { name: string } }>(
    '/api/tokens',
    {
      schema: {
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX_CHARS, pattern: NO_NUL }) }, { additionalProperties: false }),
        response: { 201: Type.Object({ token: Type.String(), apiToken: ApiTokenSchema }), 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request)
      const name = request.body.name.trim()
      if (!name) throw new AppError(400, 'EMPTY_NAME', 'Give the token a name (what will use it).')
      if ((await app.auth.apiTokens.count(user.id)) >= API_TOKENS_PER_USER) {
        throw new AppError(409, 'TOO_MANY_TOKENS', `You have ${API_TOKENS_PER_USER} API tokens, the most one account may hold. Revoke one you no longer use.`)
      }
      const { token, ...apiToken } = await app.auth.apiTokens.create(user.id, name)
      request.log.info({ userId: user.id, tokenId: apiToken.id }, 'tokens: API token made')
      reply.code(201)
      return { token, apiToken }
    },
  )

  app.delete<{ Params: Static<typeof Params> }>('/api/tokens/:id', { schema: { params: Params, response: { 401: ErrorBody, 404: ErrorBody } } }, async (request, reply) => {
    const user = await signedIn(request)
    if (!(await app.auth.apiTokens.revoke(user.id, request.params.id))) throw new AppError(404, 'TOKEN_NOT_FOUND', 'You have no API token with this id.')
    request.log.info({ userId: user.id, tokenId: request.params.id }, 'tokens: API token revoked')
    return reply.code(204).send()
  })
}
