// The connection's state on a runtime whose navigator has no onLine: Node 21+ defines a global
// navigator, and the server render (which loads the sidebar list's chunk through
// importWhenConnected) waited forever for a connection there: the Docker image's Node 24.
import t from 'tap'

const hadNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js/24', language: 'en-US' }, configurable: true })
t.teardown(() => {
  if (hadNavigator) Object.defineProperty(globalThis, 'navigator', hadNavigator)
  else delete (globalThis as { navigator?: unknown }).navigator
})

const { connectionState, whenConnected } = await import('../../client/lib/connection.ts')
const { importWhenConnected } = await import('../../client/lib/chunk-reload.ts')

t.test('a navigator without onLine is not offline, and a chunk loads at once', async (t) => {
  t.equal(connectionState(), 'online')
  await whenConnected()
  t.equal(await importWhenConnected(async () => 'loaded'), 'loaded')
})

t.test('a browser that says it is offline is offline', async (t) => {
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true })
  t.equal(connectionState(), 'offline')
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true })
  t.equal(connectionState(), 'online')
})
