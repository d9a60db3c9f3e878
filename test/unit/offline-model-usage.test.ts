import t from 'tap'
import { generateText } from 'ai'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { runStream } from '../helpers/llm.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })

t.test('usage counts prompt words in and streamed words out', async (t) => {
  const run = await runStream(model, { system: 'Be brief.', prompt: 'Count these five words' })
  t.equal(run.usage?.inputTokens, 6, 'system and user words')
  t.equal(run.usage?.outputTokens, run.deltas.length)
  const generated = await generateText({ model, system: 'Be brief.', prompt: 'Count these five words', maxRetries: 0 })
  t.equal(generated.usage.inputTokens, 6)
  t.equal(generated.usage.outputTokens, run.deltas.length)
})

t.test('maxOutputTokens cuts the answer and says so', async (t) => {
  const { text, finishReason, usage } = await generateText({ model, prompt: 'Hello', maxOutputTokens: 5, maxRetries: 0 })
  t.equal(finishReason, 'length')
  t.equal(usage.outputTokens, 5)
  t.equal(text.split(/\s+/).filter(Boolean).length, 5)
})
