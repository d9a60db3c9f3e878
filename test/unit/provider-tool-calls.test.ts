// Tool calls through the Anthropic and Google providers of the AI SDK, on their real SSE wire
// formats: the first response calls a tool (its JSON split across deltas), the loop runs it, and the
// second request must carry the call and its result the way each API expects them (Anthropic's
// tool_use / tool_result blocks with the thinking block and its signature kept; Gemini's
// functionCall / functionResponse parts).
import t from 'tap'
import { Type } from 'typebox'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { relayAnswer, toModelPrompt, type RelayOutcome } from '../../server/services/llm/relay.ts'
import type { ChatTool } from '../../server/services/tools/tool-types.ts'
import { llmConfig } from '../helpers/llm.ts'

const sse = (events: Array<[string | null, object]>) =>
  events.map(([event, data]) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`).join('')

type Seen = Array<{ url: string; body: Record<string, any> }>

/** Serves `bodies` in order, one per request, and records each request. */
function scriptedFetch(bodies: string[], seen: Seen) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) })
    const body = bodies[Math.min(seen.length - 1, bodies.length - 1)]!
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  }) as typeof fetch
}

function weatherTool(inputs: unknown[]): ChatTool {
  return {
    name: 'weather',
    label: 'Weather',
    group: 'Built-in',
    description: 'Current weather for a place.',
    inputSchema: Type.Object({ place: Type.String() }, { additionalProperties: false }) as never,
    execute: async (input) => {
      inputs.push(input)
      return { place: 'Lisbon', temperature: 21 }
    },
  }
}

async function answerWithTools(registry: ReturnType<typeof createModelRegistry>, id: string, tools: ChatTool[]) {
  const model = await registry.resolve(id)
  const prompt = await toModelPrompt(model, [{ role: 'user', content: 'Weather in Lisbon?' }])
  let outcome: RelayOutcome | undefined
  const relay = relayAnswer({
    model,
    prompt,
    signal: new AbortController().signal,
    messageId: 'm1',
    metadata: {},
    describeError: (error) => String(error),
    tools,
    maxSteps: 5,
    onEnd: (ended) => (outcome = ended),
  })
  for await (const chunk of relay) void chunk
  return outcome!
}

t.test('Claude calls a tool: tools sent as input_schema, tool_use read from split JSON, the result goes back with the signed thinking', async (t) => {
  const first = sse([
    ['message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 20, output_tokens: 1 } } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'I need the weather tool.' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2lnLTE=' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01', name: 'weather', input: {} } }],
    ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"pla' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'ce": "Lisbon"}' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 30 } }],
    ['message_stop', { type: 'message_stop' }],
  ])
  const second = sse([
    ['message_start', { type: 'message_start', message: { id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 60, output_tokens: 1 } } }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'It is 21 °C in Lisbon.' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } }],
    ['message_stop', { type: 'message_stop' }],
  ])
  const seen: Seen = []
  const inputs: unknown[] = []
  const registry = createModelRegistry({
    config: llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', ANTHROPIC_MODELS: 'claude-haiku-4-5', ANTHROPIC_THINKING_BUDGET: '2048' }),
    fetch: scriptedFetch([first, second], seen),
  })
  const outcome = await answerWithTools(registry, 'anthropic:claude-haiku-4-5', [weatherTool(inputs)])

  t.equal(seen.length, 2, 'two model steps')
  t.match(seen[0]!.body.tools, [{ name: 'weather', description: 'Current weather for a place.', input_schema: { type: 'object', properties: { place: { type: 'string' } } } }])
  t.same(inputs, [{ place: 'Lisbon' }], 'the tool ran with the JSON put together from its deltas')
  const [assistant, user] = seen[1]!.body.messages.slice(-2)
  t.match(assistant, {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'I need the weather tool.', signature: 'c2lnLTE=' },
      { type: 'tool_use', id: 'toolu_01', name: 'weather', input: { place: 'Lisbon' } },
    ],
  })
  t.match(user, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01' }] })
  t.match(JSON.stringify(user.content[0].content), /21/, 'with the tool’s output')
  t.same(
    outcome.parts.map((part) => part.type),
    ['reasoning', 'tool-weather', 'text'],
  )
  t.match(outcome.parts[1], { state: 'output-available', input: { place: 'Lisbon' }, output: { temperature: 21 } })
  t.equal(outcome.status, 'complete')
})

t.test('Gemini calls a tool: functionDeclarations sent, functionCall run, sent back with its thought signature and the functionResponse', async (t) => {
  const first = sse([
    [null, { candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'weather', args: { place: 'Lisbon' } }, thoughtSignature: 'Z3NpZw==' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 4, totalTokenCount: 13 } }],
  ])
  const second = sse([
    [null, { candidates: [{ content: { role: 'model', parts: [{ text: 'It is 21 °C in Lisbon.' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 7, totalTokenCount: 27 } }],
  ])
  const seen: Seen = []
  const inputs: unknown[] = []
  const registry = createModelRegistry({ config: llmConfig({ GOOGLE_GENERATIVE_AI_API_KEY: 'g-key', GOOGLE_MODELS: 'gemini-2.5-flash' }), fetch: scriptedFetch([first, second], seen) })
  const outcome = await answerWithTools(registry, 'google:gemini-2.5-flash', [weatherTool(inputs)])

  t.equal(seen.length, 2, 'two model steps')
  t.match(seen[0]!.body.tools, [{ functionDeclarations: [{ name: 'weather', description: 'Current weather for a place.' }] }])
  t.same(inputs, [{ place: 'Lisbon' }])
  const contents = seen[1]!.body.contents as Array<{ role: string; parts: Array<Record<string, any>> }>
  // Gemini 3 refuses a function call sent back without the thought signature it came with.
  t.match(contents.at(-2), { role: 'model', parts: [{ functionCall: { name: 'weather', args: { place: 'Lisbon' } }, thoughtSignature: 'Z3NpZw==' }] })
  t.match(contents.at(-1), { role: 'user', parts: [{ functionResponse: { name: 'weather' } }] })
  t.match(JSON.stringify(contents.at(-1)), /21/, 'with the tool’s output')
  t.same(
    outcome.parts.map((part) => part.type),
    ['tool-weather', 'text'],
  )
  t.equal(outcome.status, 'complete')
})
