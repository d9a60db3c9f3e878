// SESSION_KEY holds several keys, newest first: a cookie sealed with an older key is still read,
// and re-sealed with the newest.
import t from 'tap'
import { buildApp, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { readSession, sessionCookie, signUp } from '../helpers/session.ts'

const NEW_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff'

t.test('an old-key cookie is accepted and re-sealed with the new key', async (t) => {
  const dbPath = t.testdir() + '/rotation.db'
  const before = await buildApp(t, { DATABASE_PATH: dbPath })
  const { cookie: oldCookie } = await signUp(before.app)
  await before.app.close()

  const rotated = await buildApp(t, { DATABASE_PATH: dbPath, SESSION_KEY: `${NEW_KEY},${TEST_SESSION_KEY}` })
  const res = await readSession(rotated.app, oldCookie)
  t.match(res.json(), { user: { name: 'Ada' } }, 'the old cookie still signs in')
  const resealed = sessionCookie(res)
  t.ok(resealed, 'a new cookie was set')
  t.not(resealed, oldCookie)
  await rotated.app.close()

  const newOnly = await buildApp(t, { DATABASE_PATH: dbPath, SESSION_KEY: NEW_KEY })
  t.match((await readSession(newOnly.app, resealed)).json(), { user: { name: 'Ada' } }, 're-sealed cookie needs only the new key')
  t.same((await readSession(newOnly.app, oldCookie)).json(), {}, 'once the old key is retired, old cookies are anonymous')
})
