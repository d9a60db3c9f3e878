import t from 'tap'
import { AppError } from '../../shared/errors.ts'
import { createModelRegistry, OFFLINE_LABEL_UNCONFIGURED } from '../../server/services/llm/registry.ts'
import { llmConfig, runStream } from '../helpers/llm.ts'

/** Fails the test if anything is fetched: these registries must not call out. */
const noFetch = (async (input: unknown) => {
  throw new Error(`unexpected fetch of ${String(input)}`)
}) as typeof fetch

t.test('with nothing configured, the offline model is the only model and the default', async (t) => {
  const registry = createModelRegistry({ config: llmConfig(), fetch: noFetch })
  t.same(await registry.list(), [{ id: 'offline', provider: 'offline', label: OFFLINE_LABEL_UNCONFIGURED, default: true }])
  t.equal(OFFLINE_LABEL_UNCONFIGURED, 'Offline demo')
  t.equal(await registry.defaultModelId(), 'offline')
  const model = await registry.resolve('offline')
  t.equal(model.modelId, 'offline')
  const run = await runStream(model, { prompt: 'Hi' })
  t.match(run.text, /offline demo model/, 'the resolved model answers')
})

t.test('AI_MODELS lists the OpenAI-compatible models, in order, the first as default', async (t) => {
  const registry = createModelRegistry({
    config: llmConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', AI_MODELS: 'llama3.2:3b, qwen2.5-coder,llama3.2:3b' }),
    fetch: noFetch,
  })
  t.same(await registry.list(), [
    { id: 'openai:llama3.2:3b', provider: 'openai-compatible', label: 'llama3.2:3b', default: true },
    { id: 'openai:qwen2.5-coder', provider: 'openai-compatible', label: 'qwen2.5-coder', default: false },
  ])
  const model = await registry.resolve('openai:qwen2.5-coder')
  t.equal(model.modelId, 'qwen2.5-coder')
  t.match(model.provider, /^openai-compatible/)
})

t.test('AI_DEFAULT_MODEL picks the default by full or bare id', async (t) => {
  const env = { OPENAI_API_KEY: 'sk-x', AI_MODELS: 'gpt-a,gpt-b' }
  t.equal(await createModelRegistry({ config: llmConfig({ ...env, AI_DEFAULT_MODEL: 'openai:gpt-b' }), fetch: noFetch }).defaultModelId(), 'openai:gpt-b')
  const bare = createModelRegistry({ config: llmConfig({ ...env, AI_DEFAULT_MODEL: 'gpt-b' }), fetch: noFetch })
  t.equal(await bare.defaultModelId(), 'openai:gpt-b')
  t.same((await bare.list()).filter((m) => m.default).map((m) => m.id), ['openai:gpt-b'], 'exactly one default')
})

t.test('an AI_DEFAULT_MODEL that is not available falls back to the first model, with a warning', async (t) => {
  const warnings: string[] = []
  const registry = createModelRegistry({
    config: llmConfig({ OPENAI_API_KEY: 'sk-x', AI_MODELS: 'gpt-a,gpt-b', AI_DEFAULT_MODEL: 'gpt-z' }),
    fetch: noFetch,
    log: { warn: (_details, message) => warnings.push(message) },
  })
  t.equal(await registry.defaultModelId(), 'openai:gpt-a')
  await registry.list()
  t.equal(warnings.length, 1, 'warned once')
  t.match(warnings[0], /AI_DEFAULT_MODEL/)
})

t.test('Anthropic and Google models are listed when their keys are set, default ids or configured ones', async (t) => {
  const registry = createModelRegistry({
    config: llmConfig({ ANTHROPIC_API_KEY: 'sk-ant-x', GOOGLE_GENERATIVE_AI_API_KEY: 'g-key', GOOGLE_MODELS: 'gemini-2.5-pro' }),
    fetch: noFetch,
  })
  const list = await registry.list()
  t.same(
    list.map((m) => [m.id, m.provider]),
    [
      ['anthropic:claude-sonnet-4-5', 'anthropic'],
      ['anthropic:claude-haiku-4-5', 'anthropic'],
      ['anthropic:claude-opus-4-5', 'anthropic'],
      ['google:gemini-2.5-pro', 'google'],
    ],
  )
  t.equal(list[0]!.label, 'claude-sonnet-4-5 (Anthropic)')
  t.equal(list.filter((m) => m.default).length, 1)
  t.notOk(list.some((m) => m.id === 'offline'), 'the offline model is not offered when real models are')

  const claude = await registry.resolve('anthropic:claude-haiku-4-5')
  t.equal(claude.modelId, 'claude-haiku-4-5')
  t.match(claude.provider, /^anthropic/)
  const gemini = await registry.resolve('google:gemini-2.5-pro')
  t.equal(gemini.modelId, 'gemini-2.5-pro')
  t.match(gemini.provider, /^google/)
})

t.test('an unknown model id is a 400 UNKNOWN_MODEL', async (t) => {
  const registry = createModelRegistry({ config: llmConfig({ OPENAI_API_KEY: 'sk-x', AI_MODELS: 'gpt-a' }), fetch: noFetch })
  await t.rejects(registry.resolve('gpt-a'), new AppError(400, 'UNKNOWN_MODEL', 'Unknown model: gpt-a'), 'ids carry their provider prefix')
  await t.rejects(registry.resolve('offline'), { statusCode: 400, code: 'UNKNOWN_MODEL', message: 'Unknown model: offline' }, 'offline only when it is listed')
  const error = await registry.resolve('nope').catch((e: unknown) => e)
  t.ok(error instanceof AppError)
})

t.test('resolving the same id twice gives the same model', async (t) => {
  const registry = createModelRegistry({ config: llmConfig(), fetch: noFetch })
  t.equal(await registry.resolve('offline'), await registry.resolve('offline'))
})
