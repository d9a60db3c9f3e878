import t from 'tap'
import { generateText } from 'ai'
import { createOfflineModel, CONNECT_MODEL_HINT } from '../../server/services/llm/offline-model.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })
const answer = async (prompt: string) => (await generateText({ model, prompt, maxRetries: 0 })).text

t.test('every answer has a paragraph about the message, a bullet list and how to connect a real model', async (t) => {
  const text = await answer('What is the capital of France?')
  t.match(text, /^.*“What is the capital of France\?”.*\n\n/, 'first paragraph quotes the message')
  t.match(text, /\n- Your message has 6 words and 30 characters\.\n/)
  t.match(text, /\n- It is message 1 of this conversation\.\n/)
  t.ok(text.endsWith(CONNECT_MODEL_HINT))
  t.match(CONNECT_MODEL_HINT, /OPENAI_BASE_URL/)
  t.match(CONNECT_MODEL_HINT, /OPENAI_API_KEY/)
  t.notMatch(text, /```/, 'no code block unless asked')
  t.notMatch(text, /\| --- \|/, 'no table unless asked')
})

t.test('a prompt about code gets a fenced code block', async (t) => {
  for (const prompt of ['Show me some code', 'Write a function that adds numbers', 'Give me an example']) {
    const text = await answer(prompt)
    t.match(text, /\n```ts\n[\s\S]+\n```\n/, prompt)
  }
})

t.test('a prompt asking for a table gets a Markdown table', async (t) => {
  const text = await answer('Put it in a table please')
  t.match(text, /\n\| Property \| Value \|\n\| --- \| --- \|\n\| Model \| Offline demo \|\n/)
  t.match(text, /\| Words \| 6 \|/)
})

t.test('the message count follows the conversation', async (t) => {
  const { text } = await generateText({
    model,
    messages: [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Second question' },
    ],
    maxRetries: 0,
  })
  t.match(text, /“Second question”/)
  t.match(text, /It is message 2 of this conversation/)
})

t.test('Markdown in the message cannot break out of the quote or the code block', async (t) => {
  const text = await answer('code ```js\nalert(1)\n``` and more')
  t.equal(text.match(/```/g)?.length, 2, 'only the answer’s own fence')
  t.notMatch(text.split('\n\n')[0]!, /\n/, 'the quote stays on one line')
})
