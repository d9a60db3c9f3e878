// The icon endpoint cannot be turned into a request cannon or a memory sink: a collection Iconify
// does not publish is unknown without asking anyone; made-up names are asked for once and their
// "not found" is remembered; one client address may make only so many upstream requests a minute;
// an oversized upstream answer is refused without being buffered. The fake upstream counts its
// requests. (The byte bounds of the caches are in test/unit/icon-store.test.ts.)
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'

t.test('made-up collections never reach the upstream', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  for (let i = 0; i < 300; i++) {
    const res = await app.inject({ url: `/api/_nuxt_icon/made-up-${i}.json?icons=x` })
    if (res.statusCode !== 404 || res.json().code !== 'ICON_COLLECTION_NOT_FOUND') t.fail(`made-up-${i}: ${res.statusCode} ${res.body}`)
  }
  t.same(upstream.requests, [], '300 made-up collections: no upstream request')
  t.equal((await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })).statusCode, 200, 'a published collection still is asked for')
  t.same(upstream.requests, ['mdi:rocket'])
})

t.test('a made-up icon name is asked for once; each address may cause only so many upstream requests', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url, ICONS_UPSTREAM_RATE_LIMIT_PER_MINUTE: '3' })
  const ask = (icons: string, remoteAddress = '203.0.113.1') => app.inject({ url: `/api/_nuxt_icon/mdi.json?icons=${icons}`, remoteAddress })
  const first = await ask('no-such-icon')
  t.equal(first.statusCode, 200)
  t.same(first.json().not_found, ['no-such-icon'])
  for (let i = 0; i < 5; i++) t.same((await ask('no-such-icon')).json().not_found, ['no-such-icon'], 'answered from memory')
  t.equal(upstream.requests.length, 1, '"not found" is remembered')

  t.equal((await ask('made-up-1')).statusCode, 200)
  t.equal((await ask('made-up-2')).statusCode, 200)
  const limited = await ask('made-up-3')
  t.equal(limited.statusCode, 429, 'the fourth upstream request of the minute from this address is refused')
  t.match(limited.json(), { code: 'ICON_RATE_LIMITED', message: /Too many requests for icons not cached here/ })
  t.ok(Number(limited.headers['retry-after']) >= 1)
  t.equal(limited.headers['cache-control'], 'no-store')
  t.equal((await ask('rocket,no-such-icon')).statusCode, 429, 'a request with any name not cached needs the upstream')
  t.equal((await ask('no-such-icon')).statusCode, 200, 'cached answers are still served to it')
  t.equal((await ask('made-up-3', '198.51.100.1')).statusCode, 200, 'another address is not held back')
  t.equal(upstream.requests.length, 4)
})

t.test('an oversized upstream answer is refused, not buffered', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  upstream.behave('oversized')
  const res = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket' })
  t.equal(res.statusCode, 502)
  t.match(res.json().message, /The icon service failed \(collection "mdi"\): answered more than 2097152 bytes/)
})
