// A local stand-in for GitHub's OAuth web flow and the REST endpoints sign-in uses, speaking
// GitHub's wire format: the authorize page (consent is simulated by redirecting straight back),
// the token endpoint (HTTP 200 with `{ error, error_description, error_uri }` on failure, JSON only
// when asked with Accept: application/json, else form-encoded), and /user, /user/emails under
// /api/v3 (GitHub Enterprise's layout). It checks what GitHub checks: client credentials, the
// code (single use, bound to its redirect_uri), PKCE, and the bearer token.
import { createHash, randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import type { Test } from 'tap'

export interface FakeGitHubUser {
  id: number
  login: string
  name: string | null
  email: string | null
  avatar_url: string
}

export interface FakeGitHubOptions {
  clientId?: string
  clientSecret?: string
  /** The app's registered callback URL. */
  callbackUrl: string
  user?: FakeGitHubUser
  emails?: Array<{ email: string; primary: boolean; verified: boolean; visibility: string | null }>
}

export const FAKE_CLIENT_ID = 'Iv1.fakeclientid0001'
export const FAKE_CLIENT_SECRET = 'fake-client-secret-do-not-leak'

export const ADA: FakeGitHubUser = {
  id: 583231,
  login: 'octo-ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
}

interface IssuedCode {
  redirectUri: string
  challenge: string
  scope: string
  used: boolean
}

export async function startFakeGitHub(t: Test, options: FakeGitHubOptions) {
  const clientId = options.clientId ?? FAKE_CLIENT_ID
  const clientSecret = options.clientSecret ?? FAKE_CLIENT_SECRET
  const codes = new Map<string, IssuedCode>()
  const tokens = new Set<string>()
  const fake = {
    url: '',
    apiUrl: '',
    user: options.user ?? ADA,
    emails: options.emails ?? [{ email: 'ada@example.com', primary: true, verified: true, visibility: 'private' }],
    /** Simulates the user pressing "Cancel" on GitHub's consent page. */
    deny: false,
    /** The token endpoint holds its answer back this long (for timeouts). */
    tokenDelayMs: 0,
    /** What the app sent to each endpoint, for assertions. */
    requests: { authorize: [] as Array<Record<string, string>>, token: [] as Array<Record<string, string>>, emails: 0 },
    close: () => server.close(),
  }

  const server = Fastify()
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  server.get<{ Querystring: Record<string, string> }>('/login/oauth/authorize', async (request, reply) => {
    const query = request.query
    fake.requests.authorize.push(query)
    // GitHub shows an error page (no redirect) for an unknown client or an unregistered callback.
    if (query.client_id !== clientId) return reply.code(404).type('text/html').send('<h1>404 Not Found</h1>')
    if (query.redirect_uri !== options.callbackUrl) {
      return reply.code(200).type('text/html').send('<h1>The redirect_uri is not associated with this application.</h1>')
    }
    const back = new URL(query.redirect_uri)
    if (fake.deny) {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('error_description', 'The user has denied your application access.')
      back.searchParams.set('error_uri', 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied')
    } else {
      const code = randomBytes(10).toString('hex')
      codes.set(code, { redirectUri: query.redirect_uri, challenge: query.code_challenge ?? '', scope: query.scope ?? '', used: false })
      back.searchParams.set('code', code)
    }
    if (query.state) back.searchParams.set('state', query.state)
    return reply.redirect(back.href, 302)
  })

  server.post<{ Body: Record<string, string> }>('/login/oauth/access_token', async (request, reply) => {
    const body = request.body ?? {}
    fake.requests.token.push(body)
    if (fake.tokenDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.tokenDelayMs))
    const answer = (fields: Record<string, string>) =>
      request.headers.accept?.includes('application/json')
        ? reply.type('application/json; charset=utf-8').send(fields)
        : reply.type('application/x-www-form-urlencoded; charset=utf-8').send(new URLSearchParams(fields).toString())
    const fail = (error: string, description: string, anchor: string) =>
      answer({
        error,
        error_description: description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${anchor}`,
      })

    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      return fail('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.', 'incorrect-client-credentials')
    }
    const issued = body.code ? codes.get(body.code) : undefined
    if (!issued || issued.used) return fail('bad_verification_code', 'The code passed is incorrect or expired.', 'bad-verification-code')
    issued.used = true
    if (body.redirect_uri !== issued.redirectUri) {
      return fail('redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.', 'redirect-uri-mismatch')
    }
    const challenge = body.code_verifier ? createHash('sha256').update(body.code_verifier).digest('base64url') : ''
    if (!issued.challenge || challenge !== issued.challenge) {
      return fail('bad_verification_code', 'The code_verifier does not match the code_challenge supplied in the authorization request for PKCE.', 'bad-verification-code')
    }
    const token = `gho_${randomBytes(18).toString('base64url')}`
    tokens.add(token)
    return answer({ access_token: token, token_type: 'bearer', scope: issued.scope.split(' ').join(',') })
  })

  function authorized(authorization: string | undefined) {
    const match = /^(?:Bearer|token) (.+)$/i.exec(authorization ?? '')
    return match !== null && tokens.has(match[1]!)
  }
  const badCredentials = { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' }

  server.get('/api/v3/user', async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(401).send(badCredentials)
    const user = fake.user
    return {
      login: user.login,
      id: user.id,
      node_id: 'MDQ6VXNlcjU4MzIzMQ==',
      avatar_url: user.avatar_url,
      gravatar_id: '',
      url: `${fake.apiUrl}/users/${user.login}`,
      html_url: `${fake.url}/${user.login}`,
      type: 'User',
      site_admin: false,
      name: user.name,
      company: null,
      blog: '',
      location: null,
      email: user.email,
      hireable: null,
      bio: null,
      public_repos: 3,
      followers: 1,
      following: 0,
      created_at: '2011-01-25T18:44:36Z',
      updated_at: '2026-01-01T00:00:00Z',
    }
  })

  server.get('/api/v3/user/emails', async (request, reply) => {
    fake.requests.emails += 1
    if (!authorized(request.headers.authorization)) return reply.code(401).send(badCredentials)
    return fake.emails
  })

  await server.listen({ host: '127.0.0.1', port: 0 })
  const address = server.server.address() as { port: number }
  fake.url = `http://127.0.0.1:${address.port}`
  fake.apiUrl = `${fake.url}/api/v3`
  t.teardown(() => server.close())
  return fake
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>
