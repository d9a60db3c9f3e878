// Continue: asked to go on after an answer it wrote (CONTINUE_PROMPT after it), the
// offline model writes the rest of that answer, so the two together read as the whole answer.
import t from 'tap'
import { generateText } from 'ai'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { CONTINUE_PROMPT } from '../../server/services/llm/prompts.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })
const question = 'How do I make a good cup of tea?'

t.test('the rest of a stopped answer, from where it stopped', async (t) => {
  const whole = (await generateText({ model, prompt: question, maxRetries: 0 })).text
  const cut = whole.slice(0, Math.floor(whole.length / 3))
  const rest = await generateText({
    model,
    maxRetries: 0,
    messages: [
      { role: 'user', content: question },
      { role: 'assistant', content: cut },
      { role: 'user', content: CONTINUE_PROMPT },
    ],
  })
  t.equal(cut + rest.text, whole, 'the stopped part and the rest make the whole answer')
  t.ok(rest.text.length > 0)
})

t.test('a continue request after words it did not write: its whole answer again', async (t) => {
  const whole = (await generateText({ model, prompt: question, maxRetries: 0 })).text
  const rest = await generateText({ model, maxRetries: 0, messages: [{ role: 'user', content: question }, { role: 'assistant', content: 'Something else.' }, { role: 'user', content: CONTINUE_PROMPT }] })
  t.equal(rest.text, whole)
})
