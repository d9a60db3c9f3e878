// OpenID Connect sign-ins that must fail: state, nonce and PKCE are each enforced, a refusal at the
// provider and a provider that is down end in the error redirect, and a failed discovery is retried.
import t from 'tap'
import { authErrorOf, currentSession, finishAt, OIDC_NAME, oidcApp, rewritePending, signInWithOidc, toCallback } from '../helpers/oidc-flow.ts'
import { OIDC_CLIENT_SECRET } from '../helpers/oidc-provider.ts'

const EXPIRED = 'Your sign-in attempt expired or was not started here. Please try again.'
const REJECTED = `${OIDC_NAME} could not sign you in. Please try again.`

t.test('a tampered state is refused and the code is never redeemed', async (t) => {
  const flow = await oidcApp(t)
  const { callbackUrl } = await toCallback(flow)
  callbackUrl.searchParams.set('state', 'attacker-chosen-state')
  const done = await finishAt(flow, callbackUrl)
  t.equal(done.status, 302)
  t.equal(authErrorOf(done.location), EXPIRED)
  t.equal(flow.op.tokenRequests, 0)
  t.same(await currentSession(flow), {})
})

t.test('the state is single use', async (t) => {
  const flow = await oidcApp(t)
  const { callbackUrl } = await toCallback(flow)
  t.equal((await finishAt(flow, callbackUrl)).location, '/')
  const replay = await finishAt(flow, callbackUrl)
  t.equal(authErrorOf(replay.location), EXPIRED)
})

t.test('the nonce is enforced: an ID token minted for another nonce is refused', async (t) => {
  const flow = await oidcApp(t)
  const { callbackUrl } = await toCallback(flow)
  rewritePending(flow, (pending) => ({ ...pending, nonce: 'some-other-nonce' }))
  const done = await finishAt(flow, callbackUrl)
  t.equal(authErrorOf(done.location), REJECTED)
  t.match(flow.logs.find((line) => line.msg === 'auth: oidc token exchange failed'), { level: 40, kind: 'token_rejected', err: { message: /nonce/ } })
  t.same(await currentSession(flow), {})
})

t.test('PKCE is enforced: the provider refuses a code with the wrong verifier', async (t) => {
  const flow = await oidcApp(t)
  const { callbackUrl } = await toCallback(flow)
  rewritePending(flow, (pending) => ({ ...pending, verifier: 'x'.repeat(43) }))
  const done = await finishAt(flow, callbackUrl)
  t.equal(authErrorOf(done.location), REJECTED)
  t.match(flow.op.grantErrors, [{ error: 'invalid_grant', detail: 'code_verifier does not match code_challenge' }])
  t.match(flow.logs.find((line) => line.msg === 'auth: oidc token exchange failed'), { error: 'invalid_grant', status: 400 })
  t.same(await currentSession(flow), {})
})

t.test('the user refusing at the provider', async (t) => {
  const flow = await oidcApp(t)
  flow.op.deny = true
  const { callbackUrl } = await toCallback(flow)
  t.equal(callbackUrl.searchParams.get('error'), 'access_denied')
  const done = await finishAt(flow, callbackUrl)
  t.equal(authErrorOf(done.location), 'Sign-in was cancelled.')
  t.equal(flow.op.tokenRequests, 0)
  t.same(await currentSession(flow), {})
})

t.test('a wrong client secret: a generic message; neither secret nor upstream text leaks', async (t) => {
  const flow = await oidcApp(t, { OIDC_CLIENT_SECRET: 'not-the-registered-secret' })
  const done = await signInWithOidc(flow)
  t.equal(authErrorOf(done.location), REJECTED)
  t.notMatch(String(done.location), /invalid_client|secret/)
  t.match(flow.logs.find((line) => line.msg === 'auth: oidc token exchange failed'), { error: 'invalid_client' })
  const logged = JSON.stringify(flow.logs)
  t.notMatch(logged, 'not-the-registered-secret')
  t.notMatch(logged, OIDC_CLIENT_SECRET)
})

t.test('a provider that is down: an error redirect, and discovery is retried on the next sign-in', async (t) => {
  const flow = await oidcApp(t)
  flow.op.down = true
  const res = await flow.app.inject({ url: '/auth/oidc', headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0.0.0' } })
  t.equal(res.statusCode, 302)
  t.equal(authErrorOf(String(res.headers.location)), `Could not reach ${OIDC_NAME}. Please try again in a moment.`)
  t.match(flow.logs.find((line) => line.msg === 'auth: oidc discovery failed'), { level: 40, kind: 'unreachable' })

  flow.op.down = false
  t.equal((await signInWithOidc(flow)).location, '/', 'the failed discovery was not cached')
  t.equal(flow.op.discoveryRequests, 2)
})

t.test('a provider that goes away mid sign-in', async (t) => {
  const flow = await oidcApp(t)
  const { callbackUrl } = await toCallback(flow)
  await flow.op.close()
  const done = await finishAt(flow, callbackUrl)
  t.equal(authErrorOf(done.location), `Could not reach ${OIDC_NAME}. Please try again in a moment.`)
  t.match(flow.logs.find((line) => line.msg === 'auth: oidc token exchange failed'), { kind: 'unreachable' })
})
