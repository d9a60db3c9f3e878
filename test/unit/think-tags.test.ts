// <think>…</think> at the start of a model's content is its reasoning, however the stream cuts it.
import t from 'tap'
import { createThinkSplitter, splitThinking, type ContentPiece } from '../../server/services/llm/think-tags.ts'

function joined(pieces: ContentPiece[]) {
  const out = { reasoning: '', text: '' }
  for (const piece of pieces) out[piece.type] += piece.text
  return out
}

t.test('every way of cutting the stream gives the same reasoning and answer', async (t) => {
  const content = '<think>\nThe user asks 2+2. That is 4.\n</think>\n\nIt is **4**.'
  t.same(joined(splitThinking(content)), { reasoning: 'The user asks 2+2. That is 4.\n', text: 'It is **4**.' })
  for (let a = 1; a < content.length; a++) {
    for (const b of [a + 1, a + 3, a + 9]) {
      const splitter = createThinkSplitter()
      const pieces = [content.slice(0, a), content.slice(a, b), content.slice(b)].flatMap((piece) => splitter.push(piece))
      t.same(joined([...pieces, ...splitter.end()]), { reasoning: 'The user asks 2+2. That is 4.\n', text: 'It is **4**.' }, `cut at ${a} and ${b}`)
    }
  }
})

t.test('reasoning comes out as it streams, not only at the end', async (t) => {
  const splitter = createThinkSplitter()
  t.same(splitter.push('<think>Let me'), [{ type: 'reasoning', text: 'Let me' }])
  t.same(splitter.push(' see.</thi'), [{ type: 'reasoning', text: ' see.' }], 'a possible closing tag waits')
  t.same(splitter.push('nk>Yes.'), [{ type: 'text', text: 'Yes.' }])
})

t.test('no tag, a tag later in the answer, an unclosed tag', async (t) => {
  t.same(joined(splitThinking('Plain answer.')), { reasoning: '', text: 'Plain answer.' })
  t.same(joined(splitThinking('Use the <think> tag like this: <think>x</think>')), { reasoning: '', text: 'Use the <think> tag like this: <think>x</think>' })
  t.same(joined(splitThinking('<think>cut off mid-thought')), { reasoning: 'cut off mid-thought', text: '' })
  t.same(joined(splitThinking('<')), { reasoning: '', text: '<' }, 'a lone "<" is text once the content ends')
})
