// An ADMIN_EMAILS address cannot be claimed by whoever types it: a local account of one is never
// signed up (in any case), only made by the operator (`npm run admin:create`, run here as the
// operator runs it, against a database file); such an account cannot be disabled or deleted from
// the admin API, nor delete itself; addresses compare case-insensitively at sign-up and sign-in.
import t from 'tap'
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helpers/build-app.ts'
import { freshPostgresUrl } from '../helpers/postgres.ts'
import { readSession, sameOrigin, sameOriginJson, signUp } from '../helpers/session.ts'
import { signInAdmin } from '../helpers/admin-account.ts'
import { createOrResetAdminAccount } from '../../server/services/auth/admin-account.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { ACCOUNT_DELETE_CONFIRMATION } from '../../shared/auth.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PASSWORD = 'correct horse battery'
const as = (cookie: string, json = false) => ({ ...(json ? sameOriginJson : sameOrigin), cookie: `${SESSION_COOKIE}=${cookie}` })
const signIn = (app: FastifyInstance, email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email, password } })
const localUsers = async (app: FastifyInstance) => (await app.db.selectFrom('users').select('email').where('provider', '=', 'local').execute()).map((row) => row.email)

t.test('an ADMIN_EMAILS address cannot sign up, and its account cannot be removed from the site', async (t) => {
  const { app } = await buildApp(t, { ADMIN_EMAILS: 'Boss@Example.com', AUTH_RATE_LIMIT_PER_IP: '100' })
  for (const email of ['boss@example.com', 'BOSS@EXAMPLE.COM', ' Boss@example.com ']) {
    const res = (await signUp(app, email)).res
    t.equal(res.statusCode, 403, `sign-up as ${JSON.stringify(email)} is refused`)
    t.equal(res.json().code, 'ADMIN_ADDRESS_RESERVED')
    t.match(res.json().message, /administrators \(ADMIN_EMAILS\).*npm run admin:create/)
  }
  t.same(await localUsers(app), [], 'no account was made')

  const boss = await signInAdmin(app, 'boss@example.com')
  const bossId = (await readSession(app, boss.cookie)).json().user.id as string
  const ada = await signUp(app, 'ada@example.com')
  const adaId = (await readSession(app, ada.cookie)).json().user.id as string
  t.equal((await app.inject({ method: 'POST', url: `/api/admin/users/${adaId}/admin`, headers: as(boss.cookie, true), payload: { admin: true } })).statusCode, 200, 'Ada is made an administrator too')

  // Another administrator cannot free the address, by disabling or by deleting its account.
  const disable = await app.inject({ method: 'POST', url: `/api/admin/users/${bossId}/disable`, headers: as(ada.cookie) })
  t.equal(disable.statusCode, 409)
  t.equal(disable.json().code, 'ADMIN_BY_CONFIG')
  t.match(disable.json().message, 'boss@example.com is an administrator by ADMIN_EMAILS, so it cannot be disabled here: the operator removes the address from ADMIN_EMAILS first.')
  const remove = await app.inject({ method: 'DELETE', url: `/api/admin/users/${bossId}`, headers: as(ada.cookie, true), payload: { confirm: 'boss@example.com' } })
  t.equal(remove.statusCode, 409)
  t.match(remove.json(), { code: 'ADMIN_BY_CONFIG', message: /cannot be deleted here/ })
  // Nor can it delete itself.
  const own = await app.inject({ method: 'DELETE', url: '/api/account', headers: as(boss.cookie, true), payload: { confirm: ACCOUNT_DELETE_CONFIRMATION } })
  t.equal(own.statusCode, 409)
  t.match(own.json(), { code: 'ADMIN_BY_CONFIG', message: /ask the operator to remove the address from ADMIN_EMAILS first/ })
  t.equal((await readSession(app, boss.cookie)).json().user?.admin, true, 'the account is there, signed in and enabled')
  t.equal((await signIn(app, 'boss@example.com')).statusCode, 200)

  // An account made admin on the admin page is no ADMIN_EMAILS account: it may still be removed.
  const bob = await signUp(app, 'bob@example.com')
  const bobId = (await readSession(app, bob.cookie)).json().user.id as string
  t.equal((await app.inject({ method: 'POST', url: `/api/admin/users/${bobId}/disable`, headers: as(boss.cookie) })).statusCode, 200)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/admin/users/${bobId}`, headers: as(boss.cookie, true), payload: { confirm: 'bob@example.com' } })).statusCode, 200)
})

t.test('addresses compare case-insensitively at sign-up, sign-in and in the domain allow-list', async (t) => {
  const { app } = await buildApp(t, { SIGNUP: 'domains', SIGNUP_EMAIL_DOMAINS: 'Example.COM', AUTH_RATE_LIMIT_PER_IP: '100' })
  const first = await signUp(app, 'Ada@Example.com')
  t.equal(first.res.statusCode, 201)
  const second = (await signUp(app, 'ada@example.com')).res
  t.equal(second.statusCode, 409, 'the same address in another case is taken')
  t.equal((await signUp(app, 'ADA@EXAMPLE.COM')).res.statusCode, 409)
  t.same(await localUsers(app), ['ada@example.com'], 'one account, stored lower-cased')
  const adaId = (await readSession(app, first.cookie)).json().user.id
  for (const email of ['ada@example.com', 'ADA@example.COM', 'Ada@Example.com']) {
    const res = await signIn(app, email)
    t.equal(res.statusCode, 200, `sign in as ${email}`)
    t.equal(res.json().user.id, adaId)
  }
  t.equal((await signUp(app, 'eve@EXAMPLE.com')).res.statusCode, 201, 'the domain matches in any case')
})

t.test('npm run admin:create makes the account, then gives it a new password; the site signs it in', async (t) => {
  const url = process.env.TEST_DATABASE === 'postgres' ? await freshPostgresUrl(t) : null
  if (process.env.TEST_DATABASE === 'postgres' && !url) throw new Error('PostgreSQL is not reachable')
  const dbPath = `${t.testdirName}-admin.db`
  t.teardown(() => ['', '-wal', '-shm'].forEach((suffix) => rmSync(dbPath + suffix, { force: true })))
  const database: Record<string, string> = url ? { DATABASE_URL: url } : { DATABASE_PATH: dbPath }
  const env = { ...database, ADMIN_EMAILS: 'boss@example.com, root@example.com' }

  // As an operator runs it: the server's configuration in the environment, the password on stdin.
  const run = (args: string[], stdin: string) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk) => (output += chunk))
      child.stderr.on('data', (chunk) => (output += chunk))
      child.on('error', reject)
      child.on('close', (code) => resolve({ code, output }))
      child.stdin.end(stdin)
    })

  const made = await run(['Boss@Example.com', '--name', 'The Boss'], `${PASSWORD}\n`)
  t.equal(made.code, 0, made.output)
  t.match(made.output, 'Made the administrator account boss@example.com')

  const { app } = await buildApp(t, env)
  // What the command refuses (its service, in this process: no need for another run).
  const create = (email: string, password: string) => createOrResetAdminAccount(app.db, app.config.operators, { email, password })
  await t.rejects(create('mallory@example.com', PASSWORD), { name: 'AdminAccountError', message: /^mallory@example.com is not in ADMIN_EMAILS \(it holds boss@example.com, root@example.com\)/ })
  await t.rejects(create('root@example.com', 'password'), { name: 'AdminAccountError' }, 'a weak password is refused')
  t.same(await localUsers(app), ['boss@example.com'], 'only the listed address got an account')
  const signedIn = await signIn(app, 'BOSS@example.com')
  t.equal(signedIn.statusCode, 200, 'the new account signs in, in any case')
  t.match(signedIn.json().user, { name: 'The Boss', admin: true })
  const cookie = String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]!.slice(SESSION_COOKIE.length + 1)

  const reset = await run(['boss@example.com'], 'a brand new passphrase 7\n')
  t.equal(reset.code, 0, reset.output)
  t.match(reset.output, 'boss@example.com has a new password and is enabled; 1 session(s) of the old password ended')
  t.same((await readSession(app, cookie)).json(), {}, 'the session of the old password is over')
  t.equal((await signIn(app, 'boss@example.com')).statusCode, 401, 'the old password no longer works')
  t.equal((await signIn(app, 'boss@example.com', 'a brand new passphrase 7')).statusCode, 200, 'the new one does')
})
