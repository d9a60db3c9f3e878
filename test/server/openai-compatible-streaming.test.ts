import t from 'tap'
import { generateText } from 'ai'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { FAKE_MODEL, startFakeOpenAI } from '../helpers/fake-openai.ts'
import { eventually, llmConfig, runStream } from '../helpers/llm.ts'

const API_KEY = 'sk-test-streaming-0123456789'

t.test('an OpenAI-compatible model streams its answer in order, with usage', async (t) => {
  const fake = await startFakeOpenAI(t)
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: API_KEY, AI_MODELS: FAKE_MODEL }) })
  fake.script({ chunks: ['The', ' answer', ' is', ' **42**', '.'], chunkDelayMs: 5, usage: { prompt_tokens: 17, completion_tokens: 5 } })

  const run = await runStream(await registry.resolve(`openai:${FAKE_MODEL}`), { system: 'Be brief.', prompt: 'What is the answer?' })

  t.same(run.deltas, ['The', ' answer', ' is', ' **42**', '.'])
  t.equal(run.text, 'The answer is **42**.')
  t.equal(run.finishReason, 'stop')
  t.same(run.usage, { inputTokens: 17, outputTokens: 5 })
  t.same(run.errors, [])

  const request = fake.requests.find((r) => r.path === '/v1/chat/completions')!
  t.equal(request.headers.authorization, `Bearer ${API_KEY}`)
  t.equal(request.body.model, FAKE_MODEL)
  t.equal(request.body.stream, true)
  t.same(request.body.stream_options, { include_usage: true }, 'asks for the usage chunk')
  t.same(request.body.messages, [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'What is the answer?' },
  ])
})

t.test('a non-streamed call (as for titles) gets the whole message', async (t) => {
  const fake = await startFakeOpenAI(t)
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, AI_MODELS: FAKE_MODEL }) })
  fake.script({ chunks: ['Baking ', 'sourdough ', 'bread'], usage: { prompt_tokens: 30, completion_tokens: 3 } })

  const result = await generateText({ model: await registry.resolve(`openai:${FAKE_MODEL}`), prompt: 'How do I bake bread?', maxRetries: 0 })

  t.equal(result.text, 'Baking sourdough bread')
  t.equal(result.usage.inputTokens, 30)
  t.equal(result.usage.outputTokens, 3)
  const request = fake.requests.find((r) => r.path === '/v1/chat/completions')!
  t.notOk(request.body.stream)
  t.equal(request.headers.authorization, undefined, 'no key configured, no Authorization header (Ollama, LM Studio)')
})

t.test('a Stop mid-answer aborts the upstream request', async (t) => {
  const fake = await startFakeOpenAI(t)
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, AI_MODELS: FAKE_MODEL }) })
  fake.script({ chunks: ['one', ' two', ' three', ' four', ' five', ' six'], chunkDelayMs: 200 })
  const controller = new AbortController()
  const run = await runStream(await registry.resolve(`openai:${FAKE_MODEL}`), {
    abortSignal: controller.signal,
    onDelta: (_delta, index) => {
      if (index === 1) controller.abort()
    },
  })
  t.ok(run.aborted)
  t.equal(run.text, 'one two')
  t.same(run.errors, [], 'a Stop is not an error')
  await eventually(() => fake.openResponses() === 0)
})
