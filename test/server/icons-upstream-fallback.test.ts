// A collection that is not installed here is asked of the upstream icon service
// (ICONS_UPSTREAM_URL, `{base}/{collection}.json?icons=…`) and answered in the same format (docs/product-contract.md).
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'

t.test('a collection that is not installed comes from the upstream service', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: `${upstream.url}/` })
  const res = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=ship,planet,missing' })
  t.equal(res.statusCode, 200)
  t.same(upstream.requests, ['mdi:ship,planet,missing'], 'one upstream request with the names asked for')
  const body = res.json()
  t.equal(body.prefix, 'mdi')
  t.same(body.aliases, { ship: { parent: 'rocket', hFlip: true } })
  t.same(Object.keys(body.icons).sort(), ['planet', 'rocket'])
  t.equal(body.icons.planet.width, 32, "an icon's own size is kept")
  t.equal(body.icons.rocket.width, 24, "the set's default size travels with each icon")
  t.same(body.not_found, ['missing'])
  t.equal(res.headers['cache-control'], 'public, max-age=604800, stale-while-revalidate=86400')
})

t.test('a collection the upstream does not know either is a 404', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  const res = await app.inject({ url: '/api/_nuxt_icon/no-such-set.json?icons=x' })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { statusCode: 404, code: 'ICON_COLLECTION_NOT_FOUND', message: 'Unknown icon collection "no-such-set"' })
})

t.test('an upstream error with nothing cached is a 502 that says so', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  upstream.behave('fail')
  const { app, logs } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  const res = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  t.equal(res.statusCode, 502)
  t.match(res.json(), { statusCode: 502, code: 'ICON_UPSTREAM_FAILED', message: /icon service failed \(collection "mdi"\): answered 503/ })
  t.notMatch(res.body, upstream.url, 'the upstream address is logged, not shown')
  t.ok(logs.some((line) => line.level === 50 && JSON.stringify(line).includes(upstream.url)), 'the log names the upstream URL')
})
