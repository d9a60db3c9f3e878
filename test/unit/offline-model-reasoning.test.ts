// Asked to think, the offline model reasons first (AI SDK reasoning parts, streamed word by word),
// then answers; asked nothing of the kind, it does not. Deterministic, like everything it says.
import t from 'tap'
import { streamText, generateText } from 'ai'
import { createOfflineModel } from '../../server/services/llm/offline-model.ts'
import { TITLE_SYSTEM_PROMPT } from '../../server/services/llm/prompts.ts'

const model = createOfflineModel({ tokenDelayMs: 0 })

t.test('"think step by step" streams reasoning before the answer', async (t) => {
  const result = streamText({ model, prompt: 'Think step by step: why is the sky blue?' })
  const order: string[] = []
  for await (const part of result.fullStream) if (part.type === 'reasoning-delta' || part.type === 'text-delta') order.push(part.type)
  t.ok(order.indexOf('reasoning-delta') === 0, 'reasoning first')
  t.ok(order.filter((type) => type === 'reasoning-delta').length > 10, 'word by word')
  t.ok(order.lastIndexOf('reasoning-delta') < order.indexOf('text-delta'), 'then the answer')
  t.match(await result.reasoningText, /^The question is “Think step by step: why is the sky blue\?”, 9 words long\./)
  t.match(await result.text, /offline demo model/)
  t.ok((await result.usage).outputTokenDetails.reasoningTokens! > 0, 'reasoning counted in the usage')
})

t.test('no reasoning unless asked, and never for a title', async (t) => {
  const plain = await generateText({ model, prompt: 'Why is the sky blue?' })
  t.equal(plain.reasoningText, undefined)
  const title = await generateText({ model, system: TITLE_SYSTEM_PROMPT, prompt: 'Think about the sky' })
  t.equal(title.reasoningText, undefined)
  t.equal(title.text, 'Think about the sky')
})
