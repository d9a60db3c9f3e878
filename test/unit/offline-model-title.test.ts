import t from 'tap'
import { generateText } from 'ai'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { TITLE_PROMPT_MARKER, TITLE_SYSTEM_PROMPT } from '../../server/services/llm/prompts.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })
const title = async (prompt: string) => (await generateText({ model, system: TITLE_SYSTEM_PROMPT, prompt, maxRetries: 0 })).text

t.test('the title system prompt starts with the documented marker', async (t) => {
  t.ok(TITLE_SYSTEM_PROMPT.startsWith(TITLE_PROMPT_MARKER))
})

t.test('asked for a title, the offline model answers with a short complete phrase: the subject, whole words', async (t) => {
  t.equal(await title('Tell me about the history of tea.'), 'The history of tea')
  t.equal(await title('Can you please explain how HTTP caching works? With an example.'), 'How HTTP caching works?')
  t.equal(await title('how do I bake sourdough bread at home, step by step?'), 'How do I bake sourdough bread…')
  t.equal(await title('Compare SQLite and PostgreSQL in a table'), 'Compare SQLite and PostgreSQL…', 'never ends on a dangling word')
  t.equal(await title('Think step by step: why is the sky blue?'), 'Why is the sky blue?', 'how to think is not the subject')
  t.equal(await title('Hi!'), 'Hi')
  t.equal(await title("What's `npm ci` for?"), "What's npm ci for?")
  t.equal(await title('¿Qué hora es?'), '¿Qué hora es?')
})

t.test('a message without words gets a neutral title', async (t) => {
  t.equal(await title('?!'), 'New chat')
})

t.test('without the marker it answers normally', async (t) => {
  const { text } = await generateText({ model, system: 'You are helpful.', prompt: 'Hi!', maxRetries: 0 })
  t.match(text, /offline demo model/)
})
