// Anonymous → sign up / sign in → session read → sign out → the old cookie replayed is anonymous.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { readSession, sameOrigin, sameOriginJson, sessionCookie, signUp } from '../helpers/session.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'

t.test('an anonymous visitor reads {} with no-store', async (t) => {
  const { app } = await buildApp(t)
  const res = await readSession(app, undefined)
  t.equal(res.statusCode, 200)
  t.same(res.json(), {})
  t.equal(res.headers['cache-control'], 'no-store')
})

t.test('sign up, read the session, sign out, replay the old cookie', async (t) => {
  const { app } = await buildApp(t)
  const { res: signedUp, cookie } = await signUp(app)
  t.equal(signedUp.statusCode, 201)
  t.match(signedUp.json(), { user: { name: 'Ada', email: 'ada@example.com', provider: 'local' }, loggedInAt: Number })

  const session = await readSession(app, cookie)
  t.match(session.json(), { user: { id: String, name: 'Ada', email: 'ada@example.com', avatar: null, username: null, provider: 'local' }, loggedInAt: Number })
  t.notOk('password_hash' in session.json().user, 'no field leaks')

  const signOut = await app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: { ...sameOrigin, cookie: `${SESSION_COOKIE}=${cookie}` } })
  t.equal(signOut.statusCode, 200)
  t.same(signOut.json(), { loggedOut: true })
  t.equal(sessionCookie(signOut), '', 'the cookie is cleared')

  const replay = await readSession(app, cookie)
  t.equal(replay.statusCode, 200)
  t.same(replay.json(), {}, 'a copy of the old cookie signs nobody in')
})

t.test('sign in again later is the same user', async (t) => {
  const { app } = await buildApp(t)
  const { res } = await signUp(app, 'grace@example.com', 'a long enough password')
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/local/sign-in',
    headers: sameOriginJson,
    payload: { email: 'Grace@Example.com ', password: 'a long enough password' },
  })
  t.equal(signIn.statusCode, 200)
  t.equal(signIn.json().user.id, res.json().user.id)
  t.ok(sessionCookie(signIn))
})

t.test('signing in regenerates the session: the anonymous cookie is not reused', async (t) => {
  const { app } = await buildApp(t)
  // An anonymous cookie exists once the visitor owns something; simulate by signing up with one.
  const anon = await app.inject({ method: 'DELETE', url: '/api/_auth/session', headers: sameOrigin })
  const anonymousCookie = sessionCookie(anon)
  const { cookie } = await signUp(app, 'x@example.com', 'password-123', anonymousCookie)
  t.not(cookie, anonymousCookie)
})
