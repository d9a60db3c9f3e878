// The session endpoints of docs/product-contract.md and the list of configured sign-in providers.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import type { AuthProvider, SessionPayload } from '../../../shared/auth.ts'
import { SessionSchema } from '../../../shared/session.ts'
import { SESSION_API_PATH } from '../../../shared/constants.ts'

export function configuredProviders(app: FastifyInstance): AuthProvider[] {
  const { auth } = app.config
  const providers: AuthProvider[] = []
  if (auth.local) providers.push({ id: 'local', name: 'Email', url: '/auth/local' })
  if (auth.github) providers.push({ id: 'github', name: 'GitHub', url: '/auth/github' })
  if (auth.oidc) providers.push({ id: 'oidc', name: auth.oidc.name, url: '/auth/oidc' })
  return providers
}

export async function sessionPayload(request: import('fastify').FastifyRequest): Promise<SessionPayload> {
  const user = await request.getUser()
  return user ? { user, loggedInAt: request.loggedInAt() } : {}
}

export default async function authRoutes(app: FastifyInstance) {
  app.get(SESSION_API_PATH, { schema: { response: { 200: SessionSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return sessionPayload(request)
  })

  app.delete(SESSION_API_PATH, { schema: { response: { 200: Type.Object({ loggedOut: Type.Boolean() }) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    await app.auth.signOut(request)
    return { loggedOut: true }
  })

  app.get(
    '/api/auth/providers',
    { schema: { response: { 200: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), url: Type.String() })) } } },
    async () => configuredProviders(app),
  )
}
