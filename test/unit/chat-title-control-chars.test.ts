// Titles are short complete phrases on one line: whole words (an ellipsis when cut), punctuation
// inside kept, no control characters.
import t from 'tap'
import { provisionalTitle, titleFrom } from '../../server/services/chats/chat-title.ts'

t.test('control characters never reach a title', async (t) => {
  t.equal(titleFrom('Rust\u0000 lifetimes\n\texplained', 'q'), 'Rust lifetimes')
  t.equal(titleFrom('', 'why\u0000is\u0007the sky blue'), 'Why is the sky blue')
  t.equal(titleFrom('\u0000\u0001', '\u0000'), 'New chat')
})

t.test("a model's title keeps its punctuation, loses wrapping quotes and a final full stop", async (t) => {
  t.equal(titleFrom('"C++ vs. Rust: memory safety."', 'q'), 'C++ vs. Rust: memory safety')
  t.equal(titleFrom('Title: **Lisbon, 3-day trip**', 'q'), 'Lisbon, 3-day trip')
  t.equal(titleFrom('Why is the sky blue?', 'q'), 'Why is the sky blue?')
})

t.test('a long title is cut between words, with an ellipsis', async (t) => {
  const long = 'A very long title that goes on and on about many different things at once and more'
  const title = titleFrom(long, 'q')
  t.ok(title.endsWith('…'), title)
  t.ok(long.startsWith(title.slice(0, -1)), 'whole words only')
  t.ok(title.length <= 60)
})

t.test('the provisional title is the first line’s first whole words', async (t) => {
  t.equal(provisionalTitle('Tell me about the history of tea in China and Japan'), 'Tell me about the history…', 'never ends on a dangling word')
  t.equal(provisionalTitle('Compare SQLite and PostgreSQL in a table'), 'Compare SQLite and PostgreSQL…')
  t.equal(provisionalTitle('What is Fastify?'), 'What is Fastify?')
  t.equal(provisionalTitle('explain this:\n```js\nconst x = 1\n```'), 'Explain this')
  t.equal(provisionalTitle('Supercalifragilisticexpialidocious'.repeat(4)).length <= 60, true)
  t.equal(provisionalTitle('   '), 'New chat')
})
