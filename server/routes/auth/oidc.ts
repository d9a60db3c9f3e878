// Sign in with any OpenID Connect provider. Registered only when OIDC_ISSUER,
// OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set; OIDC_NAME is what users see.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import { createOidcClient } from '../../services/auth/oidc.ts'
import { authorizationError, failSignIn, publicOrigin, savePendingSignIn, signedInRedirect, takePendingSignIn } from '../../services/auth/oauth-state.ts'
import { CallbackQuery, RedirectResponse } from './oauth-schemas.ts'

export default async function oidcAuthRoutes(app: FastifyInstance) {
  const config = app.config.auth.oidc
  if (!config) return
  const oidc = createOidcClient(config)
  const callbackUrl = (request: FastifyRequest) => `${publicOrigin(request, app.config)}/auth/oidc/callback`

  app.get('/auth/oidc', { schema: { response: RedirectResponse } }, async (request, reply) => {
    try {
      const { url, pending } = await oidc.start(callbackUrl(request))
      savePendingSignIn(request, 'oidc', pending)
      reply.header('cache-control', 'no-store')
      return reply.redirect(url, 302)
    } catch (error) {
      return failSignIn(request, reply, config.name, error)
    }
  })

  app.get<{ Querystring: Static<typeof CallbackQuery> }>(
    '/auth/oidc/callback',
    { schema: { querystring: CallbackQuery, response: RedirectResponse } },
    async (request, reply) => {
      try {
        const pending = takePendingSignIn(request, 'oidc', request.query.state)
        const denied = authorizationError('auth: oidc', request.query)
        if (denied) throw denied
        // The URL the provider redirected to: openid-client reads the response parameters from it
        // and derives the redirect_uri it sends to the token endpoint.
        const queryStart = request.url.indexOf('?')
        const search = queryStart === -1 ? '' : request.url.slice(queryStart)
        const identity = await oidc.finish(new URL(`${callbackUrl(request)}${search}`), pending)
        await app.auth.signIn(request, await app.auth.users.upsert(identity))
        return signedInRedirect(reply)
      } catch (error) {
        return failSignIn(request, reply, config.name, error)
      }
    },
  )
}
