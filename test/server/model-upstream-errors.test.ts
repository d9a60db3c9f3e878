import t, { type Test } from 'tap'
import { createModelRegistry } from '../../server/services/llm/registry.ts'
import { describeModelError } from '../../server/services/llm/errors.ts'
import { FAKE_MODEL, OPENAI_ERRORS, startFakeOpenAI, type Script } from '../helpers/fake-openai.ts'
import { closedPort, llmConfig, runStream } from '../helpers/llm.ts'

const API_KEY = 'sk-proj-SECRETabcdef0123456789wxyz'

async function failWith(t: Test, script: Script) {
  const fake = await startFakeOpenAI(t)
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: API_KEY, AI_MODELS: FAKE_MODEL }) })
  fake.script(script)
  const run = await runStream(await registry.resolve(`openai:${FAKE_MODEL}`))
  t.equal(run.errors.length, 1, 'one error reported')
  t.equal(run.text, '')
  return describeModelError(run.errors[0])
}

function assertSafe(t: Test, description: { message: string }) {
  t.notMatch(description.message, /sk-|SECRET|wxyz|127\.0\.0\.1|https?:\/\//, 'no key, key fragment or URL in the message')
}

t.test('401: a bad API key, without echoing the key', async (t) => {
  const description = await failWith(t, { error: OPENAI_ERRORS.invalidKey(API_KEY) })
  t.equal(description.code, 'MODEL_AUTH_FAILED')
  t.equal(description.statusCode, 502)
  t.match(description.message, /rejected the API key/)
  assertSafe(t, description)
})

t.test('404: the model does not exist at the provider', async (t) => {
  const description = await failWith(t, { error: OPENAI_ERRORS.modelNotFound(FAKE_MODEL) })
  t.equal(description.code, 'MODEL_NOT_FOUND')
  t.match(description.message, /does not have this model/)
  assertSafe(t, description)
})

t.test('429: rate limited', async (t) => {
  const description = await failWith(t, { error: OPENAI_ERRORS.rateLimited() })
  t.same(description, { code: 'MODEL_RATE_LIMITED', statusCode: 429, message: 'The AI provider is rate limiting requests. Wait a moment and try again.' })
})

t.test('429 for an exhausted quota is not "wait a moment"', async (t) => {
  const description = await failWith(t, {
    error: { status: 429, message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' },
  })
  t.equal(description.code, 'MODEL_QUOTA_EXCEEDED')
})

t.test('400: the conversation is longer than the context window', async (t) => {
  const description = await failWith(t, { error: OPENAI_ERRORS.contextTooLong() })
  t.equal(description.code, 'MODEL_CONTEXT_TOO_LONG')
  t.equal(description.statusCode, 400)
  t.match(description.message, /too long for the model/)
})

t.test('500 and 503 from the provider', async (t) => {
  t.equal((await failWith(t, { error: { status: 500, message: 'The server had an error', type: 'server_error' } })).code, 'MODEL_PROVIDER_ERROR')
  t.equal((await failWith(t, { error: { status: 503, message: 'Overloaded', type: 'server_error' } })).code, 'MODEL_OVERLOADED')
})

t.test('ECONNREFUSED: nothing listens at OPENAI_BASE_URL', async (t) => {
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, OPENAI_API_KEY: API_KEY, AI_MODELS: FAKE_MODEL }) })
  const run = await runStream(await registry.resolve(`openai:${FAKE_MODEL}`))
  t.equal(run.errors.length, 1)
  const description = describeModelError(run.errors[0])
  t.equal(description.code, 'MODEL_UNREACHABLE')
  t.match(description.message, /Could not reach the AI provider/)
  assertSafe(t, description)
})
