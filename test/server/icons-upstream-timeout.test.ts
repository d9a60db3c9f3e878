// The upstream icon service gets 1500 ms (docs/product-contract.md); one that does not answer by then makes the
// endpoint answer 504 with a message saying so (instead of hanging the browser's request).
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'

t.test('an upstream that stalls is given up on after 1500 ms: 504', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  upstream.behave('stall')
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  const started = performance.now()
  const res = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  const elapsed = performance.now() - started
  t.equal(res.statusCode, 504)
  t.match(res.json(), {
    statusCode: 504,
    code: 'ICON_UPSTREAM_TIMEOUT',
    message: 'The icon service did not answer within 1500 ms (collection "mdi")',
  })
  t.equal(res.headers['cache-control'], 'no-store')
  t.same(upstream.requests, ['mdi:rocket'], 'the upstream was asked')
  // Not a performance assertion: proof that the answer came from the timeout, not an early error.
  t.ok(elapsed >= 1400, `gave up after the timeout (${Math.round(elapsed)} ms)`)
})
