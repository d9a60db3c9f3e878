// Which models a chat may use, and the AI SDK model for an id. Providers come from
// configuration; an OpenAI-compatible server without AI_MODELS is asked for its models. When
// nothing is configured, or nothing answers, the offline model keeps the app usable.
import { wrapLanguageModel } from 'ai'
import type { LanguageModelV4, LanguageModelV4Middleware } from '@ai-sdk/provider'
import type { LlmConfig } from '../../../fastify.config.ts'
import { AppError } from '../../../shared/errors.ts'
import type { ModelInfo } from '../../../shared/models.ts'
import { createOfflineModel, OFFLINE_MODEL_ID } from './offline-model.ts'
import { timeoutMiddleware } from './timeouts.ts'
import { createOpenAIChatProvider } from './openai-chat-model.ts'

export type { ModelInfo }

export interface ModelRegistry {
  /** Configured models, exactly one of them the default. */
  list(): Promise<ModelInfo[]>
  defaultModelId(): Promise<string>
  /**
   * The AI SDK model for a listed id, with first-token and idle timeouts. Throws
   * AppError(400, 'UNKNOWN_MODEL', `Unknown model: ${id}`) for an id that is not listed.
   */
  resolve(id: string): Promise<LanguageModelV4>
}

export interface RegistryLogger {
  warn(details: object, message: string): void
}

export interface RegistryDeps {
  config: LlmConfig
  log?: RegistryLogger
  /** For discovery and the Anthropic and Google providers (tests may record or fake it). */
  fetch?: typeof globalThis.fetch
  now?: () => number
  /** A successful discovery is reused this long… */
  discoveryTtlMs?: number
  /** …a failed one is retried after this long… */
  discoveryRetryMs?: number
  /** …and one that does not answer gives up after this long. */
  discoveryTimeoutMs?: number
}

// Short: the model picker shows it in a phone's composer too.
export const OFFLINE_LABEL_UNCONFIGURED = 'Offline demo'
export const OFFLINE_LABEL_UNAVAILABLE = 'Offline demo (provider down)'

/** Prefixes of listed ids, so the same model name at two providers stays two models. */
const ID_PREFIX = { 'openai-compatible': 'openai', anthropic: 'anthropic', google: 'google' } as const

/** Models a `/models` listing includes that cannot chat (OpenAI's and Ollama's usual names). */
const NOT_CHAT_MODEL = /(^|[-_/:.])(embed|embedding|embeddings|whisper|tts|dall-e|moderation|transcribe|rerank)([-_/:.]|$|\d)/i

interface Entry {
  info: Omit<ModelInfo, 'default'>
  create(): LanguageModelV4 | Promise<LanguageModelV4>
  /** The model enforces the first-token and idle timeouts itself (no middleware around it). */
  timed?: boolean
  /** Provider options for answers (streamed calls), e.g. to show the model's thinking. */
  answerOptions?: Record<string, Record<string, unknown>>
}

/**
 * Adds provider options to answers only: a title (a generate call) has no use for thinking and
 * should not pay for it.
 */
function answerOptionsMiddleware(options: Record<string, Record<string, unknown>>): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ type, params }) => {
      if (type !== 'stream') return params
      const merged = { ...params.providerOptions }
      for (const [provider, values] of Object.entries(options)) merged[provider] = { ...values, ...(merged[provider] as object | undefined) } as never
      return { ...params, providerOptions: merged }
    },
  }
}

export function createModelRegistry(deps: RegistryDeps): ModelRegistry {
  const { config } = deps
  const fetchFn = deps.fetch ?? globalThis.fetch
  const now = deps.now ?? Date.now
  const ttlMs = deps.discoveryTtlMs ?? 5 * 60_000
  const retryMs = deps.discoveryRetryMs ?? 30_000
  const timeoutMs = deps.discoveryTimeoutMs ?? 5_000
  const log = deps.log ?? { warn() {} }
  const providerFetch = deps.fetch ? { fetch: deps.fetch } : {}

  const timeouts = { firstTokenMs: config.firstTokenTimeoutMs, idleMs: config.idleTimeoutMs }
  // Our own lean Chat Completions model (openai-chat-model.ts says why); it enforces the timeouts
  // itself. Anthropic and Google are the AI SDK's providers, with the timeout middleware.
  const openai = config.openai ? createOpenAIChatProvider({ baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey, timeouts }) : null
  // Loaded on first use, and only when their keys are set: each carries megabytes of code that a
  // process without them should not hold.
  const anthropic = config.anthropic ? once(async () => (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey: config.anthropic!.apiKey, ...providerFetch })) : null
  const google = config.google ? once(async () => (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey: config.google!.apiKey, ...providerFetch })) : null
  const anyProvider = Boolean(openai || anthropic || google)

  const middleware = timeoutMiddleware(timeouts)
  const wrapped = new Map<string, LanguageModelV4>()
  let warnedDefault: string | undefined

  let discovery: { at: number; ok: boolean; ids: string[] } | undefined
  let discovering: Promise<string[]> | undefined

  async function discoveredIds(): Promise<string[]> {
    if (discovery && now() - discovery.at < (discovery.ok ? ttlMs : retryMs)) return discovery.ids
    discovering ??= discover().finally(() => {
      discovering = undefined
    })
    return discovering
  }

  async function discover(): Promise<string[]> {
    const { baseUrl, apiKey } = config.openai!
    const url = `${baseUrl}/models`
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    try {
      const response = await fetchFn(url, {
        headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
        signal: controller.signal,
      })
      if (!response.ok) {
        await response.body?.cancel()
        throw new Error(`HTTP ${response.status}`)
      }
      const body = (await response.json()) as { data?: Array<{ id?: unknown }> }
      const ids = [...new Set((Array.isArray(body?.data) ? body.data : []).map((model) => model?.id).filter((id): id is string => typeof id === 'string' && id.length > 0))]
        .filter((id) => !NOT_CHAT_MODEL.test(id))
        .sort((a, b) => a.localeCompare(b))
      if (ids.length === 0) throw new Error('it lists no chat models')
      discovery = { at: now(), ok: true, ids }
      return ids
    } catch (error) {
      log.warn(
        { url: redactUrl(url), reason: reasonOf(error) },
        'llm: could not list the models of the OpenAI-compatible server (set AI_MODELS to skip discovery); offering the offline model meanwhile',
      )
      discovery = { at: now(), ok: false, ids: [] }
      return []
    } finally {
      clearTimeout(timer)
    }
  }

  async function entries(): Promise<Entry[]> {
    const out: Entry[] = []
    if (openai && config.openai) {
      for (const model of config.openai.models ?? (await discoveredIds())) {
        out.push({ info: { id: `${ID_PREFIX['openai-compatible']}:${model}`, provider: 'openai-compatible', label: model }, create: () => openai(model), timed: true })
      }
    }
    if (anthropic && config.anthropic) {
      for (const model of config.anthropic.models) {
        // Extended thinking, when the operator gave it a budget (it costs tokens, so it is off by default).
        const thinkingBudget = config.anthropic.thinkingBudget
        out.push({
          info: { id: `${ID_PREFIX.anthropic}:${model}`, provider: 'anthropic', label: `${model} (Anthropic)` },
          create: async () => (await anthropic()).languageModel(model),
          answerOptions: thinkingBudget ? { anthropic: { thinking: { type: 'enabled', budgetTokens: thinkingBudget } } } : undefined,
        })
      }
    }
    if (google && config.google) {
      for (const model of config.google.models) {
        // Gemini thinks anyway; this asks for the summaries of its thoughts, shown as reasoning.
        out.push({
          info: { id: `${ID_PREFIX.google}:${model}`, provider: 'google', label: `${model} (Google)` },
          create: async () => (await google()).languageModel(model),
          answerOptions: { google: { thinkingConfig: { includeThoughts: true } } },
        })
      }
    }
    if (out.length === 0) {
      out.push({
        info: { id: OFFLINE_MODEL_ID, provider: 'offline', label: anyProvider ? OFFLINE_LABEL_UNAVAILABLE : OFFLINE_LABEL_UNCONFIGURED },
        create: () => createOfflineModel({ tokenDelayMs: config.offlineTokenDelayMs }),
      })
    }
    return out
  }

  function pickDefault(list: Entry[]): Entry {
    const wanted = config.defaultModel
    if (!wanted) return list[0]!
    const match =
      list.find((entry) => entry.info.id === wanted) ?? list.find((entry) => entry.info.id.slice(entry.info.id.indexOf(':') + 1) === wanted)
    if (match) return match
    if (warnedDefault !== wanted) {
      warnedDefault = wanted
      log.warn({ defaultModel: wanted, available: list.map((entry) => entry.info.id) }, 'llm: AI_DEFAULT_MODEL is not among the available models; using the first one')
    }
    return list[0]!
  }

  return {
    async list() {
      const list = await entries()
      const chosen = pickDefault(list)
      return list.map((entry) => ({ ...entry.info, default: entry === chosen }))
    },

    async defaultModelId() {
      return pickDefault(await entries()).info.id
    },

    async resolve(id) {
      const entry = (await entries()).find((candidate) => candidate.info.id === id)
      if (!entry) throw new AppError(400, 'UNKNOWN_MODEL', `Unknown model: ${id}`)
      let model = wrapped.get(id)
      if (!model) {
        const created = await entry.create()
        const layers = [...(entry.timed ? [] : [middleware]), ...(entry.answerOptions ? [answerOptionsMiddleware(entry.answerOptions)] : [])]
        model = layers.length > 0 ? wrapLanguageModel({ model: created, middleware: layers }) : created
        wrapped.set(id, model)
      }
      return model
    },
  }
}

/** Runs `load` on the first call only; later calls share its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () => (loaded ??= load())
}

/** A URL fit for logs: no credentials, no query (either may hold a key). */
function redactUrl(value: string): string {
  try {
    const url = new URL(value)
    url.username = ''
    url.password = ''
    url.search = ''
    return url.toString()
  } catch {
    return '(invalid URL)'
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : ''
  return `${(error as Error)?.message ?? String(error)}${code}`
}
