// createIconStore without a server (a pure factory): local sets answer with only the requested icons
// (aliases with their parents, not_found for the rest), other collections go upstream once, are
// cached, and are served stale when the upstream later fails.
import t from 'tap'
import { AppError } from '../../shared/errors.ts'
import type { IconifyJSON } from '../../shared/icons.ts'
import { createIconStore, UpstreamError, type IconStoreDeps } from '../../server/services/icons/icon-store.ts'

const LOCAL: IconifyJSON = {
  prefix: 'local',
  width: 24,
  height: 24,
  icons: {
    house: { body: '<path d="house"/>' },
    wide: { body: '<path d="wide"/>', width: 48 },
  },
  aliases: {
    home: { parent: 'house' },
    'home-2': { parent: 'home', rotate: 1 },
    loop: { parent: 'loop' },
    orphan: { parent: 'missing' },
  },
}

const UPSTREAM: IconifyJSON = {
  prefix: 'remote',
  width: 16,
  height: 16,
  icons: { star: { body: '<path d="star"/>' }, moon: { body: '<path d="moon"/>', height: 20 } },
  aliases: { favourite: { parent: 'star', hFlip: true } },
}

/** A fake upstream answering like Iconify's API (only what was asked for), recording each call. */
function fakeUpstream() {
  const calls: string[][] = []
  let behaviour: 'ok' | 'fail' | 'stall' | 'not-found' = 'ok'
  const fetchUpstream: IconStoreDeps['fetchUpstream'] = async (collection, names, signal) => {
    calls.push([collection, ...names])
    if (behaviour === 'fail') throw new UpstreamError('http://upstream.test', 'answered 500', 500)
    if (behaviour === 'not-found') throw new UpstreamError('http://upstream.test', 'answered 404', 404)
    if (behaviour === 'stall') {
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    }
    const icons: IconifyJSON['icons'] = {}
    const aliases: NonNullable<IconifyJSON['aliases']> = {}
    const notFound: string[] = []
    for (const name of names) {
      if (UPSTREAM.icons[name]) icons[name] = UPSTREAM.icons[name]
      else if (UPSTREAM.aliases![name]) {
        aliases[name] = UPSTREAM.aliases![name]
        icons[UPSTREAM.aliases![name].parent] = UPSTREAM.icons[UPSTREAM.aliases![name].parent]!
      } else notFound.push(name)
    }
    return { prefix: collection, icons, aliases, width: 16, height: 16, ...(notFound.length ? { not_found: notFound } : {}) }
  }
  return { calls, fetchUpstream, set: (next: typeof behaviour) => (behaviour = next) }
}

function setup(options: { timeoutMs?: number; ttlMs?: number } = {}) {
  const loads: string[] = []
  const upstream = fakeUpstream()
  let clock = 1_000_000
  const store = createIconStore({
    async loadLocal(collection) {
      loads.push(collection)
      return collection === 'local' ? LOCAL : null
    },
    fetchUpstream: upstream.fetchUpstream,
    now: () => clock,
    timeoutMs: options.timeoutMs ?? 1500,
    cache: { upstreamTtlMs: options.ttlMs ?? 60_000 },
  })
  return { store, loads, upstream, advance: (ms: number) => (clock += ms) }
}

t.test('a local set answers with only the requested icons, aliases with their parents, and not_found', async (t) => {
  const { store, upstream } = setup()
  const answer = await store.get('local', ['house', 'home-2', 'nope', 'loop', 'orphan', 'constructor', 'house'])
  t.equal(answer.source, 'local')
  t.same(answer.body, {
    prefix: 'local',
    icons: { house: LOCAL.icons.house },
    aliases: { 'home-2': { parent: 'home', rotate: 1 }, home: { parent: 'house' } },
    width: 24,
    height: 24,
    not_found: ['nope', 'loop', 'orphan', 'constructor'],
  })
  t.notOk('wide' in answer.body.icons, 'icons nobody asked for are left out')
  t.same(upstream.calls, [], 'an installed collection never goes upstream')
})

t.test('a local collection is loaded once and then served from memory', async (t) => {
  const { store, loads } = setup()
  await Promise.all([store.get('local', ['house']), store.get('local', ['wide'])])
  await store.get('local', ['home'])
  t.same(loads, ['local'])
})

t.test('peek answers synchronously once a collection is loaded, resolving alias chains', async (t) => {
  const { store } = setup()
  t.equal(store.peek('local:house'), undefined, 'not loaded yet: unknown, and loading starts')
  await store.preload(['local'])
  t.same(store.peek('local:home-2'), {
    body: '<path d="house"/>',
    left: 0,
    top: 0,
    width: 24,
    height: 24,
    rotate: 1,
    hFlip: false,
    vFlip: false,
  })
  t.equal(store.peek('local:nope'), null)
  t.equal(store.peek('local:loop'), null)
  t.equal(store.peek('Local:house'), null, 'an invalid name is never an icon')
})

t.test('another collection is asked upstream once; a cache hit does not ask again', async (t) => {
  const { store, upstream } = setup()
  const first = await store.get('remote', ['star', 'favourite', 'ghost'])
  t.equal(first.source, 'upstream')
  t.same(first.body, {
    prefix: 'remote',
    icons: { star: { body: '<path d="star"/>', width: 16, height: 16 } },
    aliases: { favourite: { parent: 'star', hFlip: true } },
    width: 16,
    height: 16,
    not_found: ['ghost'],
  })
  const again = await store.get('remote', ['favourite', 'star', 'ghost'])
  t.equal(again.source, 'cache')
  t.same(upstream.calls, [['remote', 'star', 'favourite', 'ghost']])
  await store.get('remote', ['star', 'moon'])
  t.same(upstream.calls[1], ['remote', 'moon'], 'only the names not cached yet are asked for')
  t.same(store.peek('remote:favourite')?.hFlip, true, 'server renders can draw cached upstream icons')
})

t.test('concurrent requests for the same icons share one upstream call', async (t) => {
  const { store, upstream } = setup()
  await Promise.all([store.get('remote', ['star']), store.get('remote', ['star'])])
  t.equal(upstream.calls.length, 1)
})

t.test('stale-on-error: an expired answer is served when the upstream fails', async (t) => {
  const { store, upstream, advance } = setup({ ttlMs: 1000 })
  await store.get('remote', ['star'])
  upstream.set('fail')
  t.equal((await store.get('remote', ['star'])).source, 'cache', 'still fresh: upstream not asked')
  advance(5000)
  const stale = await store.get('remote', ['star'])
  t.equal(stale.source, 'stale')
  t.same(Object.keys(stale.body.icons), ['star'])
  t.equal(upstream.calls.length, 2, 'the expired icon was asked for again first')
  upstream.set('ok')
  t.equal((await store.get('remote', ['star'])).source, 'upstream', 'refreshed once the upstream is back')
})

t.test('an upstream failure with nothing cached is a 502', async (t) => {
  const { store, upstream } = setup()
  upstream.set('fail')
  await t.rejects(store.get('remote', ['star']), { statusCode: 502, code: 'ICON_UPSTREAM_FAILED' })
  await store.get('remote', ['star']).catch(() => {})
  t.equal(upstream.calls.length, 2, 'failures are not cached')
  upstream.set('ok')
  await store.get('remote', ['star'])
  upstream.set('fail')
  const error = await store.get('remote', ['star', 'moon']).catch((e: unknown) => e)
  t.ok(error instanceof AppError && error.statusCode === 502, 'a partly cached request still fails when a name has no answer at all')
})

t.test('an upstream that does not answer in time is a 504', async (t) => {
  const { store, upstream } = setup({ timeoutMs: 50 })
  upstream.set('stall')
  // AbortSignal.timeout's timer does not keep the process alive (a server's sockets do): hold it.
  const keepAlive = setTimeout(() => {}, 5000)
  t.teardown(() => clearTimeout(keepAlive))
  const started = Date.now()
  await t.rejects(store.get('remote', ['star']), { statusCode: 504, code: 'ICON_UPSTREAM_TIMEOUT', message: /within 50 ms/ })
  t.ok(Date.now() - started >= 45, 'it waited for the timeout')
})

t.test('a collection the upstream does not know is a 404', async (t) => {
  const { store, upstream } = setup()
  upstream.set('not-found')
  await t.rejects(store.get('nonexistent', ['star']), { statusCode: 404, code: 'ICON_COLLECTION_NOT_FOUND' })
})

t.test('made-up collection names cannot push installed sets out of memory', async (t) => {
  const loads: string[] = []
  const store = createIconStore({
    async loadLocal(collection) {
      loads.push(collection)
      return collection === 'local' ? LOCAL : null
    },
    fetchUpstream: async () => {
      throw new UpstreamError('http://upstream.test', 'answered 404', 404)
    },
    cache: { collections: 2 },
  })
  await store.preload(['local'])
  for (let i = 0; i < 10; i++) await store.get(`made-up-${i}`, ['x']).catch(() => {})
  t.ok(store.peek('local:house'), 'still loaded')
  t.same(loads.filter((name) => name === 'local'), ['local'], 'never reloaded')
  await store.get('made-up-0', ['x']).catch(() => {})
  t.equal(loads.filter((name) => name === 'made-up-0').length, 1, 'a name known not to be installed is not looked up again')
})

t.test('a collection the upstream does not know is not asked about again for a while', async (t) => {
  const { store, upstream, advance } = setup({ ttlMs: 24 * 60 * 60 * 1000 })
  upstream.set('not-found')
  await t.rejects(store.get('nonexistent', ['a']), { statusCode: 404, code: 'ICON_COLLECTION_NOT_FOUND' })
  await t.rejects(store.get('nonexistent', ['b']), { statusCode: 404, code: 'ICON_COLLECTION_NOT_FOUND' })
  t.equal(upstream.calls.length, 1)
  advance(61 * 60 * 1000)
  await t.rejects(store.get('nonexistent', ['c']), { statusCode: 404, code: 'ICON_COLLECTION_NOT_FOUND' })
  t.equal(upstream.calls.length, 2, 'asked again after an hour')
})

t.test('a broken local install is retried, not remembered', async (t) => {
  let attempts = 0
  const store = createIconStore({
    async loadLocal() {
      attempts++
      if (attempts === 1) throw new Error('corrupt icons.json')
      return LOCAL
    },
    fetchUpstream: async () => {
      throw new Error('not used')
    },
  })
  await t.rejects(store.get('local', ['house']), /corrupt/)
  t.equal((await store.get('local', ['house'])).source, 'local')
})

t.test('upstream icons and local answers are kept by bytes, not only by count', async (t) => {
  const calls: string[] = []
  const big = (name: string) => ({ body: `<path d="${'L1 1'.repeat(25 * 1024)}"/>`, name })
  const store = createIconStore({
    async loadLocal(collection) {
      return collection === 'local' ? { prefix: 'local', icons: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`big-${i}`, big(`big-${i}`)])) } : null
    },
    async fetchUpstream(collection, names) {
      calls.push(names.join(','))
      return { prefix: collection, icons: Object.fromEntries(names.map((name) => [name, big(name)])) }
    },
    // 1 MB each: ten 100 KB icons fill it, whatever the count limit says.
    cache: { upstreamBytes: 1024 * 1024, upstreamIcons: 5000, responseBytes: 1024 * 1024, responses: 1000 },
  })
  for (let i = 0; i < 30; i++) await store.get('up', [`big-${i}`])
  await store.get('up', ['big-29'])
  t.equal(calls.length, 30, 'the newest icon is still cached')
  await store.get('up', ['big-0'])
  t.equal(calls.length, 31, 'the oldest was dropped to stay within the bytes: asked for again')

  const first = (await store.get('local', ['big-0'])).body
  for (let i = 1; i < 40; i++) await store.get('local', [`big-${i}`])
  t.not((await store.get('local', ['big-0'])).body, first, 'a local answer pushed out by bytes is built again')
})
