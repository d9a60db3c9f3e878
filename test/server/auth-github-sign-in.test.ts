// Sign in with GitHub end to end against a local fake of GitHub: authorize (state + PKCE) →
// consent → callback → signed in as the GitHub user; signing in again is the same user.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { readSession } from '../helpers/session.ts'
import { FAKE_CLIENT_ID } from '../helpers/fake-github.ts'
import { GITHUB_CALLBACK, githubApp, signInWithGitHub, startSignIn } from '../helpers/github-flow.ts'

t.test('GET /auth/github redirects to GitHub with state and an S256 PKCE challenge', async (t) => {
  const { app, github } = await githubApp(t)
  const { res, location, cookie } = await startSignIn(app)
  t.equal(res.statusCode, 302)
  t.equal(res.headers['cache-control'], 'no-store')
  t.equal(location.origin + location.pathname, `${github.url}/login/oauth/authorize`)
  const params = Object.fromEntries(location.searchParams)
  t.match(params, {
    client_id: FAKE_CLIENT_ID,
    redirect_uri: GITHUB_CALLBACK,
    scope: 'read:user user:email',
    state: /^[\w-]{32,}$/,
    code_challenge: /^[\w-]{43}$/,
    code_challenge_method: 'S256',
  })
  t.ok(cookie, 'the pending sign-in is kept in the sealed session cookie')
  t.notMatch(decodeURIComponent(cookie!), params.state!, 'the cookie is sealed: the state is not readable in it')

  const again = await startSignIn(app)
  t.not(new URL(again.location).searchParams.get('state'), params.state, 'a fresh state for every attempt')
  t.not(new URL(again.location).searchParams.get('code_challenge'), params.code_challenge, 'a fresh PKCE verifier for every attempt')
})

t.test('the callback signs the GitHub user in and redirects home; signing in again is the same user', async (t) => {
  // The fake stands in for github.com on a loopback address, so github.com's avatar host is named.
  const { app, github } = await githubApp(t, {}, { AVATAR_ORIGINS: 'https://avatars.githubusercontent.com' })
  const first = await signInWithGitHub(app)
  t.equal(first.res.statusCode, 302)
  t.equal(first.res.headers.location, '/')
  t.equal(first.res.headers['cache-control'], 'no-store')
  t.match(github.requests.token[0], { client_id: FAKE_CLIENT_ID, redirect_uri: GITHUB_CALLBACK, code_verifier: /^[\w-]{43}$/ })

  const session = (await readSession(app, first.cookie)).json()
  t.same(session.user, {
    id: session.user.id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: 'https://avatars.githubusercontent.com/u/583231?v=4',
    username: 'octo-ada',
    provider: 'github',
  })
  t.type(session.loggedInAt, 'number')
  t.equal(github.requests.emails, 0, 'a public profile email needs no /user/emails call')

  // Later, from another browser, after the user renamed themselves on GitHub.
  github.user = { ...github.user, name: 'Ada King', login: 'ada-king' }
  const second = await signInWithGitHub(app)
  const again = (await readSession(app, second.cookie)).json()
  t.equal(again.user.id, session.user.id, 'same GitHub id, same user')
  t.equal(again.user.name, 'Ada King', 'the profile is refreshed')
  t.equal(again.user.username, 'ada-king')
})

t.test('without a public email, the primary verified address from /user/emails is used; no name falls back to the login', async (t) => {
  const { app, github } = await githubApp(t, {
    user: { id: 42, login: 'quiet', name: null, email: null, avatar_url: 'https://avatars.githubusercontent.com/u/42?v=4' },
    emails: [
      { email: 'old@example.com', primary: false, verified: true, visibility: null },
      { email: 'unverified@example.com', primary: false, verified: false, visibility: null },
      { email: 'quiet@example.com', primary: true, verified: true, visibility: 'private' },
    ],
  })
  const { cookie } = await signInWithGitHub(app)
  t.match((await readSession(app, cookie)).json().user, { name: 'quiet', email: 'quiet@example.com', username: 'quiet', provider: 'github' })
  t.equal(github.requests.emails, 1)
})

t.test('a primary address that is not verified is not used', async (t) => {
  const { app } = await githubApp(t, {
    user: { id: 43, login: 'nomail', name: 'No Mail', email: null, avatar_url: 'https://avatars.githubusercontent.com/u/43?v=4' },
    emails: [{ email: 'nomail@example.com', primary: true, verified: false, visibility: 'private' }],
  })
  const { cookie } = await signInWithGitHub(app)
  t.match((await readSession(app, cookie)).json().user, { name: 'No Mail', email: null })
})

t.test("the visitor's anonymous session survives the round trip to GitHub and is handed over at sign-in", async (t) => {
  const { app } = await githubApp(t)
  const handovers: unknown[] = []
  app.auth.onSignIn(async (input) => {
    handovers.push(input)
  })
  const now = Date.now()
  const anonymous = app.encodeSecureSession(app.createSecureSession({ oid: 'anonymous-owner-1', iat: now, seen: now }))
  const { cookie } = await signInWithGitHub(app, encodeURIComponent(anonymous))
  const user = (await readSession(app, cookie)).json().user
  t.same(handovers, [{ userId: user.id, anonymousOwnerId: 'anonymous-owner-1' }], "the anonymous owner's data can move to the user")
  t.not(cookie, encodeURIComponent(anonymous), 'a new session, not the anonymous one (no fixation)')
})

t.test('GitHub is listed as a provider only when configured', async (t) => {
  const { app } = await githubApp(t)
  const providers = (await app.inject('/api/auth/providers')).json()
  t.match(providers, [{ id: 'local' }, { id: 'github', name: 'GitHub', url: '/auth/github' }])

  const { app: plain } = await buildApp(t)
  t.notOk((await plain.inject('/api/auth/providers')).json().some((p: { id: string }) => p.id === 'github'))
  const res = await plain.inject({ url: '/auth/github', headers: { 'user-agent': 'Mozilla/5.0 Chrome/156.0.0.0', accept: 'text/html' } })
  t.not(res.statusCode, 302, 'no sign-in route when GitHub is not configured')
})
