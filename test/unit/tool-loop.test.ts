// The tool loop in relay.ts, driven by a model whose steps a test scripts: several calls in one
// step, results fed back, unknown tools, bad JSON, the step limit, time limits, output caps, Stop.
import t from 'tap'
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider'
import type { UIMessageChunk } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { Type } from 'typebox'
import { relayAnswer, type RelayOptions, type RelayOutcome, type StoredPart } from '../../server/services/llm/relay.ts'
import type { ChatTool } from '../../server/services/tools/tool-types.ts'

const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } }
const finish = (reason: 'stop' | 'tool-calls'): LanguageModelV4StreamPart => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage })
const text = (words: string): LanguageModelV4StreamPart[] => [
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: words },
  { type: 'text-end', id: 't' },
]
const toolCall = (id: string, toolName: string, input: string): LanguageModelV4StreamPart[] => [
  { type: 'tool-input-start', id, toolName },
  { type: 'tool-input-delta', id, delta: input.slice(0, 5) },
  { type: 'tool-input-delta', id, delta: input.slice(5) },
  { type: 'tool-input-end', id },
  { type: 'tool-call', toolCallId: id, toolName, input },
]

/** A model that plays `steps` in order (the last one again if called more often) and records its calls. */
function steppedModel(steps: LanguageModelV4StreamPart[][]) {
  const calls: LanguageModelV4CallOptions[] = []
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      calls.push(options)
      const parts = steps[Math.min(calls.length - 1, steps.length - 1)]!
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part)
            controller.close()
          },
        }),
      }
    },
  })
  return { model, calls }
}

function tool(name: string, execute: ChatTool['execute'], extra: Partial<ChatTool> = {}): ChatTool {
  return {
    name,
    label: name[0]!.toUpperCase() + name.slice(1),
    group: 'Built-in',
    description: `The ${name} tool`,
    inputSchema: Type.Object({ q: Type.String() }, { additionalProperties: false }) as never,
    execute,
    ...extra,
  }
}

async function run(
  model: MockLanguageModelV4,
  tools: ChatTool[],
  options: { maxSteps?: number; timeoutMs?: number; maxOutputBytes?: number; signal?: AbortSignal; onChunk?: (chunk: UIMessageChunk) => void; awaitApproval?: RelayOptions['awaitApproval'] } = {},
) {
  let outcome: RelayOutcome | undefined
  const chunks: UIMessageChunk[] = []
  for await (const chunk of relayAnswer({
    model,
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }],
    signal: options.signal ?? new AbortController().signal,
    messageId: 'm1',
    metadata: {},
    describeError: (error) => `failed: ${String(error)}`,
    onEnd: (ended) => (outcome = ended),
    tools,
    maxSteps: options.maxSteps ?? 5,
    toolLimits: { timeoutMs: options.timeoutMs ?? 5_000, maxOutputBytes: options.maxOutputBytes },
    awaitApproval: options.awaitApproval,
  })) {
    chunks.push(chunk)
    options.onChunk?.(chunk)
  }
  return { chunks, outcome: outcome! }
}

const toolParts = (parts: StoredPart[]) => parts.filter((part) => part.type !== 'text' && part.type !== 'reasoning') as unknown as Array<Record<string, unknown>>

t.test('two calls in one step run side by side; their results go back to the model, which then answers', async (t) => {
  const { model, calls } = steppedModel([
    [...text('Let me look.'), ...toolCall('call_0', 'alpha', '{"q":"one"}'), ...toolCall('call_1', 'beta', '{"q":"two"}'), finish('tool-calls')],
    [...text('Alpha said ONE, beta said TWO.'), finish('stop')],
  ])
  const started: string[] = []
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const alpha = tool('alpha', async (input) => {
    started.push('alpha')
    await gate
    return { said: (input as { q: string }).q.toUpperCase() }
  })
  const beta = tool('beta', async (input) => {
    started.push('beta')
    release()
    return { said: (input as { q: string }).q.toUpperCase() }
  })
  const { chunks, outcome } = await run(model, [alpha, beta])
  t.same(started, ['alpha', 'beta'], 'beta started while alpha was still running')
  t.equal(calls.length, 2)
  t.same(
    calls[0]!.tools?.map((entry) => entry.name),
    ['alpha', 'beta'],
    'the tools are offered with their schemas',
  )
  const followUp = calls[1]!.prompt
  t.match(followUp.at(-2), { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool-call', toolCallId: 'call_0', toolName: 'alpha', input: { q: 'one' } }, { type: 'tool-call', toolCallId: 'call_1' }] })
  t.match(followUp.at(-1), {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'call_0', toolName: 'alpha', output: { type: 'json', value: { said: 'ONE' } } },
      { type: 'tool-result', toolCallId: 'call_1', toolName: 'beta', output: { type: 'json', value: { said: 'TWO' } } },
    ],
  })
  const types = chunks.map((chunk) => chunk.type)
  t.same(types.filter((type) => type.endsWith('-step')), ['start-step', 'finish-step', 'start-step', 'finish-step'])
  t.ok(types.indexOf('tool-output-available') < types.lastIndexOf('start-step'), 'results come before the next step')
  t.same(
    chunks.filter((chunk) => chunk.type === 'tool-input-delta').map((chunk) => (chunk as { inputTextDelta: string }).inputTextDelta).join(''),
    '{"q":"one"}{"q":"two"}',
    'the input streams as it comes',
  )
  t.equal(outcome.status, 'complete')
  t.same(
    outcome.parts.map((part) => [part.type, 'state' in part ? part.state : undefined]),
    [
      ['text', 'done'],
      ['tool-alpha', 'output-available'],
      ['tool-beta', 'output-available'],
      ['text', 'done'],
    ],
  )
  t.match(toolParts(outcome.parts)[0], { toolCallId: 'call_0', title: 'Alpha', input: { q: 'one' }, output: { said: 'ONE' } })
  t.equal(outcome.usage?.inputTokens, 10, 'usage adds up over the steps')
  t.match(chunks.at(-1), { type: 'finish', finishReason: 'stop' })
})

t.test('an unknown tool and invalid JSON become error results the model reacts to; the answer completes', async (t) => {
  const { model, calls } = steppedModel([
    [...toolCall('a', 'nonexistent_tool', '{}'), ...toolCall('b', 'alpha', '{"q": "unterminated'), ...toolCall('c', 'alpha', '{"q": 7}'), finish('tool-calls')],
    [...text('Sorry, those failed.'), finish('stop')],
  ])
  let ran = 0
  const { chunks, outcome } = await run(model, [tool('alpha', async () => ++ran)])
  t.equal(ran, 0, 'nothing ran')
  const results = (calls[1]!.prompt.at(-1) as { content: Array<{ output: { type: string; value: string } }> }).content.map((part) => part.output)
  t.match(results[0], { type: 'error-text', value: /There is no tool called “nonexistent_tool”. The tools are: alpha/ })
  t.match(results[1], { type: 'error-text', value: /not valid JSON/ })
  t.match(results[2], { type: 'error-text', value: /Invalid input for alpha: \/q must be string/ })
  t.same(
    chunks.filter((chunk) => chunk.type === 'tool-input-error').map((chunk) => (chunk as { toolCallId: string }).toolCallId),
    ['a', 'b'],
  )
  t.ok(chunks.some((chunk) => chunk.type === 'tool-output-error' && chunk.toolCallId === 'c'))
  t.equal(outcome.status, 'complete')
  t.same(
    toolParts(outcome.parts).map((part) => [part.type, part.state]),
    [
      ['dynamic-tool', 'output-error'],
      ['tool-alpha', 'output-error'],
      ['tool-alpha', 'output-error'],
    ],
  )
  t.equal(toolParts(outcome.parts)[0]!.toolName, 'nonexistent_tool')
})

t.test('a model that keeps calling tools stops at AI_MAX_STEPS: the last step may not call, and says so if it does', async (t) => {
  const { model, calls } = steppedModel([[...toolCall('call_0', 'alpha', '{"q":"again"}'), finish('tool-calls')]])
  let ran = 0
  const { chunks, outcome } = await run(model, [tool('alpha', async () => ++ran)], { maxSteps: 3 })
  t.equal(calls.length, 3, 'three model calls')
  t.same(
    calls.map((call) => call.toolChoice?.type),
    ['auto', 'auto', 'none'],
    'the last step is told to answer',
  )
  t.equal(ran, 2, 'the calls of the last step are not run')
  const last = toolParts(outcome.parts).at(-1)!
  t.match(last, { state: 'output-error', errorText: /Not run: this answer reached its limit of 3 model steps \(AI_MAX_STEPS\)/ })
  t.same(
    toolParts(outcome.parts).map((part) => part.toolCallId),
    ['call_0', 'call_0-s2', 'call_0-s3'],
    'a call id the provider reuses in a later step stays unique in the answer',
  )
  t.equal(outcome.status, 'complete')
  t.match(chunks.at(-1), { type: 'finish', finishReason: 'tool-calls' })
})

t.test('a tool past TOOL_TIMEOUT_MS, a tool that throws, and an output past the cap', async (t) => {
  const { model, calls } = steppedModel([
    [...toolCall('slow', 'slow', '{"q":"x"}'), ...toolCall('bad', 'broken', '{"q":"x"}'), ...toolCall('big', 'big', '{"q":"x"}'), finish('tool-calls')],
    [...text('Done.'), finish('stop')],
  ])
  let slowSignal: AbortSignal | undefined
  const slow = tool('slow', (_input, { signal }) => {
    slowSignal = signal
    return new Promise(() => {})
  })
  const broken = tool('broken', async () => {
    throw new Error('database is on fire')
  })
  const big = tool('big', async () => ({ data: 'x'.repeat(100_000) }))
  const started = Date.now()
  const { outcome } = await run(model, [slow, broken, big], { timeoutMs: 200, maxOutputBytes: 1024 })
  t.ok(Date.now() - started < 3000, 'the slow tool did not hold the answer')
  t.ok(slowSignal?.aborted, 'the slow tool was told to stop')
  const results = (calls[1]!.prompt.at(-1) as { content: Array<{ toolCallId: string; output: { type: string; value: string } }> }).content
  t.match(results.find((part) => part.toolCallId === 'slow')!.output, { type: 'error-text', value: 'Slow did not answer within 0.2 s.' })
  t.match(results.find((part) => part.toolCallId === 'bad')!.output, { type: 'error-text', value: 'Broken failed: database is on fire' })
  const cut = results.find((part) => part.toolCallId === 'big')!.output
  t.equal(cut.type, 'text')
  t.ok(Buffer.byteLength(cut.value) < 1200, 'the model gets at most the cap (and a note)')
  t.match(cut.value, /\[The output was cut: it had 98 KB, the limit is 1 KB\.\]$/)
  t.match(toolParts(outcome.parts).find((part) => part.toolCallId === 'big'), { state: 'output-available', output: { truncated: true } })
  t.equal(outcome.status, 'complete')
})

t.test('Stop during a tool aborts it and keeps everything before it', async (t) => {
  const { model, calls } = steppedModel([[...text('Checking.'), ...toolCall('call_0', 'slow', '{"q":"x"}'), finish('tool-calls')]])
  const controller = new AbortController()
  let toolSignal: AbortSignal | undefined
  const slow = tool('slow', (_input, { signal }) => {
    toolSignal = signal
    setTimeout(() => controller.abort(new Error('Stopped by the user')), 20)
    return new Promise(() => {})
  })
  const { chunks, outcome } = await run(model, [slow], { signal: controller.signal })
  t.ok(toolSignal?.aborted, 'the tool was aborted')
  t.equal(calls.length, 1, 'no further model call')
  t.equal(outcome.status, 'partial')
  t.same(
    outcome.parts.map((part) => [part.type, 'state' in part ? part.state : undefined]),
    [
      ['text', 'done'],
      ['tool-slow', 'output-error'],
    ],
  )
  t.match(toolParts(outcome.parts)[0], { errorText: 'Stopped before it finished.', input: { q: 'x' } })
  t.equal(chunks.at(-1)!.type, 'abort')
})

t.test('without tools the relay makes one plain call and offers none', async (t) => {
  const { model, calls } = steppedModel([[...text('Plain.'), finish('stop')]])
  const { chunks } = await run(model, [])
  t.equal(calls.length, 1)
  t.equal(calls[0]!.tools, undefined)
  t.equal(calls[0]!.toolChoice, undefined)
  t.same(
    chunks.map((chunk) => chunk.type),
    ['start', 'start-step', 'text-start', 'text-delta', 'text-end', 'finish-step', 'finish'],
  )
})

t.test('sources from two searches in one answer are numbered on, an address cited again keeps its number', async (t) => {
  const { model, calls } = steppedModel([
    [...toolCall('s1', 'search', '{"q":"a"}'), finish('tool-calls')],
    [...toolCall('s2', 'search', '{"q":"b"}'), finish('tool-calls')],
    [...text('Both [1] and [3].'), finish('stop')],
  ])
  const pages: Record<string, string[]> = { a: ['https://one.example/', 'https://two.example/'], b: ['https://two.example/', 'https://three.example/'] }
  const search = tool('search', async (input) => ({ results: pages[(input as { q: string }).q]!.map((url) => ({ url, title: url })) }), {
    cite: (output, number) => {
      const results = (output as { results: Array<{ url: string; title: string }> }).results.map((result) => ({ ...result, n: number(result.url, result.title) }))
      return { output: { results }, sources: results }
    },
  })
  const { chunks, outcome } = await run(model, [search])
  t.same(
    chunks.filter((chunk) => chunk.type === 'source-url').map((chunk) => [(chunk as { sourceId: string }).sourceId, (chunk as { url: string }).url]),
    [
      ['1', 'https://one.example/'],
      ['2', 'https://two.example/'],
      ['3', 'https://three.example/'],
    ],
    'each address once, numbered in the order first cited',
  )
  const second = (calls[2]!.prompt.at(-1) as unknown as { content: Array<{ output: { value: { results: Array<{ n: number }> } } }> }).content[0]!.output.value
  t.same(second.results.map((result) => result.n), [2, 3], 'the model sees the numbers it should cite')
  t.same(
    outcome.parts.filter((part) => part.type === 'source-url').map((part) => (part as { sourceId: string }).sourceId),
    ['1', '2', '3'],
  )
})

t.test('a call that needs approval waits for the decision: approved it runs, denied the model hears so', async (t) => {
  const steps = () => steppedModel([[...toolCall('c1', 'risky', '{"q":"x"}'), finish('tool-calls')], [...text('Ok.'), finish('stop')]])
  let ran = 0
  const risky = tool('risky', async () => ++ran, { needsApproval: true })
  const asked: string[] = []

  const yes = steps()
  const approved = await run(yes.model, [risky], { awaitApproval: async (approvalId) => (asked.push(approvalId), { approved: true }) })
  t.equal(ran, 1)
  const request = approved.chunks.find((chunk) => chunk.type === 'tool-approval-request') as { approvalId: string; toolCallId: string }
  t.same([request.toolCallId, request.approvalId], ['c1', asked[0]])
  t.match(approved.chunks.find((chunk) => chunk.type === 'tool-approval-response'), { approvalId: asked[0], approved: true })
  t.match(toolParts(approved.outcome.parts)[0], { state: 'output-available', approval: { id: asked[0], approved: true } })

  const no = steps()
  const denied = await run(no.model, [risky], { awaitApproval: async () => ({ approved: false, reason: 'not today' }) })
  t.equal(ran, 1, 'a denied call does not run')
  t.ok(denied.chunks.some((chunk) => chunk.type === 'tool-output-denied'))
  t.match((no.calls[1]!.prompt.at(-1) as unknown as { content: Array<{ output: unknown }> }).content[0]!.output, { type: 'execution-denied', reason: 'not today' })
  t.match(toolParts(denied.outcome.parts)[0], { state: 'output-denied', approval: { approved: false, reason: 'not today' } })

  const nobody = steps()
  const unasked = await run(nobody.model, [risky])
  t.match(toolParts(unasked.outcome.parts)[0], { state: 'output-denied' }, 'with nobody to ask, it is denied')
  t.equal(ran, 1)

  const stopped = new AbortController()
  const waiting = steps()
  const stop = await run(waiting.model, [risky], {
    signal: stopped.signal,
    awaitApproval: (_id, signal) =>
      new Promise((_resolve, reject) => {
        setTimeout(() => stopped.abort(new Error('Stopped by the user')), 10)
        signal.addEventListener('abort', () => reject(signal.reason))
      }),
  })
  t.equal(stop.outcome.status, 'partial', 'Stop while it waits ends the answer')
  t.match(toolParts(stop.outcome.parts)[0], { state: 'output-error', errorText: 'Stopped before it finished.' })
})
