// The store of finished server renders (server/services/render-cache.ts): keys from the state's
// JSON, the nonce replaced everywhere on reuse, a budget in bytes with the least recently used out
// first, and no page so big that it would push everything else out.
import t from 'tap'
import { createRenderCache } from '../../server/services/render-cache.ts'

t.test('the same state, the same key; another state, another key', async (t) => {
  const cache = createRenderCache(1 << 20)
  t.equal(cache.keyFor('{"path":"/"}'), cache.keyFor('{"path":"/"}'))
  t.not(cache.keyFor('{"path":"/"}'), cache.keyFor('{"path":"/a"}'))
})

t.test('every occurrence of the old nonce becomes the new one', async (t) => {
  const cache = createRenderCache(1 << 20)
  cache.set('k', '<p>a</p><script nonce="OLD">x</script><script nonce="OLD">y</script>', 'OLD', { 'lucide:x': { body: '<path/>' } } as never)
  const hit = cache.get('k')!
  t.equal(hit.markup('NEW'), '<p>a</p><script nonce="NEW">x</script><script nonce="NEW">y</script>')
  t.same(hit.icons, { 'lucide:x': { body: '<path/>' } })
  t.equal(cache.get('missing'), undefined)
})

t.test('over budget, the least recently used render goes first', async (t) => {
  // Each entry of 300 characters counts 664 bytes: nine fit in 6,000 (none is over an eighth).
  const cache = createRenderCache(6000)
  const page = (index: number) => String(index).repeat(300)
  for (let index = 0; index < 9; index++) cache.set(`p${index}`, page(index), '', {})
  t.equal(cache.size, 9)
  t.ok(cache.get('p0'), 'p0 used again: p1 is now the oldest')
  cache.set('p9', page(9), '', {})
  t.equal(cache.size, 9)
  t.equal(cache.get('p1'), undefined, 'p1 went')
  t.ok(cache.get('p0') && cache.get('p2') && cache.get('p9'))
  t.ok(cache.bytes <= 6000)
})

t.test('a render bigger than an eighth of the budget is not kept', async (t) => {
  const cache = createRenderCache(8000)
  cache.set('big', 'x'.repeat(600), '', {})
  t.equal(cache.get('big'), undefined)
  cache.set('small', 'x'.repeat(400), '', {})
  t.ok(cache.get('small'))
})
