// The icon endpoint validates strictly and says what is wrong: 400 { statusCode, code, message }
// for a bad collection, a bad icon name, more than 100 icons, or no icons at all.
import t from 'tap'
import { buildApp } from '../helpers/build-app.ts'

const cases = [
  { what: 'a collection with capitals', url: '/api/_nuxt_icon/Lucide.json?icons=house', code: 'INVALID_ICON_COLLECTION', message: /Invalid icon collection "Lucide"/ },
  { what: 'a collection with a dot', url: '/api/_nuxt_icon/lu.cide.json?icons=house', code: 'INVALID_ICON_COLLECTION', message: /Invalid icon collection "lu\.cide"/ },
  { what: 'a collection with a double hyphen', url: '/api/_nuxt_icon/simple--icons.json?icons=house', code: 'INVALID_ICON_COLLECTION', message: /simple--icons/ },
  { what: 'an icon name with an underscore', url: '/api/_nuxt_icon/lucide.json?icons=house,bad_name', code: 'INVALID_ICON_NAME', message: /Invalid icon name "bad_name"/ },
  { what: 'an icon name with a trailing hyphen', url: '/api/_nuxt_icon/lucide.json?icons=house-', code: 'INVALID_ICON_NAME', message: /"house-"/ },
  { what: 'an empty name in the list', url: '/api/_nuxt_icon/lucide.json?icons=house,,user', code: 'INVALID_ICON_NAME', message: /Empty icon name/ },
  { what: 'no icons parameter', url: '/api/_nuxt_icon/lucide.json', code: 'MISSING_ICONS', message: /"icons" is required/ },
  { what: 'an empty icons parameter', url: '/api/_nuxt_icon/lucide.json?icons=', code: 'MISSING_ICONS', message: /"icons" is required/ },
  { what: 'icons given twice', url: '/api/_nuxt_icon/lucide.json?icons=house&icons=user', code: 'INVALID_ICONS', message: /given once/ },
  {
    what: '101 icons',
    url: `/api/_nuxt_icon/lucide.json?icons=${Array.from({ length: 101 }, (_, i) => `icon-${i}`).join(',')}`,
    code: 'TOO_MANY_ICONS',
    message: 'Too many icons: 101 requested, at most 100 per request',
  },
]

t.test('bad requests are 400 with a message naming the problem', async (t) => {
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1' })
  for (const { what, url, code, message } of cases) {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 400, `${what}: status`)
    t.match(res.json(), { statusCode: 400, code, message }, `${what}: body`)
    t.equal(res.headers['cache-control'], 'no-store', `${what}: not cacheable`)
  }
})

t.test('100 icons is still fine', async (t) => {
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1' })
  const names = Array.from({ length: 99 }, (_, i) => `not-an-icon-${i}`).concat('house')
  const res = await app.inject({ url: `/api/_nuxt_icon/lucide.json?icons=${names.join(',')}` })
  t.equal(res.statusCode, 200)
  t.equal(res.json().not_found.length, 99)
})
