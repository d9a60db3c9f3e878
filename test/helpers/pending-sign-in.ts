import type { FastifyInstance } from 'fastify'
import type { OAuthProviderId, PendingSignIn } from '../../server/services/auth/oauth-state.ts'

/**
 * Rewrites the pending sign-in sealed in a session cookie value, as only someone holding the key
 * could: lets tests reach the checks behind the seal (expiry, PKCE verifier, nonce).
 */
export function rewritePendingSignIn(app: FastifyInstance, cookie: string, provider: OAuthProviderId, change: (pending: PendingSignIn) => PendingSignIn): string {
  const session = app.decodeSecureSession(decodeURIComponent(cookie))
  if (!session) throw new Error('not a session cookie')
  const key = `oauth_${provider}`
  session.set(key as never, change(session.get(key)) as never)
  return encodeURIComponent(app.encodeSecureSession(session))
}
