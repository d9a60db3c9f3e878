import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { sameOriginJson, signUp } from '../helpers/session.ts'

async function signIn(app: Awaited<ReturnType<typeof buildApp>>['app'], email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email, password } })
}

t.test('wrong password and unknown email get the same generic 401', async (t) => {
  const { app } = await buildApp(t)
  await signUp(app, 'ada@example.com', 'correct horse battery')
  const wrong = await signIn(app, 'ada@example.com', 'wrong password!')
  const unknown = await signIn(app, 'nobody@example.com', 'wrong password!')
  t.equal(wrong.statusCode, 401)
  t.equal(unknown.statusCode, 401)
  t.same(wrong.json(), unknown.json())
  t.same(wrong.json(), { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' })
})

t.test('bad input names the problem', async (t) => {
  const { app } = await buildApp(t)
  const short = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: sameOriginJson, payload: { email: 'a@b.co', password: 'short' } })
  t.equal(short.statusCode, 400)
  t.equal(short.json().message, 'password must be at least 8 characters')
  const email = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: sameOriginJson, payload: { email: 'not-an-email', password: 'long enough pw' } })
  t.equal(email.json().message, 'email must be a valid email address')
  const missing = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'a@b.co' } })
  t.equal(missing.json().message, 'password is required')
})

t.test('an email that is taken cannot sign up again, and the account is untouched', async (t) => {
  const { app } = await buildApp(t)
  await signUp(app, 'ada@example.com', 'correct horse battery')
  const again = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers: sameOriginJson, payload: { email: 'ADA@example.com', password: 'another password' } })
  t.equal(again.statusCode, 409)
  t.match(again.json().message, /If you already have one, sign in instead/)
  t.equal((await signIn(app, 'ada@example.com', 'correct horse battery')).statusCode, 200)
  t.equal((await signIn(app, 'ada@example.com', 'another password')).statusCode, 401)
})

t.test('passwords are stored as scrypt hashes', async (t) => {
  const { app } = await buildApp(t)
  await signUp(app, 'ada@example.com', 'correct horse battery')
  const row = await app.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()
  t.match(row.password_hash, /^scrypt\$32768\$8\$1\$/)
  t.notMatch(row.password_hash, /correct horse/)
})
