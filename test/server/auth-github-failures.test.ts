// Every way a GitHub sign-in can fail ends in a redirect home with a short message, signs nobody
// in, and leaks neither secrets nor upstream bodies; details go to the log.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { readSession } from '../helpers/session.ts'
import { FAKE_CLIENT_SECRET } from '../helpers/fake-github.ts'
import { rewritePendingSignIn } from '../helpers/pending-sign-in.ts'
import { authError, callback, githubApp, signInWithGitHub, startSignIn, visitProvider } from '../helpers/github-flow.ts'
import { createGitHubClient } from '../../server/services/auth/github.ts'
import { OAuthError } from '../../server/services/auth/oauth-state.ts'

const EXPIRED = 'Your sign-in attempt expired or was not started here. Please try again.'

async function assertSignedOut(t: Test, app: FastifyInstance, cookie: string | undefined) {
  t.same((await readSession(app, cookie)).json(), {}, 'nobody is signed in')
}

t.test('a tampered state is refused before the code is spent', async (t) => {
  const { app, github } = await githubApp(t)
  const started = await startSignIn(app)
  const back = await visitProvider(started.location)
  back.searchParams.set('state', 'attacker-chosen-state')
  const { res, cookie } = await callback(app, back, started.cookie)
  t.equal(res.statusCode, 302)
  t.equal(authError(res), EXPIRED)
  t.equal(github.requests.token.length, 0, 'the code was never exchanged')
  await assertSignedOut(t, app, cookie)
})

t.test("a callback from another browser (no pending sign-in in this one) is refused: no login CSRF", async (t) => {
  const { app, github } = await githubApp(t)
  const attacker = await startSignIn(app)
  const back = await visitProvider(attacker.location)
  const { res, cookie } = await callback(app, back, undefined)
  t.equal(authError(res), EXPIRED)
  t.equal(github.requests.token.length, 0)
  await assertSignedOut(t, app, cookie)
})

t.test('code and state are single use', async (t) => {
  const { app, github } = await githubApp(t)
  const first = await signInWithGitHub(app)
  t.equal(first.res.headers.location, '/')

  const sameCookie = await callback(app, first.back, first.cookie)
  t.equal(authError(sameCookie.res), EXPIRED, 'the pending sign-in was used up by the first callback')

  // A copy of the cookie from before the callback still holds the state; the code is spent.
  const copiedCookie = await callback(app, first.back, first.started.cookie)
  t.equal(authError(copiedCookie.res), 'GitHub could not sign you in. Please try again.')
  t.equal(github.requests.token.length, 2)
  await assertSignedOut(t, app, copiedCookie.cookie)
})

t.test('an attempt older than 10 minutes is refused', async (t) => {
  const { app } = await githubApp(t)
  const started = await startSignIn(app)
  const back = await visitProvider(started.location)
  const expired = rewritePendingSignIn(app, started.cookie!, 'github', (pending) => ({ ...pending, exp: Date.now() - 1 }))
  const { res, cookie } = await callback(app, back, expired)
  t.equal(authError(res), EXPIRED)
  await assertSignedOut(t, app, cookie)
})

t.test('the PKCE verifier kept for this browser is what GitHub checks', async (t) => {
  const { app, logs } = await githubApp(t)
  const started = await startSignIn(app)
  const back = await visitProvider(started.location)
  const wrongVerifier = rewritePendingSignIn(app, started.cookie!, 'github', (pending) => ({ ...pending, verifier: 'x'.repeat(43) }))
  const { res, cookie } = await callback(app, back, wrongVerifier)
  t.equal(authError(res), 'GitHub could not sign you in. Please try again.')
  t.match(logs.find((line) => line.msg === 'auth: github token exchange failed'), { error: 'bad_verification_code' })
  await assertSignedOut(t, app, cookie)
})

t.test('the user pressing Cancel at GitHub', async (t) => {
  const { app, github, logs } = await githubApp(t)
  github.deny = true
  const { res, cookie, back } = await signInWithGitHub(app)
  t.equal(back.searchParams.get('error'), 'access_denied')
  t.equal(res.statusCode, 302)
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(authError(res), 'Sign-in was cancelled.')
  t.equal(github.requests.token.length, 0)
  t.match(logs.find((line) => line.msg === 'auth: github access denied by the user'), { level: 30, error: 'access_denied' })
  await assertSignedOut(t, app, cookie)
})

t.test('GitHub refusing the token request (wrong client secret): a generic message, details only in the log', async (t) => {
  const { app, logs } = await githubApp(t, {}, { GITHUB_CLIENT_SECRET: 'a-wrong-secret-value' })
  const { res, cookie } = await signInWithGitHub(app)
  t.equal(res.statusCode, 302)
  t.equal(authError(res), 'GitHub could not sign you in. Please try again.')
  const location = String(res.headers.location)
  t.notMatch(location, /incorrect|client_secret|secret-value/, 'no upstream error text or secret in the redirect')
  t.match(logs.find((line) => line.msg === 'auth: github token exchange failed'), { level: 40, kind: 'token_rejected', error: 'incorrect_client_credentials' })
  t.notMatch(JSON.stringify(logs), /a-wrong-secret-value/, 'the secret is never logged')
  await assertSignedOut(t, app, cookie)
})

t.test('GitHub down: a "could not reach" message', async (t) => {
  const { app, github, logs } = await githubApp(t)
  const started = await startSignIn(app)
  const back = await visitProvider(started.location)
  await github.close()
  const { res, cookie } = await callback(app, back, started.cookie)
  t.equal(authError(res), 'Could not reach GitHub. Please try again in a moment.')
  t.match(logs.find((line) => line.msg === 'auth: github token exchange failed'), { kind: 'unreachable' })
  t.notMatch(JSON.stringify(logs), FAKE_CLIENT_SECRET)
  await assertSignedOut(t, app, cookie)
})

t.test('a token endpoint that does not answer in time counts as unreachable', async (t) => {
  const { github } = await githubApp(t)
  github.tokenDelayMs = 1_500
  const client = createGitHubClient({ url: github.url, apiUrl: github.apiUrl, clientId: 'Iv1.fakeclientid0001', clientSecret: FAKE_CLIENT_SECRET, timeoutMs: 100 })
  const error = await client.exchangeCode({ code: 'whatever', redirectUri: 'http://app.test/auth/github/callback', codeVerifier: 'v'.repeat(43) }).catch((e) => e)
  t.ok(error instanceof OAuthError)
  t.match(error, { kind: 'unreachable', message: 'auth: github token exchange timed out' })
})
