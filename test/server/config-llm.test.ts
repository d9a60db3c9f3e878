import t from 'tap'
import { loadConfig as load, OPENAI_DEFAULT_BASE_URL } from '../../fastify.config.ts'

const loadConfig = (env: Record<string, string>) => load({ SESSION_KEY: 'a'.repeat(64), ...env })

t.test('by default no provider is configured and the timeouts are 30 s', async (t) => {
  t.same(loadConfig({}).llm, {
    openai: null,
    anthropic: null,
    google: null,
    defaultModel: undefined,
    firstTokenTimeoutMs: 30_000,
    idleTimeoutMs: 30_000,
    offlineTokenDelayMs: 25,
  })
})

t.test('OPENAI_BASE_URL alone (Ollama) or OPENAI_API_KEY alone (OpenAI) configure the OpenAI-compatible provider', async (t) => {
  t.same(loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1/' }).llm.openai, { baseUrl: 'http://localhost:11434/v1', apiKey: undefined, models: undefined })
  t.same(loadConfig({ OPENAI_API_KEY: 'sk-x' }).llm.openai, { baseUrl: OPENAI_DEFAULT_BASE_URL, apiKey: 'sk-x', models: undefined })
  t.same(loadConfig({ OPENAI_API_KEY: 'sk-x', AI_MODELS: ' gpt-a, gpt-b ,,gpt-a' }).llm.openai?.models, ['gpt-a', 'gpt-b'])
})

t.test('Anthropic and Google need their keys; their model lists default or come from *_MODELS', async (t) => {
  const config = loadConfig({ ANTHROPIC_API_KEY: 'ant', GOOGLE_GENERATIVE_AI_API_KEY: 'goo', GOOGLE_MODELS: 'gemini-x' }).llm
  t.equal(config.anthropic?.apiKey, 'ant')
  t.ok(config.anthropic!.models.length > 0)
  t.same(config.google, { apiKey: 'goo', models: ['gemini-x'] })
  t.throws(() => loadConfig({ ANTHROPIC_MODELS: 'claude-x' }), /ANTHROPIC_API_KEY is required when ANTHROPIC_MODELS is set/)
  t.throws(() => loadConfig({ GOOGLE_MODELS: 'gemini-x' }), /GOOGLE_GENERATIVE_AI_API_KEY is required/)
  t.throws(() => loadConfig({ AI_MODELS: 'gpt-a' }), /AI_MODELS .* set OPENAI_BASE_URL/)
})

t.test('bad values stop start-up naming the variable', async (t) => {
  t.throws(() => loadConfig({ OPENAI_BASE_URL: 'localhost:11434' }), /OPENAI_BASE_URL="localhost:11434" is invalid/)
  t.throws(() => loadConfig({ MODEL_IDLE_TIMEOUT_MS: 'soon' }), /MODEL_IDLE_TIMEOUT_MS="soon" is invalid: expected an integer/)
  t.throws(() => loadConfig({ MODEL_FIRST_TOKEN_TIMEOUT_MS: '0' }), /MODEL_FIRST_TOKEN_TIMEOUT_MS="0" is invalid/)
  t.throws(() => loadConfig({ OFFLINE_TOKEN_DELAY_MS: '-1' }), /OFFLINE_TOKEN_DELAY_MS="-1" is invalid/)
  const config = loadConfig({ MODEL_FIRST_TOKEN_TIMEOUT_MS: '5000', MODEL_IDLE_TIMEOUT_MS: '2000', OFFLINE_TOKEN_DELAY_MS: '0', AI_DEFAULT_MODEL: 'offline' }).llm
  t.match(config, { firstTokenTimeoutMs: 5000, idleTimeoutMs: 2000, offlineTokenDelayMs: 0, defaultModel: 'offline' })
})
