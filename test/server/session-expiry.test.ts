// Idle timeout and absolute lifetime, with a fake clock.
import t, { type Test } from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { readSession, sessionCookie, signUp } from '../helpers/session.ts'

function fakeClock(t: Test) {
  const realNow = Date.now
  let offset = 0
  Date.now = () => realNow() + offset
  t.teardown(() => {
    Date.now = realNow
  })
  return { advance: (ms: number) => void (offset += ms) }
}

t.test('a session idle longer than SESSION_IDLE_TIMEOUT_S is anonymous', async (t) => {
  const clock = fakeClock(t)
  const { app } = await buildApp(t, { SESSION_IDLE_TIMEOUT_S: '3600', SESSION_MAX_AGE_S: '86400' })
  const { cookie } = await signUp(app)
  clock.advance(59 * 60_000)
  t.match((await readSession(app, cookie)).json(), { user: { name: 'Ada' } }, 'still signed in within the idle window')
  clock.advance(61 * 60_000)
  t.same((await readSession(app, cookie)).json(), {}, 'idle for over an hour: signed out')
})

t.test('activity keeps a session alive until its absolute lifetime', async (t) => {
  const clock = fakeClock(t)
  const { app } = await buildApp(t, { SESSION_IDLE_TIMEOUT_S: '3600', SESSION_MAX_AGE_S: '10800' })
  let { cookie } = await signUp(app)
  // Visits every 50 minutes (inside the 60-minute idle window) for 150 minutes…
  for (let visit = 0; visit < 3; visit++) {
    clock.advance(50 * 60_000)
    const res = await readSession(app, cookie)
    t.match(res.json(), { user: { name: 'Ada' } }, `visit ${visit + 1}`)
    cookie = sessionCookie(res) ?? cookie
  }
  // …then one more 40 minutes later: 190 minutes after sign-in, past the 180-minute lifetime.
  clock.advance(40 * 60_000)
  t.same((await readSession(app, cookie)).json(), {}, 'past the absolute lifetime even with activity')
})
