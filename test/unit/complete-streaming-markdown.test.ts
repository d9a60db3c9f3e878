// The last block of a streaming answer renders without flashes of raw Markdown syntax.
import t from 'tap'
import { completeStreamingMarkdown as complete } from '../../client/components/chat/complete-streaming-markdown.ts'

t.test('open bold, strikethrough and inline code are closed', async (t) => {
  t.equal(complete('This is **important'), 'This is **important**')
  t.equal(complete('This is ~~gone'), 'This is ~~gone~~')
  t.equal(complete('Run `npm test'), 'Run `npm test`')
  t.equal(complete('Run `a ** b'), 'Run `a ** b`', 'markers inside a code span are not formatting')
})

t.test('finished text is left alone', async (t) => {
  for (const text of ['Plain words.', 'A **bold** word and `code`.', '- a list\n- with items', '| a | b |\n| - | - |']) {
    t.equal(complete(text), text)
  }
})

t.test('a link whose URL is still arriving shows its text only', async (t) => {
  t.equal(complete('See [the docs](https://exa'), 'See the docs')
  t.equal(complete('See [the docs](https://example.com/) and more'), 'See [the docs](https://example.com/) and more')
})

t.test('fenced code is never touched', async (t) => {
  t.equal(complete('```ts\nconst a = `x'), '```ts\nconst a = `x')
})
