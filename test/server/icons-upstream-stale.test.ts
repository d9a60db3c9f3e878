// Stale-on-error: once the upstream has answered, a later failure (after the cached answer
// expired) still serves that answer instead of an error, with a short cache lifetime so browsers
// ask again soon.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'

t.test('an expired answer is served when the upstream then fails', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  // TTL 0: every request asks the upstream again, so the failure below is really met.
  const { app, logs } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url, ICONS_UPSTREAM_TTL_S: '0' })
  const first = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  t.equal(first.statusCode, 200)

  upstream.behave('fail')
  const stale = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  t.equal(stale.statusCode, 200)
  t.same(stale.json(), first.json())
  t.equal(stale.headers['cache-control'], 'public, max-age=300')
  t.same(upstream.requests, ['mdi:rocket', 'mdi:rocket'], 'the upstream was asked again and failed')
  t.ok(logs.some((line) => line.msg === 'icons: the icon service failed; serving its last answer'))

  upstream.behave('stall')
  const staleAfterTimeout = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  t.equal(staleAfterTimeout.statusCode, 200, 'a timeout is served stale too')

  const neverSeen = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=planet' })
  t.equal(neverSeen.statusCode, 504, 'an icon never fetched has nothing to fall back on')
})
