// `[n]` in an answer becomes a link to source n — not inside code, not an existing link or a
// reference, not a number no source has.
import t from 'tap'
import { linkCitations } from '../../client/components/chat/parts/sources.tsx'

const sources = [
  { type: 'source-url' as const, sourceId: '1', url: 'https://en.wikipedia.org/wiki/Tea', title: 'Tea - "Wikipedia"' },
  { type: 'source-url' as const, sourceId: '2', url: 'https://example.org/tea' },
]

t.test('citations link to their sources', async (t) => {
  t.equal(linkCitations('Tea came from China [1], then Europe [2][1].', sources), 'Tea came from China [[1]](https://en.wikipedia.org/wiki/Tea "Tea - Wikipedia"), then Europe [[2]](https://example.org/tea "example.org")[[1]](https://en.wikipedia.org/wiki/Tea "Tea - Wikipedia").')
  t.equal(linkCitations('See [3] and array[1] in `a[1]`.', sources), 'See [3] and array[[1]](https://en.wikipedia.org/wiki/Tea "Tea - Wikipedia") in `a[1]`.', 'unknown numbers and inline code are left alone')
  t.equal(linkCitations('[1](https://x.test) and [1]: https://y.test', sources), '[1](https://x.test) and [1]: https://y.test', 'links and reference definitions stay')
  t.equal(linkCitations('```js\nconst a = b[1]\n```\nafter [2]', sources), '```js\nconst a = b[1]\n```\nafter [[2]](https://example.org/tea "example.org")', 'fenced code stays')
  t.equal(linkCitations('No sources [1].', []), 'No sources [1].')
})
