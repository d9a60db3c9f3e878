// Sign in with GitHub: authorization code flow with state and PKCE. Registered only when
// GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Static } from 'typebox'
import * as oauth from 'openid-client'
import { createGitHubClient } from '../../services/auth/github.ts'
import { authorizationError, failSignIn, OAuthError, publicOrigin, savePendingSignIn, signedInRedirect, takePendingSignIn } from '../../services/auth/oauth-state.ts'
import { CallbackQuery, RedirectResponse } from './oauth-schemas.ts'

const PROVIDER_NAME = 'GitHub'

export default async function githubAuthRoutes(app: FastifyInstance) {
  const config = app.config.auth.github
  if (!config) return
  const github = createGitHubClient(config)
  const redirectUri = (request: FastifyRequest) => `${publicOrigin(request, app.config)}/auth/github/callback`

  app.get('/auth/github', { schema: { response: RedirectResponse } }, async (request, reply) => {
    const state = oauth.randomState()
    const verifier = oauth.randomPKCECodeVerifier()
    savePendingSignIn(request, 'github', { state, verifier })
    const url = github.authorizeUrl({ redirectUri: redirectUri(request), state, codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) })
    reply.header('cache-control', 'no-store')
    return reply.redirect(url, 302)
  })

  app.get<{ Querystring: Static<typeof CallbackQuery> }>(
    '/auth/github/callback',
    { schema: { querystring: CallbackQuery, response: RedirectResponse } },
    async (request, reply) => {
      try {
        const { code, state } = request.query
        const pending = takePendingSignIn(request, 'github', state)
        const denied = authorizationError('auth: github', request.query)
        if (denied) throw denied
        if (!code) throw new OAuthError('provider_error', 'auth: github callback without a code')
        const accessToken = await github.exchangeCode({ code, redirectUri: redirectUri(request), codeVerifier: pending.verifier })
        const user = await app.auth.users.upsert(await github.fetchIdentity(accessToken, request.log))
        await app.auth.signIn(request, user)
        return signedInRedirect(reply)
      } catch (error) {
        return failSignIn(request, reply, PROVIDER_NAME, error)
      }
    },
  )
}
