import t from 'tap'
import { generateText } from 'ai'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { runStream } from '../helpers/llm.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })

t.test('the same prompt gives the same answer, streamed or not', async (t) => {
  const prompt = 'How do I make a good cup of tea?'
  const first = await runStream(model, { prompt })
  const second = await runStream(model, { prompt })
  t.equal(second.text, first.text)
  t.same(second.deltas, first.deltas)
  const generated = await generateText({ model, prompt, maxRetries: 0 })
  t.equal(generated.text, first.text)
  t.match(first.text, /How do I make a good cup of tea\?/, 'the answer echoes the message')
})

t.test('a different prompt gives a different answer', async (t) => {
  const a = await runStream(model, { prompt: 'Tell me about whales' })
  const b = await runStream(model, { prompt: 'Tell me about volcanoes' })
  t.not(a.text, b.text)
})

t.test('the answer streams word by word, in order', async (t) => {
  const run = await runStream(model, { prompt: 'Explain streaming to me' })
  t.ok(run.deltas.length > 20, `many deltas (${run.deltas.length})`)
  for (const delta of run.deltas) t.match(delta, /^\s*\S+$/, 'each delta is one word with the space before it')
  t.equal(run.deltas.join(''), run.text)
  t.equal(run.finishReason, 'stop')
  t.same(run.errors, [])
})
