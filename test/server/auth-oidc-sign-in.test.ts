// Sign in with OpenID Connect end to end against a real provider (oidc-provider): discovery,
// authorization request with state, nonce and PKCE, login and consent, code exchange, ID token and
// userinfo → signed in as the claimed user; signing in again is the same user.
import t from 'tap'
import { currentSession, OIDC_NAME, oidcApp, signInWithOidc, toCallback } from '../helpers/oidc-flow.ts'
import { FetchBrowser } from '../helpers/fetch-browser.ts'
import { OIDC_CLIENT_ID } from '../helpers/oidc-provider.ts'

t.test('GET /auth/oidc redirects to the discovered authorization endpoint with state, nonce and S256 PKCE', async (t) => {
  const flow = await oidcApp(t)
  const { authorizeUrl, callbackUrl } = await toCallback(flow)
  t.ok(authorizeUrl, 'the browser went to the provider')
  const params = Object.fromEntries(authorizeUrl!.searchParams)
  t.match(params, {
    client_id: OIDC_CLIENT_ID,
    redirect_uri: `${flow.origin}/auth/oidc/callback`,
    response_type: 'code',
    scope: 'openid email profile',
    state: /^[\w-]{32,}$/,
    nonce: /^[\w-]{32,}$/,
    code_challenge: /^[\w-]{43}$/,
    code_challenge_method: 'S256',
  })
  t.equal(callbackUrl.searchParams.get('state'), params.state, 'the provider returns the state')
  t.ok(callbackUrl.searchParams.get('code'))
})

t.test('the callback signs the claimed user in; signing in again later is the same user', async (t) => {
  // The provider's picture host is one the pages may load images from.
  const flow = await oidcApp(t, { AVATAR_ORIGINS: 'https://id.example.org' })
  const done = await signInWithOidc(flow)
  t.same(done, { status: 302, location: '/', cacheControl: 'no-store' })
  const session = await currentSession(flow)
  t.same(session.user, {
    id: session.user.id,
    name: 'Grace Hopper',
    email: 'grace@example.org',
    avatar: 'https://id.example.org/avatars/grace.png',
    username: 'ghopper',
    provider: 'oidc',
  })
  t.type(session.loggedInAt, 'number')
  t.equal(flow.op.discoveryRequests, 1)

  // A new browser, later; the account was renamed at the provider in the meantime.
  flow.op.account = { ...flow.op.account, name: 'Rear Admiral Grace Hopper' }
  const later = { ...flow, browser: new FetchBrowser() }
  t.equal((await signInWithOidc(later)).location, '/')
  const again = await currentSession(later)
  t.equal(again.user.id, session.user.id, 'same subject, same user')
  t.equal(again.user.name, 'Rear Admiral Grace Hopper', 'the profile is refreshed')
  t.equal(flow.op.discoveryRequests, 1, 'discovery is cached for the process')
})

t.test('an avatar on a host the pages may not load images from is not shown (the initials are)', async (t) => {
  const flow = await oidcApp(t)
  await signInWithOidc(flow)
  const user = (await currentSession(flow)).user
  t.equal(user.name, 'Grace Hopper')
  t.equal(user.avatar, null, 'https://id.example.org is not in AVATAR_ORIGINS: the browser would refuse the image and show a blank')
  const row = await flow.app.db.selectFrom('users').select('avatar').where('id', '=', user.id).executeTakeFirstOrThrow()
  t.equal(row.avatar, 'https://id.example.org/avatars/grace.png', 'the picture is kept: adding the host to AVATAR_ORIGINS shows it')
})

t.test('a name falls back to preferred_username, then email', async (t) => {
  const flow = await oidcApp(t)
  flow.op.account = { sub: 'no-name-1', preferred_username: 'nameless', email: 'nameless@example.org' }
  await signInWithOidc(flow)
  t.match((await currentSession(flow)).user, { name: 'nameless', username: 'nameless', avatar: null })

  const other = { ...flow, browser: new FetchBrowser() }
  flow.op.account = { sub: 'email-only-1', email: 'only@example.org' }
  await signInWithOidc(other)
  t.match((await currentSession(other)).user, { name: 'only@example.org', username: null, email: 'only@example.org' })
})

t.test('the provider is listed under OIDC_NAME', async (t) => {
  const flow = await oidcApp(t)
  const res = await flow.app.inject('/api/auth/providers')
  t.match(res.json(), [{ id: 'local' }, { id: 'oidc', name: OIDC_NAME, url: '/auth/oidc' }])
})

t.test('the callback URL is built from PUBLIC_URL when set', async (t) => {
  const flow = await oidcApp(t, { PUBLIC_URL: 'https://chat.example.com' })
  const res = await flow.app.inject({ url: '/auth/oidc', headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0.0.0' } })
  t.equal(new URL(String(res.headers.location)).searchParams.get('redirect_uri'), 'https://chat.example.com/auth/oidc/callback')
})
