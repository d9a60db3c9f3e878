// A long message is cut where a reader would stop: after a paragraph near the limit, else after a
// word, never in the middle of a word or of a surrogate pair; what is kept never exceeds the limit.
import t from 'tap'
import { capParts, clipForPage } from '../../server/services/chats/message-size.ts'

const answer = (text: string) => ({ status: 'done', parts: [{ type: 'text', text }] })
const shown = (text: string, max: number) => (clipForPage(answer(text), max).parts[0] as { text: string }).text

t.test('after the last paragraph close to the limit', async (t) => {
  const text = `${'a'.repeat(900)}\n\n${'Paragraph two goes on and on. '.repeat(20)}`
  t.equal(shown(text, 1000), `${'a'.repeat(900)}\n\n`)
})

t.test('else after the last whole word', async (t) => {
  const text = 'word '.repeat(400)
  const kept = shown(text, 1003)
  t.ok(kept.length <= 1003)
  t.match(kept, /word$/, `ends on a whole word: …${kept.slice(-12)}`)
})

t.test('text with no spaces is cut at the limit, never inside a surrogate pair', async (t) => {
  t.equal(shown('x'.repeat(2000), 1000).length, 1000)
  const emoji = '😀'.repeat(600)
  const kept = shown(emoji, 1001)
  t.equal(kept.length, 1000, 'the pair at the border is left out whole')
  t.notOk(/[\uD800-\uDBFF]$/.test(kept))
})

t.test('the stored cap cuts the same way and adds its note', async (t) => {
  const { parts, cut } = capParts([{ type: 'text', text: 'one two three four five six seven eight nine ten '.repeat(40) }], 500)
  t.ok(cut)
  t.match((parts[0] as { text: string }).text, /\S$/)
  t.ok((parts[0] as { text: string }).text.length <= 500)
  t.match((parts[1] as { text: string }).text, /at most 500 characters/)
})
