// A real OpenID Connect provider (oidc-provider) on 127.0.0.1:0 with one confidential client and one
// account. Its login and consent interactions approve at once (or refuse, with `deny`), standing in
// for a user who signs in and consents. The server starts first so its issuer URL can configure the
// app; the client is registered once the app's callback URL is known.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { generateKeyPairSync } from 'node:crypto'
import type { Test } from 'tap'
import { Provider } from 'oidc-provider'

export const OIDC_CLIENT_ID = 'chat-template'
export const OIDC_CLIENT_SECRET = 'oidc-client-secret-do-not-leak-0123456789'

export const GRACE = {
  sub: 'grace-0001',
  email: 'grace@example.org',
  email_verified: true,
  name: 'Grace Hopper',
  preferred_username: 'ghopper',
  picture: 'https://id.example.org/avatars/grace.png',
}

export type TestAccount = { sub: string } & Partial<Omit<typeof GRACE, 'sub'>>

export async function startOidcProvider(t: Test) {
  let provider: Provider | undefined
  const op = {
    issuer: '',
    account: GRACE as TestAccount,
    /** The user refuses at the consent step. */
    deny: false,
    /** Discovery answers 503 (the provider is down). */
    down: false,
    discoveryRequests: 0,
    /** Errors the provider reported while handling token requests (e.g. a PKCE mismatch). */
    grantErrors: [] as Array<{ error: string; detail?: string }>,
    tokenRequests: 0,

    /** Creates the provider with a client whose only redirect URI is `callbackUrl`. */
    registerClient(callbackUrl: string) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
      provider = new Provider(op.issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT_ID,
            client_secret: OIDC_CLIENT_SECRET,
            redirect_uris: [callbackUrl],
            response_types: ['code'],
            grant_types: ['authorization_code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
        cookies: { keys: ['oidc-test-cookie-key-0123456789abcdef'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username', 'picture'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
        findAccount: async (_ctx, sub) => (sub === op.account.sub ? { accountId: sub, claims: async () => ({ ...op.account }) } : undefined),
      })
      provider.on('grant.error', (_ctx, error: { error: string; error_detail?: string }) => {
        op.tokenRequests += 1
        op.grantErrors.push({ error: error.error, detail: error.error_detail })
      })
      provider.on('grant.success', () => {
        op.tokenRequests += 1
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  async function interact(req: IncomingMessage, res: ServerResponse, current: Provider) {
    const details = await current.interactionDetails(req, res)
    if (op.deny) {
      await current.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false })
      return
    }
    const grant = new current.Grant({ accountId: op.account.sub, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope))
    const grantId = await grant.save()
    await current.interactionFinished(req, res, { login: { accountId: op.account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
  }

  const server = createServer((req, res) => {
    if (req.url?.startsWith('/.well-known/openid-configuration')) {
      op.discoveryRequests += 1
      if (op.down) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance')
        return
      }
    }
    if (!provider) {
      res.writeHead(503).end('no client registered yet')
      return
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res, provider).catch((error: Error) => res.writeHead(500).end(error.message))
      return
    }
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  op.issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  t.teardown(() => {
    server.closeAllConnections()
    return op.close()
  })
  return op
}

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>
