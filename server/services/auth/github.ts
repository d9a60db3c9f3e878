// GitHub's OAuth web flow (with PKCE) and the two API calls that make an identity. GitHub is not an
// OpenID Connect provider, so this is hand-written against its documented wire format: the token
// endpoint answers errors with HTTP 200 and `{ error, error_description }`.
import type { FastifyBaseLogger } from 'fastify'
import type { Identity } from './users.ts'
import { OAuthError, PROVIDER_TIMEOUT_MS, unreachable } from './oauth-state.ts'

export interface GitHubOptions {
  /** Where authorize and access_token live: https://github.com, or a GitHub Enterprise server. */
  url: string
  apiUrl: string
  clientId: string
  clientSecret: string
  timeoutMs?: number
}

export const GITHUB_SCOPE = 'read:user user:email'
const USER_AGENT = 'chat-template'

interface GitHubUser {
  id: number
  login: string
  name: string | null
  email: string | null
  avatar_url: string | null
}

interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
}

export function createGitHubClient(options: GitHubOptions) {
  const base = options.url.replace(/\/+$/, '')
  const apiBase = options.apiUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw unreachable(`auth: github ${what}`, error)
    }
  }

  async function readJson(response: Response, what: string): Promise<unknown> {
    try {
      return await response.json()
    } catch (error) {
      // A body that stops arriving in time is the provider being unreachable, not malformed.
      if (error instanceof Error && error.name === 'TimeoutError') throw unreachable(`auth: github ${what}`, error)
      return undefined
    }
  }

  function api(path: string, accessToken: string) {
    return call(
      `${apiBase}${path}`,
      {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${accessToken}`,
          'user-agent': USER_AGENT,
          'x-github-api-version': '2022-11-28',
        },
      },
      `GET ${path}`,
    )
  }

  /** The primary verified address, for users who keep their profile email private. */
  async function primaryEmail(accessToken: string, log: FastifyBaseLogger): Promise<string | null> {
    const response = await api('/user/emails', accessToken)
    const body = await readJson(response, 'GET /user/emails')
    if (!response.ok || !Array.isArray(body)) {
      // Signing in does not need an email: go on without one.
      log.warn({ status: response.status }, 'auth: github emails request failed; signing in without an email')
      return null
    }
    const primary = (body as GitHubEmail[]).find((entry) => entry?.primary && entry.verified && typeof entry.email === 'string')
    return primary?.email ?? null
  }

  return {
    authorizeUrl(input: { redirectUri: string; state: string; codeChallenge: string }): string {
      const params = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: input.redirectUri,
        scope: GITHUB_SCOPE,
        state: input.state,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      })
      return `${base}/login/oauth/authorize?${params}`
    },

    /** Trades the callback's code for an access token. */
    async exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<string> {
      const response = await call(
        `${base}/login/oauth/access_token`,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
          body: new URLSearchParams({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code: input.code,
            redirect_uri: input.redirectUri,
            code_verifier: input.codeVerifier,
          }),
        },
        'token exchange',
      )
      const body = (await readJson(response, 'token exchange')) as Record<string, unknown> | undefined
      if (!response.ok || !body || typeof body.error === 'string' || typeof body.access_token !== 'string') {
        throw new OAuthError('token_rejected', 'auth: github token exchange failed', {
          details: { status: response.status, error: body?.error, errorDescription: body?.error_description },
        })
      }
      return body.access_token
    },

    async fetchIdentity(accessToken: string, log: FastifyBaseLogger): Promise<Identity> {
      const response = await api('/user', accessToken)
      const user = (await readJson(response, 'GET /user')) as GitHubUser | undefined
      if (!response.ok || !user || typeof user.id !== 'number' || typeof user.login !== 'string') {
        throw new OAuthError('profile_failed', 'auth: github user request failed', { details: { status: response.status } })
      }
      const email = typeof user.email === 'string' && user.email ? user.email : await primaryEmail(accessToken, log)
      return {
        provider: 'github',
        providerId: String(user.id),
        email,
        // GitHub shows only a verified address as a profile's public email; the other is its verified primary.
        emailVerified: email !== null,
        name: user.name || user.login,
        avatar: typeof user.avatar_url === 'string' ? user.avatar_url : null,
        username: user.login,
      }
    },
  }
}

export type GitHubClient = ReturnType<typeof createGitHubClient>
