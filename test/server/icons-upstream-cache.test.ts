// Upstream answers are cached per icon: asking again (in any order, or with fewer names) does not
// call the upstream service again; only names never seen are asked for.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeIconUpstream } from '../helpers/fake-icon-upstream.ts'

t.test('a cache hit does not call the upstream again', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  const first = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket,ship' })
  t.equal(first.statusCode, 200)
  for (const icons of ['rocket,ship', 'ship,rocket', 'ship']) {
    const again = await app.inject({ url: `/api/_nuxt_icon/mdi.json?icons=${icons}` })
    t.equal(again.statusCode, 200)
    t.ok(again.json().icons.rocket, `${icons}: answered from the cache`)
  }
  t.same(upstream.requests, ['mdi:rocket,ship'])
  await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=rocket,planet' })
  t.same(upstream.requests, ['mdi:rocket,ship', 'mdi:planet'], 'only the new name is asked for')
})

t.test('concurrent first requests share one upstream call', async (t) => {
  const upstream = await startFakeIconUpstream(t)
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: upstream.url })
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=planet' })),
  )
  t.same(answers.map((res) => res.statusCode), [200, 200, 200, 200, 200])
  t.same(upstream.requests, ['mdi:planet'])
})
