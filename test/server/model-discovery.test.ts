import t from 'tap'
import { createModelRegistry, OFFLINE_LABEL_UNAVAILABLE } from '../../server/services/llm/registry.ts'
import { startFakeOpenAI } from '../helpers/fake-openai.ts'
import { closedPort, llmConfig, runStream } from '../helpers/llm.ts'

t.test('without AI_MODELS the models come from GET {base}/models, chat models only, sorted, cached', async (t) => {
  const fake = await startFakeOpenAI(t)
  fake.models = ['qwen2.5:7b', 'nomic-embed-text:latest', 'llama3.2:latest', 'text-embedding-3-small', 'whisper-1']
  let clock = 1_000
  const registry = createModelRegistry({
    config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-discovery' }),
    now: () => clock,
    discoveryTtlMs: 60_000,
  })
  const list = await registry.list()
  t.same(list, [
    { id: 'openai:llama3.2:latest', provider: 'openai-compatible', label: 'llama3.2:latest', default: true },
    { id: 'openai:qwen2.5:7b', provider: 'openai-compatible', label: 'qwen2.5:7b', default: false },
  ])
  const modelRequests = () => fake.requests.filter((r) => r.path === '/v1/models')
  t.equal(modelRequests().length, 1)
  t.equal(modelRequests()[0]!.headers.authorization, 'Bearer sk-discovery')

  await Promise.all([registry.list(), registry.defaultModelId(), registry.resolve('openai:qwen2.5:7b')])
  t.equal(modelRequests().length, 1, 'cached')
  clock += 60_001
  fake.models = ['mistral:7b']
  t.same((await registry.list()).map((m) => m.id), ['openai:mistral:7b'], 'asked again after the TTL')
  t.equal(modelRequests().length, 2)

  fake.script({ chunks: ['Discovered', ' and', ' streaming'] })
  const run = await runStream(await registry.resolve('openai:mistral:7b'))
  t.equal(run.text, 'Discovered and streaming')
})

t.test('a failed discovery lists the offline model and warns, then tries again later', async (t) => {
  const fake = await startFakeOpenAI(t)
  fake.models = 500
  let clock = 1_000
  const warnings: Array<{ details: Record<string, unknown>; message: string }> = []
  const registry = createModelRegistry({
    config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'sk-never-logged' }),
    now: () => clock,
    discoveryRetryMs: 30_000,
    log: { warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }) },
  })
  t.same(await registry.list(), [{ id: 'offline', provider: 'offline', label: OFFLINE_LABEL_UNAVAILABLE, default: true }])
  t.equal(warnings.length, 1)
  t.match(warnings[0]!.message, /^llm: could not list the models/)
  t.match(warnings[0]!.details, { url: `${fake.baseUrl}/models`, reason: 'HTTP 500' })
  t.notMatch(JSON.stringify(warnings), /sk-never-logged/)
  t.equal((await registry.resolve('offline')).modelId, 'offline', 'the offline model works meanwhile')

  await registry.list()
  t.equal(warnings.length, 1, 'not retried at once')
  fake.models = ['llama3.2']
  clock += 30_001
  t.same((await registry.list()).map((m) => m.id), ['openai:llama3.2'], 'retried after a while')
})

t.test('an unreachable server or an empty list also falls back to the offline model', async (t) => {
  const unreachable = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` }) })
  t.same((await unreachable.list()).map((m) => m.id), ['offline'])

  const fake = await startFakeOpenAI(t)
  fake.models = ['text-embedding-3-small']
  const empty = createModelRegistry({ config: llmConfig({ OPENAI_BASE_URL: fake.baseUrl }) })
  t.same((await empty.list()).map((m) => m.id), ['offline'])
})

t.test('a server that never answers /models gives up after the discovery timeout', async (t) => {
  const warnings: string[] = []
  const registry = createModelRegistry({
    config: llmConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }),
    discoveryTimeoutMs: 100,
    // Accepts the request and never answers, until the timeout aborts it.
    fetch: ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof fetch,
    log: { warn: (details) => warnings.push(JSON.stringify(details)) },
  })
  t.same((await registry.list()).map((m) => m.id), ['offline'])
  t.match(warnings[0], /no answer within 100 ms/)
})
