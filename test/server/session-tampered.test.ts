import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { readSession, signUp } from '../helpers/session.ts'

t.test('a tampered, truncated or garbage cookie reads as anonymous, never 500', async (t) => {
  const { app } = await buildApp(t)
  const { cookie } = await signUp(app)
  const decoded = decodeURIComponent(cookie)
  const [cipher, nonce] = decoded.split(';')
  const flipped = Buffer.from(cipher!, 'base64')
  flipped[10]! ^= 0xff
  const variants = {
    'flipped byte': encodeURIComponent(`${flipped.toString('base64')};${nonce}`),
    truncated: encodeURIComponent(decoded.slice(0, 20)),
    garbage: 'not-a-cookie',
    'bad nonce': encodeURIComponent(`${cipher};AAAA`),
    empty: '',
  }
  for (const [name, value] of Object.entries(variants)) {
    const res = await readSession(app, value)
    t.equal(res.statusCode, 200, name)
    t.same(res.json(), {}, name)
  }
  t.match((await readSession(app, cookie)).json(), { user: { name: 'Ada' } }, 'the genuine cookie still works')
})
