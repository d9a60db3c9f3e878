// The OpenAI-compatible model's stream, part by part, against a server speaking the real wire
// format: thinking before the answer, errors sent inside the stream, a line it cannot read, CRLF
// bodies, and one kept-alive connection for answer after answer.
import t, { type Test } from 'tap'
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { describeModelError } from '../../server/services/llm/errors.ts'
import { FAKE_MODEL, startFakeOpenAI, type Script } from '../helpers/fake-openai.ts'
import { llmConfig } from '../helpers/llm.ts'

async function setup(t: Test) {
  const fake = await startFakeOpenAI(t)
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-test', AI_MODELS: FAKE_MODEL }) })
  return { fake, model: await registry.resolve(`openai:${FAKE_MODEL}`) }
}

async function streamParts(model: LanguageModelV4, headers?: Record<string, string>): Promise<LanguageModelV4StreamPart[]> {
  const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], headers })
  const parts: LanguageModelV4StreamPart[] = []
  for await (const part of stream) parts.push(part)
  return parts
}

const kinds = (parts: LanguageModelV4StreamPart[]) => parts.map((part) => part.type)
const errorOf = (parts: LanguageModelV4StreamPart[]) => (parts.find((part) => part.type === 'error') as { error: unknown } | undefined)?.error

t.test('thinking streams as reasoning before the text, each closed before the next starts (CRLF body)', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ reasoning: ['Let me', ' think.'], chunks: ['Four', '.'], lineEnding: '\r\n', usage: { prompt_tokens: 9, completion_tokens: 6 } })
  const parts = await streamParts(model)
  t.strictSame(kinds(parts), ['stream-start', 'reasoning-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-end', 'text-start', 'text-delta', 'text-delta', 'text-end', 'finish'])
  t.strictSame(parts.filter((p) => p.type === 'reasoning-delta').map((p) => (p as { delta: string }).delta), ['Let me', ' think.'])
  t.strictSame(parts.filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta), ['Four', '.'])
  const finish = parts.at(-1) as Extract<LanguageModelV4StreamPart, { type: 'finish' }>
  t.equal(finish.finishReason.unified, 'stop')
  t.equal(finish.usage.inputTokens.total, 9)
  t.equal(finish.usage.outputTokens.total, 6)
})

t.test('"<think>…</think>" written inline at the start of the content streams as reasoning, then the answer', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['<thi', 'nk>\nLet me', ' see.</th', 'ink>\n\nFour', '.'] })
  const parts = await streamParts(model)
  t.strictSame(kinds(parts), ['stream-start', 'reasoning-start', 'reasoning-delta', 'reasoning-delta', 'reasoning-end', 'text-start', 'text-delta', 'text-delta', 'text-end', 'finish'])
  t.equal(parts.filter((p) => p.type === 'reasoning-delta').map((p) => (p as { delta: string }).delta).join(''), 'Let me see.')
  t.equal(parts.filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta).join(''), 'Four.')
})

t.test('an error sent inside the stream keeps the text before it and is described by its code', async (t) => {
  const { fake, model } = await setup(t)
  const cases: Array<[Script['streamError'], string]> = [
    [{ message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' }, 'MODEL_RATE_LIMITED'],
    [{ message: "This model's maximum context length is 8192 tokens", type: 'invalid_request_error', code: 'context_length_exceeded' }, 'MODEL_CONTEXT_TOO_LONG'],
    [{ message: 'The server had an error while processing your request.', type: 'server_error' }, 'MODEL_PROVIDER_ERROR'],
  ]
  for (const [streamError, code] of cases) {
    fake.script({ chunks: ['Partial', ' answer'], streamError })
    const parts = await streamParts(model)
    t.strictSame(parts.filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta), ['Partial', ' answer'])
    t.equal(describeModelError(errorOf(parts)).code, code, streamError!.message)
    t.equal((parts.at(-1) as { finishReason: { unified: string } }).finishReason.unified, 'error')
  }
})

t.test('a data line that is not JSON is a "could not read" error; a body without a finish is one too', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['Fine so far'], rawAfterChunks: 'data: {"choices": [ this is not json\n\n' })
  let parts = await streamParts(model)
  t.equal(describeModelError(errorOf(parts)).code, 'MODEL_BAD_RESPONSE')
  t.ok(parts.some((p) => p.type === 'text-delta'), 'the text before it is kept')

  fake.script({ chunks: ['Cut'], end: 'close' })
  parts = await streamParts(model)
  t.equal(describeModelError(errorOf(parts)).code, 'MODEL_BAD_RESPONSE', 'ended without a finish reason')
  t.equal((parts.at(-1) as { finishReason: { unified: string } }).finishReason.unified, 'error')
})

t.test('answers reuse one kept-alive connection and carry the request id', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['One'] })
  await streamParts(model, { 'x-request-id': 'req-1' })
  await streamParts(model, { 'x-request-id': 'req-2' })
  const calls = fake.requests.filter((request) => request.path === '/v1/chat/completions')
  t.equal(calls.length, 2)
  t.equal(calls[0]!.remotePort, calls[1]!.remotePort, 'the second answer did not open a new connection')
  t.strictSame(calls.map((call) => call.headers['x-request-id']), ['req-1', 'req-2'])
  t.equal(calls[0]!.headers.authorization, 'Bearer sk-test')
})
