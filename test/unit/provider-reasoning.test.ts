// Anthropic extended thinking and Gemini thoughts become reasoning parts of the answer: the
// providers' real SSE wire formats, served by a fake fetch that also records what was asked.
import t from 'tap'
import type { UIMessageChunk } from 'ai'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { relayAnswer, toModelPrompt, type RelayOutcome } from '../../server/services/llm/relay.ts'
import { llmConfig } from '../helpers/llm.ts'

const sse = (events: Array<[string | null, object]>) =>
  events.map(([event, data]) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`).join('')

function fakeFetch(body: string, seen: Array<{ url: string; body: Record<string, unknown> }>) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) })
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  }) as typeof fetch
}

async function answer(registry: ReturnType<typeof createModelRegistry>, id: string) {
  const model = await registry.resolve(id)
  const prompt = await toModelPrompt(model, [{ role: 'user', content: 'Why is the sky blue?' }])
  let outcome: RelayOutcome | undefined
  const chunks: UIMessageChunk[] = []
  const relay = relayAnswer({
    model,
    prompt,
    signal: new AbortController().signal,
    messageId: 'm1',
    metadata: {},
    describeError: (error) => String(error),
    onEnd: (ended) => (outcome = ended),
  })
  for await (const chunk of relay) chunks.push(chunk)
  return { chunks, outcome: outcome! }
}

const ANTHROPIC_STREAM = sse([
  ['message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } } }],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Rayleigh scattering: ' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'short wavelengths scatter more.' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2lnbmF0dXJl' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Because blue light scatters most.' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 1 }],
  ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } }],
  ['message_stop', { type: 'message_stop' }],
])

t.test('ANTHROPIC_THINKING_BUDGET turns on extended thinking for answers, shown as reasoning', async (t) => {
  const seen: Array<{ url: string; body: Record<string, unknown> }> = []
  const registry = createModelRegistry({
    config: llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_MODELS: 'claude-haiku-4-5', ANTHROPIC_THINKING_BUDGET: '2048' }),
    fetch: fakeFetch(ANTHROPIC_STREAM, seen),
  })
  const { chunks, outcome } = await answer(registry, 'anthropic:claude-haiku-4-5')
  t.match(seen[0]!.url, /\/messages$/)
  t.same(seen[0]!.body.thinking, { type: 'enabled', budget_tokens: 2048 }, 'the request asks for thinking with the budget')
  t.ok(Number(seen[0]!.body.max_tokens) > 2048, 'room for the answer beyond the thinking budget')
  t.same(
    outcome.parts.map((part) => [part.type, 'text' in part ? part.text : '']),
    [
      ['reasoning', 'Rayleigh scattering: short wavelengths scatter more.'],
      ['text', 'Because blue light scatters most.'],
    ],
  )
  t.equal(outcome.status, 'complete')
  t.ok(chunks.some((chunk) => chunk.type === 'reasoning-end' && chunk.providerMetadata?.chat), 'the thinking time goes with reasoning-end')
})

t.test('without ANTHROPIC_THINKING_BUDGET, Claude is not asked to think', async (t) => {
  const seen: Array<{ url: string; body: Record<string, unknown> }> = []
  const registry = createModelRegistry({
    config: llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_MODELS: 'claude-haiku-4-5' }),
    fetch: fakeFetch(ANTHROPIC_STREAM, seen),
  })
  await answer(registry, 'anthropic:claude-haiku-4-5')
  t.equal(seen[0]!.body.thinking, undefined)
})

t.test('a thinking budget needs an Anthropic key and at least 1024 tokens', async (t) => {
  t.throws(() => llmConfig({ ANTHROPIC_THINKING_BUDGET: '2048' }), /ANTHROPIC_API_KEY is required when ANTHROPIC_THINKING_BUDGET is set/)
  t.throws(() => llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_THINKING_BUDGET: '100' }), /ANTHROPIC_THINKING_BUDGET/)
})

t.test('Gemini is asked for its thought summaries, which become reasoning', async (t) => {
  const seen: Array<{ url: string; body: Record<string, unknown> }> = []
  const body = sse([
    [null, { candidates: [{ content: { role: 'model', parts: [{ text: 'Thinking about light and air.', thought: true }] } }] }],
    [null, { candidates: [{ content: { role: 'model', parts: [{ text: 'Blue light scatters most.' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 6, candidatesTokenCount: 5, totalTokenCount: 11 } }],
  ])
  const registry = createModelRegistry({ config: llmConfig({ GOOGLE_GENERATIVE_AI_API_KEY: 'g-key', GOOGLE_MODELS: 'gemini-2.5-flash' }), fetch: fakeFetch(body, seen) })
  const { outcome } = await answer(registry, 'google:gemini-2.5-flash')
  t.match(seen[0]!.url, /gemini-2\.5-flash:streamGenerateContent/)
  t.match(seen[0]!.body, { generationConfig: { thinkingConfig: { includeThoughts: true } } })
  t.same(
    outcome.parts.map((part) => [part.type, 'text' in part ? part.text : '']),
    [
      ['reasoning', 'Thinking about light and air.'],
      ['text', 'Blue light scatters most.'],
    ],
  )
})

t.test('titles (generate calls) are not asked to think', async (t) => {
  const seen: Array<{ url: string; body: Record<string, unknown> }> = []
  const json = { id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [{ type: 'text', text: 'Sky colour' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 5, output_tokens: 2 } }
  const registry = createModelRegistry({
    config: llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_MODELS: 'claude-haiku-4-5', ANTHROPIC_THINKING_BUDGET: '2048' }),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) })
      return Response.json(json)
    }) as typeof fetch,
  })
  const model = await registry.resolve('anthropic:claude-haiku-4-5')
  const { generateText } = await import('ai')
  const { text } = await generateText({ model, prompt: 'Why is the sky blue?', maxRetries: 0 })
  t.equal(text, 'Sky colour')
  t.equal(seen[0]!.body.thinking, undefined)
})
