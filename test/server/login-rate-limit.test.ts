import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { sameOriginJson, signUp } from '../helpers/session.ts'
import { failureDelayMs } from '../../server/routes/auth/local.ts'

t.test('too many failures for one account → 429 with Retry-After, even with the right password', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' })
  await signUp(app, 'ada@example.com', 'correct horse battery')
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'wrong password' } })
    t.equal(res.statusCode, 401)
  }
  const blocked = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'ada@example.com', password: 'correct horse battery' } })
  t.equal(blocked.statusCode, 429)
  t.match(blocked.json(), { code: 'TOO_MANY_ATTEMPTS', message: /Too many failed attempts for this account from your network\. Try again in \d+ minutes\./ })
  t.ok(Number(blocked.headers['retry-after']) > 0)
  const other = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'other@example.com', password: 'whatever-123' } })
  t.equal(other.statusCode, 401, 'other accounts are not blocked')
})

t.test('too many attempts from one IP → 429', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_IP: '4' })
  const statuses: number[] = []
  for (let i = 0; i < 6; i++) {
    const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: `u${i}@example.com`, password: 'whatever-123' } })
    statuses.push(res.statusCode)
    if (res.statusCode === 429) {
      t.match(res.json(), { statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: /Too many sign-in attempts from your network/ })
      t.ok(res.headers['retry-after'])
    }
  }
  t.same(statuses, [401, 401, 401, 401, 429, 429])
})

t.test('wrong passwords typed for your email elsewhere lock out only that address, never you', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_ACCOUNT: '3' })
  await signUp(app, 'ada@example.com', 'correct horse battery')
  const signIn = (password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/local/sign-in', remoteAddress, headers: sameOriginJson, payload: { email: 'ada@example.com', password } })
  for (let i = 0; i < 3; i++) t.equal((await signIn('wrong-guess-' + i, '203.0.113.5')).statusCode, 401, `attacker's guess ${i + 1}`)
  const attacker = await signIn('correct horse battery', '203.0.113.5')
  t.equal(attacker.statusCode, 429, 'the attacker\'s address is locked out of this account, even with the right password')
  t.match(attacker.json().message, /Too many failed attempts for this account from your network/)
  for (let i = 0; i < 3; i++) t.equal((await signIn('wrong-guess-more-' + i, '203.0.113.6')).statusCode, 401, `from a second address: guess ${i + 1}`)
  const owner = await signIn('correct horse battery', '198.51.100.7')
  t.equal(owner.statusCode, 200, 'the owner, from their own address, signs in')
})

t.test('every failure for an account makes the next failure slower, from whatever address', async (t) => {
  t.same([1, 2, 3, 4, 5, 6, 7, 20].map(failureDelayMs), [50, 100, 200, 400, 800, 1600, 2000, 2000], 'doubling from 50 ms, at most 2 s')
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_ACCOUNT: '100' })
  await signUp(app, 'grace@example.com', 'correct horse battery')
  for (let i = 1; i <= 5; i++) {
    const started = performance.now()
    const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', remoteAddress: `192.0.2.${i}`, headers: sameOriginJson, payload: { email: 'grace@example.com', password: `wrong guess ${i}` } })
    const took = performance.now() - started
    t.equal(res.statusCode, 401)
    t.ok(took >= failureDelayMs(i), `failure ${i} (a new address each time) waited at least ${failureDelayMs(i)} ms (${Math.round(took)} ms)`)
  }
  const started = performance.now()
  const right = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', remoteAddress: '192.0.2.99', headers: sameOriginJson, payload: { email: 'grace@example.com', password: 'correct horse battery' } })
  t.equal(right.statusCode, 200, 'the right password is never held back')
  t.ok(performance.now() - started < failureDelayMs(6), 'nor slowed down')
})

t.test('the most common passwords are refused at sign-up, by name', async (t) => {
  const { app } = await buildApp(t, { AUTH_RATE_LIMIT_PER_IP: '100' })
  for (const password of ['aaaaaaaa', '12345678', 'password1', 'qwertyuiop', 'iloveyou1', 'ABCDEFGHIJ', '87654321', 'Password123']) {
    const { res } = await signUp(app, `weak-${password}@example.com`, password)
    t.equal(res.statusCode, 400, `${password}: 400`)
    t.match(res.json(), { code: 'WEAK_PASSWORD', message: 'This password is one of the most common passwords, which attackers try first. Choose another.' })
  }
  const own = await signUp(app, 'lovelace1815@example.com', 'lovelace1815')
  t.match(own.res.json(), { statusCode: 400, code: 'WEAK_PASSWORD', message: /your email address/ }, 'nor the address itself')
  t.equal((await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email: 'weak-aaaaaaaa@example.com', password: 'aaaaaaaa' } })).statusCode, 401, 'no account was made')
  t.equal((await signUp(app, 'strong@example.com', 'correct horse battery')).res.statusCode, 201, 'an uncommon password is fine')
})
