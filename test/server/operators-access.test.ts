// Who gets in: SIGNUP open / closed / domains, ADMIN_EMAILS (local, and GitHub's verified
// address), ANONYMOUS_CHAT=false, and disabled accounts, whose open sessions end at once.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { readSession, sameOrigin, sameOriginJson, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { authError, githubApp, signInWithGitHub } from '../helpers/github-flow.ts'
import { ADA } from '../helpers/fake-github.ts'

const PASSWORD = 'correct horse battery'
const asCookie = (cookie: string) => ({ ...sameOrigin, cookie: `${SESSION_COOKIE}=${cookie}` })

async function signIn(app: FastifyInstance, email: string) {
  return app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email, password: PASSWORD } })
}

t.test('SIGNUP=closed: no new accounts; administrators made by the operator and existing accounts still sign in', async (t) => {
  const dbPath = `${t.testdirName}-closed.db`
  t.teardown(() => import('node:fs').then((fs) => fs.rmSync(dbPath, { force: true })))
  const open = await buildApp(t, { DATABASE_PATH: dbPath })
  t.equal((await signUp(open.app, 'early@example.com')).res.statusCode, 201, 'made while sign-up was open')
  await open.app.close()

  const { app } = await buildApp(t, { DATABASE_PATH: dbPath, SIGNUP: 'closed', ADMIN_EMAILS: 'Boss@Example.com' })
  const refused = (await signUp(app, 'new@example.com')).res
  t.equal(refused.statusCode, 403)
  t.equal(refused.json().code, 'SIGN_UP_CLOSED')
  t.match(refused.json().message, 'Sign-up is closed on this server')
  t.equal((await signIn(app, 'new@example.com')).statusCode, 401, 'and no account was made')

  const admin = await signInAdmin(app, 'boss@example.com')
  t.equal((await readSession(app, admin.cookie)).json().user.admin, true, "the operator's administrator account gets in, and is an administrator (ADMIN_EMAILS is case-insensitive)")
  t.equal((await signIn(app, 'early@example.com')).statusCode, 200, 'an existing account signs in')
  t.notOk((await signIn(app, 'early@example.com')).json().user.admin, 'and is no administrator')
})

t.test('SIGNUP=domains: only addresses at the listed domains', async (t) => {
  const { app } = await buildApp(t, { SIGNUP: 'domains', SIGNUP_EMAIL_DOMAINS: 'example.com, @team.example.org' })
  t.equal((await signUp(app, 'ada@example.com')).res.statusCode, 201)
  t.equal((await signUp(app, 'bob@team.example.org')).res.statusCode, 201)
  const outside = (await signUp(app, 'eve@example.net')).res
  t.equal(outside.statusCode, 403)
  t.match(outside.json().message, 'need an email address at example.com, team.example.org')
  const lookalike = (await signUp(app, 'eve@notexample.com')).res
  t.equal(lookalike.statusCode, 403, 'the whole domain must match')
})

t.test('SIGNUP=domains without domains is a start-up error that names the variable', async (t) => {
  await t.rejects(buildApp(t, { SIGNUP: 'domains' }), /SIGNUP=domains needs SIGNUP_EMAIL_DOMAINS/)
  await t.rejects(buildApp(t, { SIGNUP: 'invite-only' }), /SIGNUP="invite-only" is invalid: expected one of open, closed, domains/)
})

t.test('GitHub: a closed sign-up refuses new identities with its own message; a verified ADMIN_EMAILS address gets in as admin', async (t) => {
  const closed = await githubApp(t, {}, { SIGNUP: 'closed' })
  const refused = await signInWithGitHub(closed.app)
  t.equal(refused.res.statusCode, 302)
  t.equal(authError(refused.res), 'Sign-up is closed on this server. Ask an administrator for an account.')
  t.same((await readSession(closed.app, refused.cookie)).json(), {}, 'not signed in')

  const admins = await githubApp(t, {}, { SIGNUP: 'closed', ADMIN_EMAILS: ADA.email! })
  const admin = await signInWithGitHub(admins.app)
  t.equal(authError(admin.res), null)
  t.equal((await readSession(admins.app, admin.cookie)).json().user.admin, true)

  // An address GitHub has not verified does not make an administrator.
  const unverified = await githubApp(t, { user: { ...ADA, email: null }, emails: [{ email: 'ada@example.com', primary: true, verified: false, visibility: null }] }, { ADMIN_EMAILS: 'ada@example.com' })
  const notAdmin = await signInWithGitHub(unverified.app)
  t.notOk((await readSession(unverified.app, notAdmin.cookie)).json().user.admin)
})

t.test('ANONYMOUS_CHAT=false: a visitor must sign in before chatting; a signed-in user chats', async (t) => {
  const { app } = await buildApp(t, { ANONYMOUS_CHAT: 'false', OFFLINE_TOKEN_DELAY_MS: '0' })
  const v = visitor()
  const refused = await createChat(app, v, 'Hello?')
  t.equal(refused.statusCode, 401)
  t.same(refused.json(), { statusCode: 401, code: 'SIGN_IN_REQUIRED', message: 'Sign in to chat on this server.' })
  t.notOk(v.cookie, 'no anonymous owner was minted')
  const settings = await app.inject({ method: 'PATCH', url: '/api/settings', headers: v.headers(true), payload: { instructions: 'x' } })
  t.equal(settings.statusCode, 401, 'nor settings kept for one')
  const { cookie } = await signUp(app)
  v.cookie = cookie
  t.equal((await createChat(app, v, 'Hello?')).statusCode, 201)
})

t.test('a disabled account loses its open sessions at once, cannot sign in, and comes back when enabled', async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'boss@example.com' })
  const admin = await signInAdmin(app, 'boss@example.com')
  const user = await signUp(app, 'ada@example.com')
  const userId = (await readSession(app, user.cookie)).json().user.id as string
  const laptop = (await signIn(app, 'ada@example.com')).headers['set-cookie']
  t.ok(laptop, 'a second session')
  const mine = await app.inject({ method: 'POST', url: '/api/chats', headers: { ...sameOriginJson, cookie: `${SESSION_COOKIE}=${user.cookie}` }, payload: { message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hi' }] } } })
  t.equal(mine.statusCode, 201)

  const disabled = await app.inject({ method: 'POST', url: `/api/admin/users/${userId}/disable`, headers: asCookie(admin.cookie) })
  t.equal(disabled.statusCode, 200)
  t.equal(disabled.json().disabled, true)
  t.same((await readSession(app, user.cookie)).json(), {}, 'the open session is signed out at once')
  t.equal((await app.inject({ url: `/api/chats/${mine.json().id}`, headers: asCookie(user.cookie) })).statusCode, 404, 'its cookie no longer opens the account\'s chats')

  const again = await signIn(app, 'ada@example.com')
  t.equal(again.statusCode, 403)
  t.same(again.json(), { statusCode: 403, code: 'ACCOUNT_DISABLED', message: 'This account is disabled. Ask an administrator to enable it.' })
  const wrong = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'not the password' } })
  t.equal(wrong.statusCode, 401, 'a wrong password learns nothing about the account')

  t.equal((await app.inject({ method: 'POST', url: `/api/admin/users/${userId}/enable`, headers: asCookie(admin.cookie) })).json().disabled, false)
  t.equal((await signIn(app, 'ada@example.com')).statusCode, 200, 'enabled: signs in again')
})

t.test('a disabled GitHub account cannot sign in', async (t) => {
  const { app, github } = await githubApp(t, {}, { ADMIN_EMAILS: 'boss@example.com' })
  void github
  const first = await signInWithGitHub(app)
  const userId = (await readSession(app, first.cookie)).json().user.id as string
  const admin = await signInAdmin(app, 'boss@example.com')
  await app.inject({ method: 'POST', url: `/api/admin/users/${userId}/disable`, headers: asCookie(admin.cookie) })
  const again = await signInWithGitHub(app)
  t.equal(authError(again.res), 'This account is disabled. Ask an administrator to enable it.')
  t.same((await readSession(app, again.cookie)).json(), {})
})
