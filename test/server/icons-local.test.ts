// GET /api/_nuxt_icon/{collection}.json?icons=… answers from the installed
// @iconify-json/* sets with only the requested icons, aliases together with their parents, and
// not_found for names the set does not have; no upstream involved (docs/product-contract.md).
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'

// An address where nothing listens: a local answer must not depend on the upstream.
const NO_UPSTREAM = { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1' }

t.test('requested icons of an installed collection, and nothing else', async (t) => {
  const { app } = await buildApp(t, NO_UPSTREAM)
  const res = await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=house,settings' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  const body = res.json()
  t.equal(body.prefix, 'lucide')
  t.same(Object.keys(body.icons).sort(), ['house', 'settings'])
  t.match(body.icons.house.body, /^<g fill="none" stroke="currentColor"[^>]*><path d="M15 21v-8/)
  t.equal(body.width, 24)
  t.equal(body.height, 24)
  t.notOk('not_found' in body, 'no not_found when everything was found')
  t.notOk('aliases' in body, 'no aliases when none were asked for')
})

t.test('aliases come with the icons they name', async (t) => {
  const { app } = await buildApp(t, NO_UPSTREAM)
  // In lucide, activity-square is an alias of square-activity.
  const body = (await app.inject({ url: '/api/_nuxt_icon/lucide.json?icons=activity-square' })).json()
  t.same(body.aliases, { 'activity-square': { parent: 'square-activity' } })
  t.same(Object.keys(body.icons), ['square-activity'])
  t.type(body.icons['square-activity'].body, 'string')
})

t.test('unknown names are listed in not_found next to the icons that were found', async (t) => {
  const { app } = await buildApp(t, NO_UPSTREAM)
  const res = await app.inject({ url: '/api/_nuxt_icon/simple-icons.json?icons=github,no-such-icon,constructor' })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.same(Object.keys(body.icons), ['github'])
  t.same(body.not_found, ['no-such-icon', 'constructor'])
})

t.test('icons with their own size keep it (logos)', async (t) => {
  const { app } = await buildApp(t, NO_UPSTREAM)
  const body = (await app.inject({ url: '/api/_nuxt_icon/logos.json?icons=react' })).json()
  t.type(body.icons.react.body, 'string')
  t.type(body.icons.react.width ?? body.width, 'number')
  t.type(body.icons.react.height ?? body.height, 'number')
})
