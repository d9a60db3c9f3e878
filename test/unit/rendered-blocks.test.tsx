// Finished Markdown blocks are rendered once and kept within their limits; what a cached block
// renders to is exactly what a fresh render gives.
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRenderedBlocks } from '../../client/components/chat/rendered-blocks.ts'
import { MarkdownContent } from '../../client/components/chat/markdown.tsx'

t.test('a block is rendered once, then served from the cache', async (t) => {
  const blocks = createRenderedBlocks<string>({ maxBlocks: 10, maxChars: 1000 })
  let renders = 0
  const render = (markdown: string) => `<p>${markdown}</p>#${++renders}`
  t.equal(blocks.get('hello', render), '<p>hello</p>#1')
  t.equal(blocks.get('hello', render), '<p>hello</p>#1')
  t.equal(renders, 1)
  t.equal(blocks.get('world', render), '<p>world</p>#2')
  t.equal(blocks.size, 2)
  t.equal(blocks.chars, 10)
})

t.test('the least recently used block leaves first, by count and by characters', async (t) => {
  const blocks = createRenderedBlocks<number>({ maxBlocks: 3, maxChars: 12 })
  let renders = 0
  const render = () => ++renders
  blocks.get('aaa', render) // 1
  blocks.get('bbb', render) // 2
  blocks.get('ccc', render) // 3
  blocks.get('aaa', render) // used again: now the newest
  blocks.get('ddd', render) // 4: over 3 blocks, 'bbb' leaves
  t.equal(blocks.size, 3)
  t.equal(blocks.get('aaa', render), 1, 'kept')
  t.equal(blocks.get('bbb', render), 5, 'rendered again (and, over 3 blocks, pushes out the oldest: ccc)')
  // Now ddd, aaa, bbb: 9 characters. 6 more would make 15 (12 at most): the oldest, ddd, leaves.
  blocks.get('eeeeee', render) // 6
  t.equal(blocks.chars, 12)
  t.equal(blocks.size, 3)
  t.equal(blocks.get('aaa', render), 1)
  t.equal(blocks.get('bbb', render), 5)
  t.equal(blocks.get('eeeeee', render), 6)
  t.equal(blocks.get('ccc', render), 7, 'ccc was gone')
})

t.test('a block longer than the whole budget is rendered but not kept', async (t) => {
  const blocks = createRenderedBlocks<number>({ maxBlocks: 3, maxChars: 5 })
  let renders = 0
  blocks.get('x'.repeat(6), () => ++renders)
  blocks.get('x'.repeat(6), () => ++renders)
  t.equal(renders, 2)
  t.equal(blocks.size, 0)
  t.equal(blocks.chars, 0)
})

t.test('an answer renders the same from the cache as the first time, streaming or not', async (t) => {
  const answer = '# Title\n\nSome **bold** text and a [link](https://example.com).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1\n```\n\n<img src=x onerror=alert(1)>'
  const first = renderToStaticMarkup(<MarkdownContent text={answer} />)
  const second = renderToStaticMarkup(<MarkdownContent text={answer} />)
  t.equal(second, first)
  t.match(first, /<h1>Title<\/h1>/)
  t.match(first, /<table>/)
  t.notMatch(first, /<img/, 'raw HTML stays text')
  // While streaming, the growing last block is never taken from (or put into) the cache.
  const partial = 'Some **bol'
  t.match(renderToStaticMarkup(<MarkdownContent text={partial} streaming />), /<strong>bol<\/strong>/)
  t.match(renderToStaticMarkup(<MarkdownContent text={partial} />), /\*\*bol/, 'finished, it is shown as written')
})
