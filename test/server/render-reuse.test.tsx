// Finished server renders are sent again to requests with the same page state (render-cache.ts):
// the markup is the same, every nonce in it is the response's own, and a render is only reused when
// nothing about the page changed and nothing went wrong while rendering it.
import '../helpers/production-react.ts'
import t from 'tap'
import { buildApp, BROWSER_UA } from '../helpers/build-app.ts'
import { fixtureEntry, Slow, Throw } from '../helpers/fixture-entry.tsx'
import { createChat, visitor } from '../helpers/chat.ts'
import type { SsrEntry } from '../../server/plugins/render.ts'

const HEADERS = { 'user-agent': BROWSER_UA }

/** The script nonce of a response's policy, and every nonce its document carries. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const policy = String(res.headers['content-security-policy'])
  const script = /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1]
  const style = /style-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1]
  const inDocument = new Set([...res.body.matchAll(/<script nonce="([^"]+)"/g)].map((match) => match[1]))
  return { script, style, inDocument: [...inDocument] }
}

/** An entry that counts its renders; its markup has a Suspense boundary completed by a nonce'd script. */
function countingEntry(render: () => React.ReactNode = () => <p>Plain page</p>) {
  let renders = 0
  const entry = fixtureEntry((state) => {
    renders++
    const later = new Promise((resolve) => setTimeout(resolve, 5))
    return (
      <main>
        <h1>Page at {state.path}</h1>
        <Slow promise={later} fallback={<p>Loading…</p>}>
          <p>Finished part</p>
        </Slow>
        {render()}
      </main>
    )
  })
  return { entry: entry as SsrEntry, renders: () => renders }
}

t.test('the same state is rendered once; each response carries its own nonce', async (t) => {
  const { entry, renders } = countingEntry()
  const { app } = await buildApp(t, {}, { ssrEntry: entry })
  const first = await app.inject({ url: '/', headers: HEADERS })
  const second = await app.inject({ url: '/', headers: HEADERS })
  t.equal(first.statusCode, 200)
  t.equal(second.statusCode, 200)
  t.equal(renders(), 1, 'the second request reused the first render')
  const [a, b] = [nonces(first), nonces(second)]
  t.not(a.script, b.script, 'a new nonce per response')
  t.same(a.inDocument, [a.script], 'every script of the first document carries its nonce')
  t.same(b.inDocument, [b.script], 'every script of the reused document carries the new nonce, React’s own included')
  t.notMatch(second.body, a.script!, 'nothing of the first nonce is left')
  t.equal(second.body.replaceAll(b.script!, 'N').replaceAll(b.style!, 'S'), first.body.replaceAll(a.script!, 'N').replaceAll(a.style!, 'S'), 'the same document otherwise')
  t.match(second.body, /Finished part/)
  t.match(second.body, /<\/html>\s*$/)

  const gzip = await app.inject({ url: '/', headers: { ...HEADERS, 'accept-encoding': 'gzip' } })
  t.equal(gzip.headers['content-encoding'], 'gzip', 'a reused render is compressed like any other')
  t.equal(renders(), 1)

  await app.inject({ url: '/other', headers: HEADERS })
  t.equal(renders(), 2, 'another page (another state) is rendered')
})

t.test('a render that failed is not kept', async (t) => {
  const { entry, renders } = countingEntry(() => <Slow promise={Promise.resolve()} fallback={<p>…</p>}><Throw message="part failed" /></Slow>)
  const { app } = await buildApp(t, {}, { ssrEntry: entry })
  await app.inject({ url: '/', headers: HEADERS })
  await app.inject({ url: '/', headers: HEADERS })
  t.equal(renders(), 2)
})

t.test('RENDER_CACHE_MB=0 renders every request', async (t) => {
  const { entry, renders } = countingEntry()
  const { app } = await buildApp(t, { RENDER_CACHE_MB: '0' }, { ssrEntry: entry })
  await app.inject({ url: '/', headers: HEADERS })
  await app.inject({ url: '/', headers: HEADERS })
  t.equal(renders(), 2)
})

t.test('the real pages: a public chat changes, its page follows', async (t) => {
  const { app } = await buildApp(t)
  const owner = visitor()
  const created = await createChat(app, owner, 'A question about tide pools')
  const id = created.json().id as string
  await app.inject({ method: 'PATCH', url: `/api/chats/${id}`, headers: owner.headers(true), payload: { visibility: 'public', title: 'Tide pools' } })
  const read = () => app.inject({ url: `/chat/${id}`, headers: HEADERS })
  const first = await read()
  const again = await read()
  t.equal(first.statusCode, 200)
  t.match(first.body, /Tide pools/)
  const strip = (body: string) => body.replace(/nonce="[^"]+"|'nonce-[^']+'|content="[0-9a-f]{32}"/g, '')
  t.equal(strip(again.body), strip(first.body), 'a reader gets the same page')

  await app.inject({ method: 'PATCH', url: `/api/chats/${id}`, headers: owner.headers(true), payload: { title: 'Rock pools' } })
  const renamed = await read()
  t.match(renamed.body, /Rock pools/, 'the new title, not a kept page')
  t.notMatch(renamed.body, /Tide pools/)

  const home = [await app.inject({ url: '/', headers: HEADERS }), await app.inject({ url: '/', headers: HEADERS })]
  t.equal(strip(home[1]!.body), strip(home[0]!.body), 'a new visitor’s home page, twice')
})
