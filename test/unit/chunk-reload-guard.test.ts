// A chunk load failure reloads the page once (docs/product-contract.md); the sessionStorage guard (10000 ms TTL)
// stops a second reload within that time, so it can never loop.
import t from 'tap'
import { isChunkLoadError, reloadOnChunkError } from '../../client/lib/chunk-reload.ts'
import { RELOAD_GUARD_STORAGE_KEY, RELOAD_GUARD_TTL_MS } from '../../shared/constants.ts'

function fakeBrowser(start = 1_000_000) {
  const store = new Map<string, string>()
  const state = { now: start, reloads: 0 }
  return {
    state,
    store,
    deps: {
      storage: { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) },
      now: () => state.now,
      reload: () => void state.reloads++,
    },
  }
}

t.test('first failure reloads and records the time', async (t) => {
  const browser = fakeBrowser()
  t.equal(reloadOnChunkError(browser.deps), true)
  t.equal(browser.state.reloads, 1)
  t.equal(browser.store.get(RELOAD_GUARD_STORAGE_KEY), String(browser.state.now))
})

t.test('a second failure within the TTL does not reload again', async (t) => {
  const browser = fakeBrowser()
  reloadOnChunkError(browser.deps)
  browser.state.now += RELOAD_GUARD_TTL_MS - 1
  t.equal(reloadOnChunkError(browser.deps), false)
  t.equal(browser.state.reloads, 1)
})

t.test('after the TTL a new failure may reload again', async (t) => {
  const browser = fakeBrowser()
  reloadOnChunkError(browser.deps)
  browser.state.now += RELOAD_GUARD_TTL_MS
  t.equal(reloadOnChunkError(browser.deps), true)
  t.equal(browser.state.reloads, 2)
})

t.test('blocked storage never reloads (no guard, no loop)', async (t) => {
  const browser = fakeBrowser()
  browser.deps.storage.setItem = () => {
    throw new Error('SecurityError')
  }
  t.equal(reloadOnChunkError(browser.deps), false)
  t.equal(browser.state.reloads, 0)
})

t.test('recognises the browsers\' chunk load errors', async (t) => {
  t.ok(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/chat-1.js')))
  t.ok(isChunkLoadError(new TypeError('Importing a module script failed.')))
  t.ok(isChunkLoadError(new TypeError('error loading dynamically imported module')))
  t.notOk(isChunkLoadError(new Error('Cannot read properties of undefined')))
})
