// The app shell's icons are in the server-rendered HTML (first paint shows them: no flash, no
// layout shift), and the data the render used is inlined so hydration draws the same thing
// without fetching.
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { ICON_SNAPSHOT_ID } from '../../shared/icons.ts'

function iconsInlined(html: string): Record<string, unknown> {
  const json = new RegExp(`<script type="application/json" id="${ICON_SNAPSHOT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1]
  if (!json) throw new Error(`no ${ICON_SNAPSHOT_ID} in the page`)
  return JSON.parse(json)
}

t.test('shell icons are drawn by the server and inlined for hydration', async (t) => {
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1' })
  const res = await app.inject({ url: '/', headers: browser })
  t.equal(res.statusCode, 200)
  const toggle = /<svg[^>]*data-icon="lucide:panel-left"[^>]*>([\s\S]*?)<\/svg>/.exec(res.body)
  t.ok(toggle, 'the sidebar toggle icon is in the HTML')
  t.match(toggle![0], /width="20" height="20" viewBox="0 0 24 24"/)
  t.match(toggle![1], /^<g fill="none" stroke="currentColor"/, 'with its drawing, not an empty box')
  const inlined = iconsInlined(res.body)
  t.same(Object.keys(inlined).sort(), [
    'lucide:arrow-up',
    'lucide:arrow-up-right',
    'lucide:chevron-down',
    'lucide:cpu',
    // The sidebar's list is drawn in the browser only, but its icons come with the page.
    'lucide:ellipsis',
    'lucide:folder',
    'lucide:folder-plus',
    'lucide:globe',
    'lucide:message-square',
    'lucide:monitor',
    'lucide:moon',
    'lucide:panel-left',
    'lucide:search',
    // The sidebar's Settings.
    'lucide:settings',
    'lucide:square-pen',
    'lucide:sun',
    'lucide:x',
  ])
  t.match(inlined['lucide:panel-left'], { width: 24, height: 24, body: /<g fill="none"/ })
  t.notMatch(res.body.split(ICON_SNAPSHOT_ID)[1], /<path/, 'the inlined markup cannot close its <script>')
})

t.test('an icon the server does not know yet is an empty box of the right size', async (t) => {
  const { app } = await buildApp(t, { ICONS_UPSTREAM_URL: 'http://127.0.0.1:1', UI_PLAYGROUND: 'true' })
  const res = await app.inject({ url: '/_playground', headers: browser })
  // logos is loaded on first use, so this first render cannot draw it.
  t.match(res.body, /<svg[^>]*width="24" height="24"[^>]*data-icon="logos:react" data-state="loading"[^>]*><\/svg>/)
  t.match(res.body, /data-icon="lucide:no-such-icon" data-state="failed"/)
  t.notOk(Object.hasOwn(iconsInlined(res.body), 'logos:react'), 'not inlined: the browser fetches it')
})
