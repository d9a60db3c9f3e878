// The word a search hit hands to the chat's find bar (a plain, case-insensitive text match).
import t from 'tap'
import { findWord } from '../../client/components/history/find-word.ts'

const marks = (snippet: string, ...words: string[]) => words.map((word) => [snippet.indexOf(word), snippet.indexOf(word) + word.length] as [number, number])

t.test('what was typed, when the snippet holds it as typed', async (t) => {
  const snippet = 'Draft of the Quarterly report for May'
  t.equal(findWord('quarterly  report ', snippet, marks(snippet, 'Quarterly', 'report')), 'quarterly report')
})

t.test('else the longest word the search marked', async (t) => {
  const snippet = 'signal rocket anchor river topic42.'
  t.equal(findWord('topic42 river', snippet, marks(snippet, 'river', 'topic42')), 'topic42', 'the words are apart in the text')
  const accented = 'Un café au lait'
  t.equal(findWord('cafe', accented, marks(accented, 'café')), 'café', 'the word as written, which the find bar can match')
  const prefix = 'About bananas'
  t.equal(findWord('banan', prefix, marks(prefix, 'bananas')), 'banan', 'a prefix found as typed is kept')
})

t.test('nothing marked (a title hit): no word', async (t) => {
  t.equal(findWord('report', 'Weekly notes', []), '')
})
