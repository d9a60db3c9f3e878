import t, { type Test } from 'tap'
import { generateText } from 'ai'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { describeModelError } from '../../server/services/llm/errors.ts'
import { FAKE_MODEL, startFakeOpenAI } from '../helpers/fake-openai.ts'
import { eventually, llmConfig, runStream } from '../helpers/llm.ts'

// Not shorter: the first fetch of a process loads undici, which on Node 22 under load alone takes
// a few hundred ms (the Docker image's Node runs these tests too).
const FIRST_TOKEN_MS = 1500
// 120 ms between parts in the steady test leaves 480 ms for a loaded machine's scheduling.
const IDLE_MS = 600

async function setup(t: Test) {
  const fake = await startFakeOpenAI(t)
  const config = llmConfig({
    OPENAI_BASE_URL: fake.baseUrl,
    AI_MODELS: FAKE_MODEL,
    MODEL_FIRST_TOKEN_TIMEOUT_MS: String(FIRST_TOKEN_MS),
    MODEL_IDLE_TIMEOUT_MS: String(IDLE_MS),
  })
  const model = await createModelRegistry({ config }).resolve(`openai:${FAKE_MODEL}`)
  return { fake, model }
}

t.test('a stream that stalls mid-answer ends with an idle timeout, keeps what arrived and closes the upstream request', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['Half', ' an', ' answer'], end: 'stall' })
  const run = await runStream(model)
  t.equal(run.text, 'Half an answer')
  t.equal(run.errors.length, 1)
  const description = describeModelError(run.errors[0])
  t.equal(description.code, 'MODEL_IDLE_TIMEOUT')
  t.equal(description.statusCode, 504)
  t.match(description.message, /stopped answering for 600 ms/)
  t.ok(run.elapsedMs >= IDLE_MS, `not before the idle timeout (${run.elapsedMs} ms)`)
  t.ok(run.elapsedMs < IDLE_MS + 4_000, `soon after it (${run.elapsedMs} ms)`)
  await eventually(() => fake.openResponses() === 0)
})

t.test('a model that sends headers but no first token times out', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['late'], firstChunkDelayMs: 5_000 })
  const run = await runStream(model)
  t.equal(run.text, '')
  t.equal(describeModelError(run.errors[0]).code, 'MODEL_FIRST_TOKEN_TIMEOUT')
  t.match(describeModelError(run.errors[0]).message, /did not start answering within 1.5 seconds/)
  t.ok(run.elapsedMs >= FIRST_TOKEN_MS && run.elapsedMs < FIRST_TOKEN_MS + 4_000, `${run.elapsedMs} ms`)
  await eventually(() => fake.openResponses() === 0)
})

t.test('a server that does not even send headers times out the same way', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['late'], headersDelayMs: 5_000 })
  const run = await runStream(model)
  t.equal(describeModelError(run.errors[0]).code, 'MODEL_FIRST_TOKEN_TIMEOUT')
  t.ok(run.elapsedMs < FIRST_TOKEN_MS + 4_000, `${run.elapsedMs} ms`)
  await eventually(() => fake.openResponses() === 0)
})

t.test('a slow but steady answer is not cut: the idle clock restarts with every part', async (t) => {
  const { fake, model } = await setup(t)
  // Takes 150 + 12 × 120 ms, longer than both timeouts together, but no gap reaches either.
  const words = ['one', ' two', ' three', ' four', ' five', ' six', ' seven', ' eight', ' nine', ' ten', ' eleven', ' twelve', ' thirteen']
  fake.script({ chunks: words, firstChunkDelayMs: 150, chunkDelayMs: 120 })
  const run = await runStream(model)
  t.same(run.errors, [])
  t.equal(run.text, words.join(''))
  t.ok(run.elapsedMs > FIRST_TOKEN_MS, `longer than the first-token timeout (${run.elapsedMs} ms)`)
  t.equal(run.finishReason, 'stop')
})

t.test('a connection dropped mid-stream is an error, not a hang', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['Cut', ' off'], end: 'drop' })
  const run = await runStream(model)
  t.equal(run.text, 'Cut off')
  t.equal(run.errors.length, 1)
  const description = describeModelError(run.errors[0])
  t.equal(description.code, 'MODEL_CONNECTION_LOST')
  t.match(description.message, /broke off/)
  t.ok(run.elapsedMs < IDLE_MS, `reported at once, not by the idle timeout (${run.elapsedMs} ms)`)
})

t.test('a non-streamed call that takes too long times out too', async (t) => {
  const { fake, model } = await setup(t)
  fake.script({ chunks: ['A title'], headersDelayMs: 5_000 })
  const error = await generateText({ model, prompt: 'title please', maxRetries: 0 }).then(
    () => undefined,
    (e: unknown) => e,
  )
  t.equal(describeModelError(error).code, 'MODEL_FIRST_TOKEN_TIMEOUT')
})
