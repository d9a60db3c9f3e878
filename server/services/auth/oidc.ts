// Generic OpenID Connect sign-in through openid-client: discovery (cached per process, retried on
// the next sign-in if it failed), authorization code flow with state, nonce and PKCE, ID token
// validation by the library, then the userinfo endpoint for profile claims.
import * as client from 'openid-client'
import type { Identity } from './users.ts'
import { OAuthError, PROVIDER_TIMEOUT_MS, unreachable, type OAuthFailure, type PendingSignIn } from './oauth-state.ts'

export interface OidcOptions {
  issuer: string
  clientId: string
  clientSecret: string
  timeoutMs?: number
}

export const OIDC_SCOPE = 'openid email profile'

/** http:// is acceptable only for a provider on this machine (development, tests). */
export function isLoopbackUrl(value: string): boolean {
  const url = new URL(value)
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
}

export function createOidcClient(options: OidcOptions) {
  const timeoutS = Math.ceil((options.timeoutMs ?? PROVIDER_TIMEOUT_MS) / 1000)
  const issuer = new URL(options.issuer)
  // openid-client refuses plain HTTP. Allowing it for a loopback issuer lets tests and local
  // development run a real provider without TLS; configuration rejects http:// anywhere else.
  const insecure = issuer.protocol === 'http:' && isLoopbackUrl(options.issuer)
  let discovered: Promise<client.Configuration> | undefined

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, options.clientId, options.clientSecret, undefined, {
        timeout: timeoutS,
        execute: insecure ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        // Not cached: the provider may be back by the next sign-in.
        discovered = undefined
        throw new OAuthError('unreachable', 'auth: oidc discovery failed', { cause: error })
      })
    return discovered
  }

  return {
    async start(redirectUri: string): Promise<{ url: string; pending: Omit<PendingSignIn, 'exp'> }> {
      const config = await configuration()
      const pending = { state: client.randomState(), verifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      })
      return { url: url.href, pending }
    },

    /** Validates the callback (`currentUrl` is the callback as the browser requested it) and reads the user. */
    async finish(currentUrl: URL, pending: PendingSignIn): Promise<Identity> {
      const config = await configuration()
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
      try {
        tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        })
      } catch (error) {
        throw failure(error, 'token_rejected', 'auth: oidc token exchange')
      }
      const idClaims = tokens.claims()!
      let profile: Record<string, unknown> = idClaims
      if (config.serverMetadata().userinfo_endpoint) {
        try {
          profile = { ...idClaims, ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)) }
        } catch (error) {
          throw failure(error, 'profile_failed', 'auth: oidc userinfo request')
        }
      }
      return toIdentity(idClaims.sub, profile)
    },
  }
}

function failure(error: unknown, kind: OAuthFailure, what: string): OAuthError {
  if (error instanceof OAuthError) return error
  // fetch itself throws a plain TypeError (no code) when the connection fails; openid-client codes
  // its own argument errors and reports timeouts as OAUTH_TIMEOUT.
  const code = (error as { code?: unknown }).code
  if ((error instanceof TypeError && code === undefined) || code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') {
    return unreachable(what, error)
  }
  const details: Record<string, unknown> = { code }
  if (error instanceof client.ResponseBodyError) Object.assign(details, { status: error.status, error: error.error, errorDescription: error.error_description })
  return new OAuthError(kind, `${what} failed`, { cause: error, details })
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null
}

export function toIdentity(sub: string, claims: Record<string, unknown>): Identity {
  const email = text(claims.email)
  const username = text(claims.preferred_username)
  return {
    provider: 'oidc',
    providerId: sub,
    email,
    emailVerified: email !== null && claims.email_verified === true,
    name: text(claims.name) ?? username ?? email ?? sub,
    avatar: text(claims.picture),
    username,
  }
}
