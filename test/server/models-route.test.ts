import t from 'tap'
import Value from 'typebox/value'
import { ModelsReplySchema } from '../../shared/models.ts'
import { buildApp } from '../helpers/build-app.ts'
import { startFakeOpenAI } from '../helpers/fake-openai.ts'

t.test('GET /api/models with nothing configured offers the offline model, clearly labelled', async (t) => {
  const { app, logs } = await buildApp(t)
  const response = await app.inject({ method: 'GET', url: '/api/models' })
  t.equal(response.statusCode, 200)
  t.match(response.headers['content-type'], /^application\/json/)
  t.equal(response.headers['cache-control'], 'no-cache')
  t.same(response.json(), {
    models: [{ id: 'offline', provider: 'offline', label: 'Offline demo', default: true }],
    defaultModel: 'offline',
  })
  t.ok(logs.some((line) => line.msg === 'llm: no AI provider configured; chats use the offline demo model'), 'start-up says so')
})

t.test('GET /api/models lists the configured provider’s models and the default', async (t) => {
  const fake = await startFakeOpenAI(t)
  fake.models = ['llama3.2', 'qwen2.5']
  const { app } = await buildApp(t, { OPENAI_BASE_URL: fake.baseUrl, AI_DEFAULT_MODEL: 'qwen2.5' })
  const response = await app.inject({ method: 'GET', url: '/api/models' })
  t.equal(response.statusCode, 200)
  const body = response.json()
  t.ok(Value.Check(ModelsReplySchema, body), 'matches the shared schema')
  t.same(body, {
    models: [
      { id: 'openai:llama3.2', provider: 'openai-compatible', label: 'llama3.2', default: false },
      { id: 'openai:qwen2.5', provider: 'openai-compatible', label: 'qwen2.5', default: true },
    ],
    defaultModel: 'openai:qwen2.5',
  })
  t.equal(await app.llm.defaultModelId(), 'openai:qwen2.5', 'the same registry is app.llm')
})
