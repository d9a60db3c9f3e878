// At most 4 route preloads run at once, and a path is prefetched once (docs/product-contract.md).
import t from 'tap'
import { createPrefetchQueue } from '../../client/lib/prefetch.ts'
import { ROUTE_PRELOAD_CONCURRENCY } from '../../shared/constants.ts'

function controlledLoads() {
  const started: string[] = []
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
  let active = 0
  let maxActive = 0
  const load = (path: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(path)
      active++
      maxActive = Math.max(maxActive, active)
      const done = () => {
        active--
        pending.delete(path)
      }
      pending.set(path, { resolve: () => (done(), resolve()), reject: (error) => (done(), reject(error)) })
    })
  return { load, started, pending, stats: () => ({ active, maxActive }) }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

t.test('runs at most ROUTE_PRELOAD_CONCURRENCY (4) loads at once, the rest wait their turn in order', async (t) => {
  t.equal(ROUTE_PRELOAD_CONCURRENCY, 4)
  const loads = controlledLoads()
  const queue = createPrefetchQueue(loads.load)
  const paths = Array.from({ length: 10 }, (_, i) => `/chat/p${i + 1}`)
  const finished = paths.map((path) => queue.prefetch(path))
  await tick()
  t.same(loads.started, paths.slice(0, 4))
  loads.pending.get('/chat/p2')!.resolve()
  await tick()
  t.same(loads.started, paths.slice(0, 5), 'one finishes, the next starts')
  while (loads.pending.size > 0) {
    t.ok(loads.stats().active <= 4)
    for (const { resolve } of [...loads.pending.values()]) resolve()
    await tick()
  }
  await Promise.all(finished)
  t.same(loads.started, paths)
  t.equal(loads.stats().maxActive, 4)
})

t.test('a path is prefetched once, however often it is asked for', async (t) => {
  const loads = controlledLoads()
  const queue = createPrefetchQueue(loads.load)
  void queue.prefetch('/chat/a')
  void queue.prefetch('/chat/a')
  await tick()
  loads.pending.get('/chat/a')!.resolve()
  await tick()
  await queue.prefetch('/chat/a')
  t.same(loads.started, ['/chat/a'])
})

t.test('a failed load frees its slot and is not reported', async (t) => {
  const loads = controlledLoads()
  const queue = createPrefetchQueue(loads.load, 1)
  const first = queue.prefetch('/a')
  const second = queue.prefetch('/b')
  await tick()
  loads.pending.get('/a')!.reject(new Error('chunk gone'))
  await first
  await tick()
  t.same(loads.started, ['/a', '/b'])
  loads.pending.get('/b')!.resolve()
  await second
})
