// A streaming answer is split into top-level blocks so only the last one re-renders per token.
import t from 'tap'
import { splitBlocks } from '../../client/components/chat/markdown-blocks.ts'

t.test('paragraphs, lists, fenced code and tables are separate blocks', async (t) => {
  const markdown = 'Hello *there*\nsecond line\n\n- a\n- b\n\n- c\n\nafter\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n| a | b |\n| - | - |\n| 1 | 2 |'
  t.same(splitBlocks(markdown), [
    'Hello *there*\nsecond line',
    '- a\n- b\n\n- c\n',
    'after',
    '```ts\nconst a = 1\n\nconst b = 2\n```',
    '| a | b |\n| - | - |\n| 1 | 2 |',
  ])
})

t.test('an unclosed fence keeps everything after it, blank lines included', async (t) => {
  t.same(splitBlocks('Intro\n\n```\nunclosed\n\nstill code'), ['Intro', '```\nunclosed\n\nstill code'])
})

t.test('a fence closes only with enough of the same character', async (t) => {
  t.same(splitBlocks('````md\n```\ninner\n```\n````\nafter'), ['````md\n```\ninner\n```\n````', 'after'])
})
