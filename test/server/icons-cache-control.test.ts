// Icon answers are the same for everyone and change only with a new icon set: browsers and CDNs
// may keep them a week (and revalidate in the background for a day); errors are never cached.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'

t.test('a successful answer is cacheable for long; an error is not', async (t) => {
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1' })
  const ok = await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=house' })
  t.equal(ok.statusCode, 200)
  t.equal(ok.headers['cache-control'], 'public, max-age=604800, stale-while-revalidate=86400')
  const partly = await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=house,not-an-icon' })
  t.equal(partly.headers['cache-control'], 'public, max-age=604800, stale-while-revalidate=86400', 'not_found is an answer too')
  const bad = await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=Nope' })
  t.equal(bad.statusCode, 400)
  t.equal(bad.headers['cache-control'], 'no-store')
  const upstreamDown = await app.inject({ url: '/api/_nuxt_icon/mdi.json?icons=x' })
  t.equal(upstreamDown.statusCode, 502)
  t.equal(upstreamDown.headers['cache-control'], 'no-store')
})
