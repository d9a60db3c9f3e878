// The one place that reads process.env (docs/architecture.md). Everything else receives the typed
// object returned by loadConfig(), so tests can build an app from a plain object.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { isIP } from 'node:net'
import { Type, type Static } from 'typebox'
import Value from 'typebox/value'
import { ICON_PUBLIC_SERVICE_URL } from './shared/constants.ts'

const LogLevel = Type.Union(
  ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
)

export const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
    default: 'production',
  }),
  HOST: Type.String({ minLength: 1, default: 'localhost' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  LOG_LEVEL: { ...LogLevel, default: 'info' },
  /**
   * Which proxies' X-Forwarded-* headers to believe: `false` (none), a hop count (`1`: the one proxy
   * in front), addresses/CIDRs (`10.0.0.2,172.16.0.0/12`, or `loopback`, `linklocal`, `uniquelocal`),
   * or `true` (every hop: only when nothing can reach the app but the proxy).
   */
  TRUST_PROXY: Type.String({ minLength: 1, default: 'false' }),
  /** Absolute origin the app is reachable at, used for absolute URLs such as og:image. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** A server render that has not finished after this long is aborted (its Suspense boundaries fall back to the client). */
  RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  /** Memory for finished server renders sent again to requests with the same page state (0: off). */
  RENDER_CACHE_MB: Type.Integer({ minimum: 0, maximum: 4096, default: 32 }),
  /** Serve the UI component playground at /_playground (development and tests; off in production). */
  UI_PLAYGROUND: Type.Boolean({ default: false }),
  /** PostgreSQL connection string; when unset, SQLite at DATABASE_PATH. */
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_PATH: Type.String({ minLength: 1, default: 'data/app.db' }),
  /** Redis shared by replicas (rate limits, running answers); when unset that state lives in this process. */
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Prefix of every Redis key and channel this app uses (several apps or test runs can share one Redis). */
  REDIS_KEY_PREFIX: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9:_.-]+$', default: 'chat:' }),
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** One or more 32-byte keys (hex or base64), comma-separated, newest first. */
  SESSION_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Sessions end after this many seconds without a visit… */
  SESSION_IDLE_TIMEOUT_S: Type.Integer({ minimum: 60, maximum: 31_536_000, default: 1_209_600 }),
  /** …and in any case this long after sign-in (also the cookie's Max-Age). */
  SESSION_MAX_AGE_S: Type.Integer({ minimum: 60, maximum: 31_536_000, default: 2_592_000 }),
  /** Email + password accounts (need nothing external). */
  AUTH_LOCAL: Type.Boolean({ default: true }),
  GITHUB_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  GITHUB_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  /** Where GitHub's authorize/token endpoints live (a local fake in tests). */
  GITHUB_URL: Type.String({ pattern: '^https?://', default: 'https://github.com' }),
  GITHUB_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.github.com' }),
  OIDC_ISSUER: Type.Optional(Type.String({ pattern: '^https?://' })),
  OIDC_CLIENT_ID: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_CLIENT_SECRET: Type.Optional(Type.String({ minLength: 1 })),
  OIDC_NAME: Type.String({ minLength: 1, default: 'Single sign-on' }),
  /** Origins sign-in avatars may come from besides GitHub's (an OIDC provider's picture host), comma-separated. */
  AVATAR_ORIGINS: Type.Optional(Type.String()),
  /** Sign-in attempts allowed per IP per minute, and failed attempts per account per 15 minutes. */
  AUTH_RATE_LIMIT_PER_IP: Type.Integer({ minimum: 1, maximum: 10_000, default: 20 }),
  AUTH_RATE_LIMIT_PER_ACCOUNT: Type.Integer({ minimum: 1, maximum: 10_000, default: 5 }),
  /** Longest user message accepted, in characters. */
  MESSAGE_MAX_CHARS: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 32_000 }),
  /** Most text one stored message may hold (an answer, an imported message, an edit), in characters; the rest is cut with a note. */
  MESSAGE_STORED_MAX_CHARS: Type.Integer({ minimum: 1_000, maximum: 50_000_000, default: 1_000_000 }),
  /** Largest artifact (a document, page, diagram… an answer makes beside the chat), in bytes of UTF-8. */
  ARTIFACT_MAX_BYTES: Type.Integer({ minimum: 1_024, maximum: 16 * 1024 * 1024, default: 512 * 1024 }),
  /** Another origin (host name) that serves the artifact sandbox, for the browser's site isolation as well; unset: an opaque-origin iframe of this server. */
  ARTIFACTS_ORIGIN: Type.Optional(Type.String()),
  /** Messages one owner may send per minute. */
  SEND_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10_000, default: 20 }),
  /** Chats one owner may start per minute. */
  CHAT_CREATE_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
  /** Per client address (a fresh visitor without a cookie is a new owner each time): chats started and messages sent per minute, answers written at once. */
  IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 30 }),
  IP_SEND_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 60 }),
  IP_CONCURRENT_ANSWERS: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
  /** What one anonymous visitor's chats may hold (messages and answers), in MB; signing in lifts it. */
  ANONYMOUS_STORAGE_MB: Type.Number({ minimum: 0.01, maximum: 100_000, default: 10 }),
  /** Iconify-compatible icon service asked for collections not installed here (`{url}/{collection}.json?icons=…`). */
  ICONS_UPSTREAM_URL: Type.String({ pattern: '^https?://[^\\s?#]+$', default: ICON_PUBLIC_SERVICE_URL }),
  /** How long an icon from the upstream service is used before it is asked for again (kept, and served, while the service fails). */
  ICONS_UPSTREAM_TTL_S: Type.Integer({ minimum: 0, maximum: 31_536_000, default: 86_400 }),
  /** Icon requests per client address per minute that need the upstream service (cached answers do not count). */
  ICONS_UPSTREAM_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 60 }),
  /** Running answers are saved this often while they stream, so a crash loses at most this much (0: only at the end). */
  ANSWER_SAVE_INTERVAL_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1_000 }),
  /** How long graceful shutdown waits for open requests before exiting. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 120_000, default: 10_000 }),
  /** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter); OpenAI's when only the key is set. */
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Comma-separated model ids of the OpenAI-compatible server; when unset they are discovered from its /models. */
  AI_MODELS: Type.Optional(Type.String({ minLength: 1 })),
  /** The model new chats use: a listed id (`openai:gpt-4o`) or a bare model id (`gpt-4o`). */
  AI_DEFAULT_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  ANTHROPIC_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  ANTHROPIC_MODELS: Type.Optional(Type.String({ minLength: 1 })),
  /** Extended thinking for Claude answers: the tokens it may think with (Anthropic's minimum is 1024); unset: off. */
  ANTHROPIC_THINKING_BUDGET: Type.Optional(Type.Integer({ minimum: 1024, maximum: 128_000 })),
  GOOGLE_GENERATIVE_AI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  GOOGLE_MODELS: Type.Optional(Type.String({ minLength: 1 })),
  /** A model call that has produced nothing after this long is aborted… */
  MODEL_FIRST_TOKEN_TIMEOUT_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 30_000 }),
  /** …and so is an answer that stops arriving for this long. */
  MODEL_IDLE_TIMEOUT_MS: Type.Integer({ minimum: 10, maximum: 600_000, default: 30_000 }),
  /** Built-in tools offered to models, comma-separated (weather, chart, web_search, artifacts); `none` for none; unset: all (web_search when SEARXNG_URL is set). */
  AI_TOOLS: Type.Optional(Type.String({ minLength: 1 })),
  /** Model calls in one answer, tool steps included: the loop stops there. */
  AI_MAX_STEPS: Type.Integer({ minimum: 1, maximum: 20, default: 5 }),
  /** A tool call that has not finished after this long fails (the model is told). */
  TOOL_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 20_000 }),
  /** Open-Meteo's geocoding and forecast APIs, for the weather tool (keyless). */
  GEOCODING_API_URL: Type.String({ pattern: '^https?://', default: 'https://geocoding-api.open-meteo.com' }),
  WEATHER_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.open-meteo.com' }),
  /** A JSON file of MCP servers ({ "mcpServers": { … } }, as Claude Desktop, Cursor and VS Code use); their tools join the answers' tools. */
  MCP_CONFIG: Type.Optional(Type.String({ minLength: 1 })),
  /** A SearXNG instance with its JSON format on, for the web_search tool; unset: no web search. */
  SEARXNG_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** Where uploaded files are kept on disk (named by id, never by the user's file name). */
  UPLOADS_DIR: Type.String({ minLength: 1, default: 'data/uploads' }),
  /** The largest file a user may attach, in bytes. */
  UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1, maximum: 1_073_741_824, default: 10 * 1024 * 1024 }),
  /** The largest export file (ChatGPT's or Claude's conversations.json or .zip, ours) one import may be, in bytes. */
  IMPORT_MAX_BYTES: Type.Integer({ minimum: 1, maximum: 10_737_418_240, default: 512 * 1024 * 1024 }),
  /** Files one message may carry. */
  UPLOAD_MAX_FILES: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  /** What a signed-in user's files may take up in all, in bytes. */
  UPLOAD_QUOTA_BYTES: Type.Integer({ minimum: 0, maximum: 1_099_511_627_776, default: 500 * 1024 * 1024 }),
  /** The same for a visitor who has not signed in; 0 turns uploads off for them. */
  UPLOAD_QUOTA_ANONYMOUS_BYTES: Type.Integer({ minimum: 0, maximum: 1_099_511_627_776, default: 50 * 1024 * 1024 }),
  /** Uploads no message carries yet that one owner may hold, and files one owner may hold in all. */
  UPLOAD_MAX_UNSENT_FILES: Type.Integer({ minimum: 1, maximum: 100_000, default: 50 }),
  UPLOAD_MAX_FILES_PER_OWNER: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 2_000 }),
  /** Uploads per client address per minute, and MB per hour a client address may upload for visitors who have not signed in. */
  IP_UPLOAD_RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, maximum: 100_000, default: 30 }),
  IP_UPLOAD_ANONYMOUS_MB_PER_HOUR: Type.Number({ minimum: 0.001, maximum: 1_000_000, default: 100 }),
  /** MB per hour that visitors who have not signed in may upload in all, from every address together. */
  UPLOAD_ANONYMOUS_MB_PER_HOUR: Type.Number({ minimum: 0.001, maximum: 10_000_000, default: 2048 }),
  /** A request body (an upload, an import, any) must arrive within this long, and at least at this rate over every window. */
  BODY_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 86_400_000, default: 600_000 }),
  BODY_MIN_BYTES_PER_S: Type.Integer({ minimum: 1, maximum: 1_073_741_824, default: 1024 }),
  BODY_RATE_WINDOW_MS: Type.Integer({ minimum: 50, maximum: 600_000, default: 10_000 }),
  /** An S3-compatible bucket for uploads instead of UPLOADS_DIR (the way to run several replicas). */
  S3_BUCKET: Type.Optional(Type.String({ minLength: 3, maxLength: 63 })),
  /** The S3-compatible service (MinIO: http://minio:9000); unset: AWS. */
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  S3_REGION: Type.String({ minLength: 1, default: 'us-east-1' }),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Bucket in the path (http://host/bucket/key), as MinIO wants. */
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: false }),
  /** Text of one attached file (a text file, a PDF's text) the model gets, at most; the rest is cut with a note. */
  ATTACHMENT_TEXT_MAX_CHARS: Type.Integer({ minimum: 1000, maximum: 10_000_000, default: 100_000 }),
  /** Comma-separated model names (`*` matches anything) that read text only: an attached image becomes a note for them. */
  TEXT_ONLY_MODELS: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  /** Comma-separated emails of administrators (a GitHub or OpenID Connect account's verified email, or a local account's). */
  ADMIN_EMAILS: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })),
  /** Who may make an account: open (anyone), closed (only administrators), domains (emails at SIGNUP_EMAIL_DOMAINS). */
  SIGNUP: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('domains')], { default: 'open' }),
  SIGNUP_EMAIL_DOMAINS: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })),
  /** Visitors may chat without an account; false: they sign in first. */
  ANONYMOUS_CHAT: Type.Boolean({ default: true }),
  /** Tokens (in and out) one user's answers may use per UTC day; unset: no limit. Administrators can set a user's own. */
  QUOTA_TOKENS_PER_DAY: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })),
  /** The same for one visitor who has not signed in. */
  QUOTA_TOKENS_PER_DAY_ANONYMOUS: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })),
  /** Anonymous visitors' chats and files unused this many days are deleted. */
  RETENTION_ANONYMOUS_DAYS: Type.Integer({ minimum: 1, maximum: 36_500, default: 30 }),
  /** Everyone's chats unused this many days are deleted; unset: kept. */
  RETENTION_DAYS: Type.Optional(Type.Integer({ minimum: 1, maximum: 36_500 })),
  /** How often the retention sweep runs (once per period across all replicas). */
  RETENTION_SWEEP_INTERVAL_S: Type.Integer({ minimum: 10, maximum: 604_800, default: 3_600 }),
  /** Pause before each word of the built-in offline model (realistic pacing; 0 streams at once). */
  OFFLINE_TOKEN_DELAY_MS: Type.Integer({ minimum: 0, maximum: 1_000, default: 25 }),
})

type RawConfig = Static<typeof ConfigSchema>

export interface AppConfig {
  env: RawConfig['NODE_ENV']
  /** Serve through Vite's dev server with HMR instead of the production build. */
  dev: boolean
  host: string
  port: number
  logLevel: string
  /** What Fastify's trustProxy takes: see TRUST_PROXY. */
  trustProxy: boolean | number | string[]
  publicUrl: string | undefined
  renderTimeoutMs: number
  renderCacheBytes: number
  shutdownTimeoutMs: number
  answerSaveIntervalMs: number
  uiPlayground: boolean
  databaseUrl: string | undefined
  /** Absolute path, or ':memory:'. */
  databasePath: string
  /** Shared state for replicas; null: in this process only. */
  redis: { url: string; keyPrefix: string } | null
  metricsToken: string | undefined
  /** Newest first; each 32 bytes. */
  sessionKeys: Buffer[]
  sessionIdleTimeoutS: number
  sessionMaxAgeS: number
  messageMaxChars: number
  /** MESSAGE_STORED_MAX_CHARS: what one stored message may hold (messageMaxChars is never above it). */
  messageStoredMaxChars: number
  sendRateLimitPerMinute: number
  artifacts: {
    /** ARTIFACT_MAX_BYTES: the largest version of one artifact. */
    maxBytes: number
    /** ARTIFACTS_ORIGIN: the sandbox's own origin (`https://host`), or null for an opaque-origin iframe of this server. */
    origin: string | null
  }
  /** What a visitor may do, per owner and per client address. */
  limits: {
    chatCreatePerMinute: number
    ipChatCreatePerMinute: number
    ipSendPerMinute: number
    ipConcurrentAnswers: number
    anonymousStorageBytes: number
  }
  auth: {
    local: boolean
    github: { clientId: string; clientSecret: string; url: string; apiUrl: string } | null
    oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null
    rateLimitPerIp: number
    rateLimitPerAccount: number
  }
  /** Where the page may load images from besides itself: the sign-in providers' avatar hosts (the CSP's img-src). */
  avatarOrigins: string[]
  /** Base URL of the upstream icon service, without a trailing slash. */
  iconsUpstreamUrl: string
  iconsUpstreamTtlMs: number
  iconsUpstreamPerIpPerMinute: number
  llm: LlmConfig
  tools: ToolsConfig
  uploads: UploadsConfig
  /** Imports of chat histories (ChatGPT, Claude, our own exports). */
  imports: { maxBytes: number }
  /** How slowly a request body may arrive before the request ends with 408. */
  body: { timeoutMs: number; minBytesPerSecond: number; rateWindowMs: number }
  /** The operator's side: who gets in, quotas, retention. */
  operators: OperatorsConfig
  /** Project root: where vite.config.ts and dist/ live. */
  root: string
}

/** Model providers. The offline model is always available and needs nothing. */
export interface LlmConfig {
  openai: { baseUrl: string; apiKey: string | undefined; models: string[] | undefined } | null
  /** thinkingBudget: extended thinking's token budget for answers (titles never think); undefined: off. */
  anthropic: { apiKey: string; models: string[]; thinkingBudget: number | undefined } | null
  google: { apiKey: string; models: string[] } | null
  defaultModel: string | undefined
  firstTokenTimeoutMs: number
  idleTimeoutMs: number
  offlineTokenDelayMs: number
}

/** Files users attach to messages. */
export interface UploadsConfig {
  /** Absolute path of the directory files are kept in. */
  dir: string
  maxBytes: number
  maxFiles: number
  quotaBytes: number
  /** 0: visitors who have not signed in cannot upload. */
  anonymousQuotaBytes: number
  maxUnsentFiles: number
  maxFilesPerOwner: number
  ipPerMinute: number
  /** Bytes per hour one client address may upload for visitors who have not signed in. */
  ipAnonymousBytesPerHour: number
  /** Bytes per hour that visitors who have not signed in may upload in all (every address together). */
  anonymousBytesPerHour: number
  /** Characters of an attached file's text the model gets. */
  textMaxChars: number
  /** TEXT_ONLY_MODELS: model names (with * wildcards) that get a note instead of an image. */
  textOnlyModels: string[]
  /** Where the bytes go instead of `dir`, when S3_BUCKET is set. */
  s3: { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | null
}

export interface OperatorsConfig {
  /** Lower-case emails. */
  adminEmails: string[]
  signup: 'open' | 'closed' | 'domains'
  /** Lower-case domains, for signup 'domains'. */
  signupDomains: string[]
  anonymousChat: boolean
  /** null: no limit. */
  quotaTokensPerDay: number | null
  quotaTokensPerDayAnonymous: number | null
  retentionAnonymousDays: number
  /** null: keep everyone's chats. */
  retentionDays: number | null
  retentionSweepIntervalMs: number
}

/** Tools an answer may call. */
export interface ToolsConfig {
  /** Built-in tools on offer. */
  offered: Array<(typeof BUILT_IN_TOOL_NAMES)[number]>
  maxSteps: number
  timeoutMs: number
  geocodingUrl: string
  weatherUrl: string
  searxngUrl: string | undefined
  /** Absolute path of the MCP servers file, or undefined. */
  mcpConfig: string | undefined
}

/** `artifacts` offers both artifact tools (create_artifact, update_artifact) under one name. */
export const BUILT_IN_TOOL_NAMES = ['weather', 'chart', 'web_search', 'artifacts'] as const

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1'
/** Used when ANTHROPIC_MODELS / GOOGLE_MODELS are unset: current general-purpose models of each. */
export const ANTHROPIC_DEFAULT_MODELS = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5']
export const GOOGLE_DEFAULT_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite']

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, yes: true, false: false, '0': false, no: false }

/** Reads the variables ConfigSchema names from `env`; unknown variables are ignored. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root = process.cwd()): AppConfig {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key]
    if (value !== undefined && value !== '') raw[key] = value
  }
  for (const [key, value] of Object.entries(raw)) {
    const schema = (ConfigSchema.properties as Record<string, { type?: string }>)[key]
    if (schema?.type === 'integer' && typeof value === 'string') {
      raw[key] = /^-?\d+$/.test(value.trim()) ? Number(value) : value
    }
    if (schema?.type === 'number' && typeof value === 'string') {
      raw[key] = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value
    }
    if (schema?.type === 'boolean' && typeof value === 'string') {
      const word = BOOLEAN_WORDS[value.trim().toLowerCase()]
      raw[key] = word ?? value
    }
  }
  const withDefaults = Value.Default(ConfigSchema, raw) as Record<string, unknown>
  const problems = new Map<string, string>()
  for (const key of Object.keys(ConfigSchema.properties)) {
    const schema = (ConfigSchema.properties as Record<string, object>)[key]!
    const value = withDefaults[key]
    if (value === undefined || Value.Check(schema, value)) continue
    problems.set(key, `${key}=${JSON.stringify(env[key])} is invalid: ${describe(schema)}`)
  }
  if (problems.size > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${[...problems.values()].join('\n  ')}`)
  }
  const config = withDefaults as RawConfig
  return {
    env: config.NODE_ENV,
    dev: config.NODE_ENV === 'development',
    host: config.HOST,
    port: config.PORT,
    logLevel: config.LOG_LEVEL,
    trustProxy: trustProxy(config.TRUST_PROXY),
    publicUrl: config.PUBLIC_URL,
    renderTimeoutMs: config.RENDER_TIMEOUT_MS,
    renderCacheBytes: config.RENDER_CACHE_MB * 1024 * 1024,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    answerSaveIntervalMs: config.ANSWER_SAVE_INTERVAL_MS,
    uiPlayground: config.UI_PLAYGROUND || config.NODE_ENV === 'development',
    databaseUrl: config.DATABASE_URL,
    databasePath: config.DATABASE_PATH === ':memory:' ? ':memory:' : resolve(root, config.DATABASE_PATH),
    redis: config.REDIS_URL ? { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX } : null,
    metricsToken: config.METRICS_TOKEN,
    sessionKeys: sessionKeys(config, root),
    sessionIdleTimeoutS: config.SESSION_IDLE_TIMEOUT_S,
    sessionMaxAgeS: config.SESSION_MAX_AGE_S,
    // A user's message is stored whole or refused: never longer than a stored message may be.
    messageMaxChars: Math.min(config.MESSAGE_MAX_CHARS, config.MESSAGE_STORED_MAX_CHARS),
    messageStoredMaxChars: config.MESSAGE_STORED_MAX_CHARS,
    sendRateLimitPerMinute: config.SEND_RATE_LIMIT_PER_MINUTE,
    artifacts: { maxBytes: config.ARTIFACT_MAX_BYTES, origin: artifactsOrigin(config.ARTIFACTS_ORIGIN, config.PUBLIC_URL) },
    limits: {
      chatCreatePerMinute: config.CHAT_CREATE_RATE_LIMIT_PER_MINUTE,
      ipChatCreatePerMinute: config.IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE,
      ipSendPerMinute: config.IP_SEND_RATE_LIMIT_PER_MINUTE,
      ipConcurrentAnswers: config.IP_CONCURRENT_ANSWERS,
      anonymousStorageBytes: Math.round(config.ANONYMOUS_STORAGE_MB * 1024 * 1024),
    },
    auth: {
      local: config.AUTH_LOCAL,
      github: pair('GITHUB_CLIENT_ID', config.GITHUB_CLIENT_ID, 'GITHUB_CLIENT_SECRET', config.GITHUB_CLIENT_SECRET)
        ? { clientId: config.GITHUB_CLIENT_ID!, clientSecret: config.GITHUB_CLIENT_SECRET!, url: config.GITHUB_URL, apiUrl: config.GITHUB_API_URL }
        : null,
      oidc: oidcConfig(config),
      rateLimitPerIp: config.AUTH_RATE_LIMIT_PER_IP,
      rateLimitPerAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
    avatarOrigins: avatarOrigins(config),
    iconsUpstreamUrl: config.ICONS_UPSTREAM_URL.replace(/\/+$/, ''),
    iconsUpstreamTtlMs: config.ICONS_UPSTREAM_TTL_S * 1000,
    iconsUpstreamPerIpPerMinute: config.ICONS_UPSTREAM_RATE_LIMIT_PER_MINUTE,
    llm: llmConfig(config),
    tools: toolsConfig(config),
    imports: { maxBytes: config.IMPORT_MAX_BYTES },
    body: { timeoutMs: config.BODY_TIMEOUT_MS, minBytesPerSecond: config.BODY_MIN_BYTES_PER_S, rateWindowMs: config.BODY_RATE_WINDOW_MS },
    operators: operatorsConfig(config),
    uploads: {
      dir: resolve(root, config.UPLOADS_DIR),
      maxBytes: config.UPLOAD_MAX_BYTES,
      maxFiles: config.UPLOAD_MAX_FILES,
      quotaBytes: config.UPLOAD_QUOTA_BYTES,
      anonymousQuotaBytes: config.UPLOAD_QUOTA_ANONYMOUS_BYTES,
      maxUnsentFiles: config.UPLOAD_MAX_UNSENT_FILES,
      maxFilesPerOwner: config.UPLOAD_MAX_FILES_PER_OWNER,
      ipPerMinute: config.IP_UPLOAD_RATE_LIMIT_PER_MINUTE,
      ipAnonymousBytesPerHour: Math.round(config.IP_UPLOAD_ANONYMOUS_MB_PER_HOUR * 1024 * 1024),
      anonymousBytesPerHour: Math.round(config.UPLOAD_ANONYMOUS_MB_PER_HOUR * 1024 * 1024),
      textMaxChars: config.ATTACHMENT_TEXT_MAX_CHARS,
      textOnlyModels: config.TEXT_ONLY_MODELS ? list(config.TEXT_ONLY_MODELS) : [],
      s3: config.S3_BUCKET
        ? {
            bucket: config.S3_BUCKET,
            endpoint: config.S3_ENDPOINT,
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
            forcePathStyle: config.S3_FORCE_PATH_STYLE,
          }
        : null,
    },
    root,
  }
}

/** A human sentence for what a schema accepts, for start-up error messages. */
function describe(schema: Record<string, any>): string {
  if (Array.isArray(schema.anyOf)) return `expected one of ${schema.anyOf.map((s: { const: unknown }) => s.const).join(', ')}`
  if (schema.type === 'integer') return `expected an integer from ${schema.minimum} to ${schema.maximum}`
  if (schema.type === 'number') return `expected a number from ${schema.minimum} to ${schema.maximum}`
  if (schema.type === 'boolean') return 'expected true or false'
  if (schema.pattern) return `expected a value matching ${schema.pattern}`
  return `expected ${schema.type}`
}

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** TRUST_PROXY: true/false, a hop count, or a list of addresses, CIDR ranges and proxy-addr's keywords. */
function trustProxy(value: string): AppConfig['trustProxy'] {
  const text = value.trim().toLowerCase()
  if (text in BOOLEAN_WORDS && !/^\d+$/.test(text)) return BOOLEAN_WORDS[text]!
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(value)} is invalid: a hop count is at most 10`)
    return hops === 0 ? false : hops
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean)
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
    if (!PROXY_KEYWORDS.has(entry) && (family === 0 || !validBits || extra !== undefined)) {
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(value)} is invalid: ${JSON.stringify(entry)} is not an address, a CIDR range or one of loopback, linklocal, uniquelocal (expected true, false, a hop count, or a comma-separated list)`,
      )
    }
  }
  return entries
}

/** Both or neither: a half-configured provider is a mistake worth stopping for. */
function pair(nameA: string, a: string | undefined, nameB: string, b: string | undefined): boolean {
  if (Boolean(a) !== Boolean(b)) throw new ConfigError(`Invalid configuration:\n  ${a ? nameB : nameA} is required when ${a ? nameA : nameB} is set`)
  return Boolean(a)
}

function oidcConfig(config: RawConfig): AppConfig['auth']['oidc'] {
  const set = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].filter(Boolean).length
  if (set === 0) return null
  if (set < 3) throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together')
  // Plain HTTP would expose tokens in transit; it is fine only for a provider on this machine.
  const issuer = new URL(config.OIDC_ISSUER!)
  if (issuer.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER must use https:// (http:// is allowed only for localhost)')
  }
  return { issuer: config.OIDC_ISSUER!, clientId: config.OIDC_CLIENT_ID!, clientSecret: config.OIDC_CLIENT_SECRET!, name: config.OIDC_NAME }
}

/**
 * The only hosts pages load images from besides themselves: a message can then never make a
 * reader's browser fetch an image from a host it names (a tracking pixel in a diagram's label).
 * GitHub's avatars when GitHub sign-in is on (Enterprise Server serves them from its own host or
 * from its `avatars.` subdomain), and AVATAR_ORIGINS.
 */
function avatarOrigins(config: RawConfig): string[] {
  const origins = new Set<string>()
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    const github = new URL(config.GITHUB_URL)
    if (github.hostname === 'github.com') origins.add('https://avatars.githubusercontent.com')
    else origins.add(github.origin).add(`${github.protocol}//avatars.${github.host}`)
  }
  for (const entry of (config.AVATAR_ORIGINS ?? '').split(',').map((value) => value.trim().replace(/\/+$/, '')).filter(Boolean)) {
    origins.add(checkOrigin('AVATAR_ORIGINS', entry, 'https://images.example.com'))
  }
  return [...origins]
}

/** ARTIFACTS_ORIGIN as an origin (`https://host[:port]`, no path); http:// only for a loopback host. */
function artifactsOrigin(value: string | undefined, publicUrl: string | undefined): string | null {
  const entry = (value ?? '').trim().replace(/\/+$/, '')
  if (!entry) return null
  // The sandbox on its own host names the app as the one page that may embed it (frame-ancestors):
  // without PUBLIC_URL it cannot know the app's origin, and no preview would load.
  if (!publicUrl) throw new ConfigError('Invalid configuration:\n  ARTIFACTS_ORIGIN needs PUBLIC_URL too (the app\'s own origin, which the sandbox lets embed it)')
  return checkOrigin('ARTIFACTS_ORIGIN', entry, 'https://artifacts.example.com')
}

/** `entry` when it is an origin (`https://host[:port]`, no path; http:// only for a loopback host), else a ConfigError naming `name`. */
function checkOrigin(name: string, entry: string, example: string): string {
  let url: URL | undefined
  try {
    url = new URL(entry)
  } catch {}
  const local = url?.hostname === 'localhost' || url?.hostname === '127.0.0.1'
  if (!url || url.origin !== entry || !(url.protocol === 'https:' || (url.protocol === 'http:' && local))) {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${JSON.stringify(entry)} is not an origin such as ${example} (https://, no path; http:// only for localhost)`)
  }
  return entry
}

function llmConfig(config: RawConfig): LlmConfig {
  const openaiSet = Boolean(config.OPENAI_BASE_URL || config.OPENAI_API_KEY)
  if (config.AI_MODELS && !openaiSet) {
    throw new ConfigError('Invalid configuration:\n  AI_MODELS lists models of an OpenAI-compatible server: set OPENAI_BASE_URL (or OPENAI_API_KEY for OpenAI) too')
  }
  if (config.ANTHROPIC_MODELS && !config.ANTHROPIC_API_KEY) throw new ConfigError('Invalid configuration:\n  ANTHROPIC_API_KEY is required when ANTHROPIC_MODELS is set')
  if (config.ANTHROPIC_THINKING_BUDGET && !config.ANTHROPIC_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  ANTHROPIC_API_KEY is required when ANTHROPIC_THINKING_BUDGET is set')
  }
  if (config.GOOGLE_MODELS && !config.GOOGLE_GENERATIVE_AI_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_GENERATIVE_AI_API_KEY is required when GOOGLE_MODELS is set')
  }
  return {
    openai: openaiSet
      ? {
          baseUrl: (config.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, ''),
          apiKey: config.OPENAI_API_KEY,
          models: config.AI_MODELS ? list(config.AI_MODELS) : undefined,
        }
      : null,
    anthropic: config.ANTHROPIC_API_KEY
      ? {
          apiKey: config.ANTHROPIC_API_KEY,
          models: config.ANTHROPIC_MODELS ? list(config.ANTHROPIC_MODELS) : ANTHROPIC_DEFAULT_MODELS,
          thinkingBudget: config.ANTHROPIC_THINKING_BUDGET,
        }
      : null,
    google: config.GOOGLE_GENERATIVE_AI_API_KEY
      ? { apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY, models: config.GOOGLE_MODELS ? list(config.GOOGLE_MODELS) : GOOGLE_DEFAULT_MODELS }
      : null,
    defaultModel: config.AI_DEFAULT_MODEL?.trim() || undefined,
    firstTokenTimeoutMs: config.MODEL_FIRST_TOKEN_TIMEOUT_MS,
    idleTimeoutMs: config.MODEL_IDLE_TIMEOUT_MS,
    offlineTokenDelayMs: config.OFFLINE_TOKEN_DELAY_MS,
  }
}

function operatorsConfig(config: RawConfig): OperatorsConfig {
  const domains = config.SIGNUP_EMAIL_DOMAINS ? list(config.SIGNUP_EMAIL_DOMAINS.toLowerCase()).map((domain) => domain.replace(/^@/, '')) : []
  if (config.SIGNUP === 'domains' && domains.length === 0) {
    throw new ConfigError('Invalid configuration:\n  SIGNUP=domains needs SIGNUP_EMAIL_DOMAINS (comma-separated, e.g. example.com,example.org)')
  }
  return {
    adminEmails: config.ADMIN_EMAILS ? list(config.ADMIN_EMAILS.toLowerCase()) : [],
    signup: config.SIGNUP,
    signupDomains: domains,
    anonymousChat: config.ANONYMOUS_CHAT,
    quotaTokensPerDay: config.QUOTA_TOKENS_PER_DAY ?? null,
    quotaTokensPerDayAnonymous: config.QUOTA_TOKENS_PER_DAY_ANONYMOUS ?? null,
    retentionAnonymousDays: config.RETENTION_ANONYMOUS_DAYS,
    retentionDays: config.RETENTION_DAYS ?? null,
    retentionSweepIntervalMs: config.RETENTION_SWEEP_INTERVAL_S * 1000,
  }
}

function toolsConfig(config: RawConfig): ToolsConfig {
  const searxngUrl = config.SEARXNG_URL?.replace(/\/+$/, '')
  const wanted =
    config.AI_TOOLS?.trim().toLowerCase() === 'none'
      ? []
      : config.AI_TOOLS
        ? list(config.AI_TOOLS)
        : BUILT_IN_TOOL_NAMES.filter((name) => name !== 'web_search' || searxngUrl)
  const unknown = wanted.filter((name) => !(BUILT_IN_TOOL_NAMES as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  AI_TOOLS names unknown tools: ${unknown.join(', ')} (built-in tools: ${BUILT_IN_TOOL_NAMES.join(', ')}; or none)`)
  }
  if (wanted.includes('web_search') && !searxngUrl) throw new ConfigError('Invalid configuration:\n  AI_TOOLS offers web_search: set SEARXNG_URL (a SearXNG instance) too')
  return {
    offered: wanted as ToolsConfig['offered'],
    maxSteps: config.AI_MAX_STEPS,
    timeoutMs: config.TOOL_TIMEOUT_MS,
    geocodingUrl: config.GEOCODING_API_URL.replace(/\/+$/, ''),
    weatherUrl: config.WEATHER_API_URL.replace(/\/+$/, ''),
    searxngUrl,
    mcpConfig: config.MCP_CONFIG ? resolve(process.cwd(), config.MCP_CONFIG) : undefined,
  }
}

/** `a, b,,c` → ['a', 'b', 'c'], without duplicates. */
function list(value: string): string[] {
  return [...new Set(value.split(',').map((part) => part.trim()).filter(Boolean))]
}

export const SESSION_KEY_FILE = '.session-key'

/** A fresh key in the SESSION_KEY format (hex). */
export function generateSessionKey(): string {
  return randomBytes(32).toString('hex')
}

export function parseSessionKeys(value: string): Buffer[] {
  return value.split(',').map((part, index) => {
    const text = part.trim()
    const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64')
    if (key.length !== 32) {
      throw new ConfigError(
        `Invalid configuration:\n  SESSION_KEY key #${index + 1} is ${key.length} bytes; each key must be 32 bytes (64 hex characters or 44 base64 characters). Generate one with: npm run genkey`,
      )
    }
    return key
  })
}

/**
 * Production needs SESSION_KEY. Development and test generate one into a git-ignored file, so a
 * fresh clone runs without setup and restarts keep their sessions.
 */
function sessionKeys(config: RawConfig, root: string): Buffer[] {
  if (config.SESSION_KEY) return parseSessionKeys(config.SESSION_KEY)
  if (config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  SESSION_KEY is required in production (32 bytes, hex or base64). Generate one with: npm run genkey')
  }
  const file = resolve(root, SESSION_KEY_FILE)
  if (!existsSync(file)) writeFileSync(file, generateSessionKey() + '\n', { mode: 0o600 })
  return parseSessionKeys(readFileSync(file, 'utf8').trim())
}
