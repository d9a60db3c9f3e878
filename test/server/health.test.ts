import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'

t.test('/healthz answers while the process is up', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/healthz' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 'ok' })
  t.equal(res.headers['cache-control'], 'no-store')
})

t.test('/readyz reports each readiness check and fails when one fails', async (t) => {
  const { app } = await buildApp(t)
  let healthy = true
  app.readinessChecks.set('database', async () => {
    if (!healthy) throw new Error('connection refused')
    return 'reachable'
  })
  const ok = await app.inject({ url: '/readyz' })
  t.equal(ok.statusCode, 200)
  t.same(ok.json(), { status: 'ready', checks: { database: { ok: true, detail: 'reachable' } } })
  healthy = false
  const failing = await app.inject({ url: '/readyz' })
  t.equal(failing.statusCode, 503)
  t.same(failing.json(), { status: 'not ready', checks: { database: { ok: false, detail: 'connection refused' } } })
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'liveness does not depend on the database')
})
