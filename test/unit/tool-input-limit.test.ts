// How much input a tool call may carry: 64 K characters unless the tool says more (an artifact's
// whole content). Within its limit the input streams to the card in full and the tool runs; past it
// the call is an error result naming both sizes, and the tool never runs.
import t from 'tap'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import type { UIMessageChunk } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { Type } from 'typebox'
import { relayAnswer } from '../../server/services/llm/relay.ts'
import type { ChatTool } from '../../server/services/tools/tool-types.ts'

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } }

/** A model that calls `toolName` with `input` (streamed in 1 000-character pieces), then answers. */
function callingModel(toolName: string, input: string) {
  let step = 0
  return new MockLanguageModelV4({
    doStream: async () => {
      step++
      const parts: LanguageModelV4StreamPart[] =
        step === 1
          ? [
              { type: 'tool-input-start', id: 'c1', toolName },
              ...(input.match(/.{1,1000}/gs) ?? []).map((delta) => ({ type: 'tool-input-delta', id: 'c1', delta }) as const),
              { type: 'tool-input-end', id: 'c1' },
              { type: 'tool-call', toolCallId: 'c1', toolName, input },
              { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
            ]
          : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]
      return { stream: new ReadableStream({ start: (controller) => { for (const part of parts) controller.enqueue(part); controller.close() } }) }
    },
  })
}

async function run(tool: ChatTool, input: string) {
  const chunks: UIMessageChunk[] = []
  for await (const chunk of relayAnswer({
    model: callingModel(tool.name, input),
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
    signal: new AbortController().signal,
    messageId: 'm1',
    metadata: {},
    describeError: (error) => String(error),
    onEnd: () => {},
    tools: [tool],
  })) chunks.push(chunk)
  return chunks
}

function echo(maxInputChars?: number) {
  const ran: number[] = []
  const tool: ChatTool = {
    name: 'echo',
    label: 'Echo',
    group: 'Built-in',
    description: 'Echoes',
    inputSchema: Type.Object({ text: Type.String() }) as never,
    ...(maxInputChars ? { maxInputChars } : {}),
    async execute(input) {
      ran.push((input as { text: string }).text.length)
      return { length: (input as { text: string }).text.length }
    },
  }
  return { tool, ran }
}

const streamed = (chunks: UIMessageChunk[]) => chunks.flatMap((chunk) => (chunk.type === 'tool-input-delta' ? [chunk.inputTextDelta] : [])).join('')

t.test('a tool that takes more gets all of it, streamed to the card', async (t) => {
  const input = JSON.stringify({ text: 'x'.repeat(200_000) })
  const { tool, ran } = echo(300_000)
  const chunks = await run(tool, input)
  t.equal(streamed(chunks), input, 'every piece went to the card')
  t.same(ran, [200_000])
  t.match(chunks.find((chunk) => chunk.type === 'tool-output-available'), { output: { length: 200_000 } })
})

t.test('past its limit the call is an error result and the tool does not run', async (t) => {
  const input = JSON.stringify({ text: 'x'.repeat(70_000) })
  const { tool, ran } = echo()
  const chunks = await run(tool, input)
  t.equal(streamed(chunks).length, 66_000, 'the card stops growing at the piece that reached the limit')
  t.match(chunks.find((chunk) => chunk.type === 'tool-input-error'), { errorText: 'The input of echo has 70,011 characters; it takes at most 65,536.', input: {} })
  t.same(ran, [])

  const { tool: larger, ran: ranLarger } = echo(100_000)
  const big = JSON.stringify({ text: 'x'.repeat(150_000) })
  t.match((await run(larger, big)).find((chunk) => chunk.type === 'tool-input-error'), { errorText: /has 150,011 characters; it takes at most 100,000\./ })
  t.same(ranLarger, [])
})
