// The session read (docs/product-contract.md). No retry; a failed call (network, 5xx, not JSON, not a
// session) is "no session" and never rejects; signed in means a user is present.
import t from 'tap'
import { createSessionStore } from '../../client/lib/session.ts'

type Reply = { status: number; body: string; type?: string } | Error

function store(replies: Reply[]) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const reply = replies.shift() ?? new Error('no more replies')
    if (reply instanceof Error) throw reply
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.type ?? 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  return { store: createSessionStore({ fetch }), calls }
}

const signedIn = JSON.stringify({ user: { id: 'u1', name: 'Ada' }, loggedInAt: 1700000000000 })

// The store warns about failures (never throws): keep the test output clean.
const originalWarn = console.warn
console.warn = () => {}
t.teardown(() => {
  console.warn = originalWarn
})

t.test('reads the session with accept: application/json; a user means signed in', async (t) => {
  const { store: session, calls } = store([{ status: 200, body: signedIn }])
  t.same(session.getState(), { session: {}, loggedIn: false }, 'anonymous until asked')
  const state = await session.refresh()
  t.equal(calls[0]!.url, '/api/_auth/session')
  t.equal(calls[0]!.init.method, 'GET')
  t.equal((calls[0]!.init.headers as Record<string, string>).accept, 'application/json')
  t.same(state, { session: { user: { id: 'u1', name: 'Ada' }, loggedInAt: 1700000000000 }, loggedIn: true })
  t.equal(session.getState(), state)
})

t.test('{} is anonymous', async (t) => {
  const { store: session } = store([{ status: 200, body: '{}' }])
  t.same(await session.refresh(), { session: {}, loggedIn: false })
})

for (const [name, reply] of [
  ['a 500', { status: 500, body: JSON.stringify({ statusCode: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' }) }],
  ['a 503', { status: 503, body: '{}' }],
  ['a network failure', new TypeError('Failed to fetch')],
  ['an HTML answer', { status: 200, body: '<!doctype html><p>login</p>', type: 'text/html' }],
  ['malformed JSON', { status: 200, body: '{"user":' }],
  ['a user that is not an object', { status: 200, body: '{"user":"root"}' }],
  ['an array', { status: 200, body: '[]' }],
] as const) {
  t.test(`${name} means no session, is not retried and does not reject`, async (t) => {
    const { store: session, calls } = store([{ status: 200, body: signedIn }, reply as Reply, { status: 200, body: signedIn }])
    await session.refresh()
    t.equal(session.getState().loggedIn, true)
    const state = await session.refresh()
    t.same(state, { session: {}, loggedIn: false }, 'a failed read signs the page out')
    t.equal(calls.length, 2, 'no retry')
  })
}

t.test('subscribers hear about changes, not about repeated anonymous reads', async (t) => {
  const { store: session } = store([{ status: 200, body: '{}' }, { status: 200, body: signedIn }, { status: 500, body: '{}' }])
  let notified = 0
  const unsubscribe = session.subscribe(() => void notified++)
  await session.refresh()
  t.equal(notified, 0, 'anonymous to anonymous is no change')
  await session.refresh()
  t.equal(notified, 1)
  await session.refresh()
  t.equal(notified, 2)
  unsubscribe()
})

t.test('a slow earlier answer never overwrites a newer one', async (t) => {
  let releaseFirst: (response: Response) => void = () => {}
  let call = 0
  const fetch = (async () => {
    call++
    if (call === 1) return new Promise<Response>((resolve) => (releaseFirst = resolve))
    return new Response('{}', { headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  const session = createSessionStore({ fetch })
  const first = session.refresh()
  await session.refresh()
  releaseFirst(new Response(signedIn, { headers: { 'content-type': 'application/json' } }))
  await first
  t.equal(session.getState().loggedIn, false, 'the newer (signed out) answer stands')
})

t.test('a storage event for the watched key refreshes the session; other keys do not', async (t) => {
  const { store: session, calls } = store([{ status: 200, body: signedIn }])
  const target = new EventTarget()
  const emit = (key: string | null) => target.dispatchEvent(Object.assign(new Event('storage'), { key }))
  const stop = session.refreshOnStorage('sign-in-popup', target as unknown as Parameters<typeof session.refreshOnStorage>[1])
  emit('nuxt-color-mode')
  t.equal(calls.length, 0)
  const changed = new Promise<void>((resolve) => {
    const unsubscribe = session.subscribe(() => {
      unsubscribe()
      resolve()
    })
  })
  emit('sign-in-popup')
  await changed
  t.equal(calls.length, 1)
  t.equal(session.getState().loggedIn, true)
  stop()
  emit('sign-in-popup')
  // A refresh of our own goes through the same client after any the event would have started.
  await session.refresh()
  t.equal(calls.length, 2, 'the cleanup stops listening')
})
