// The one place that reads process.env (DESIGN §2, §8.4). Everything else receives the typed
// object returned by loadConfig(), so tests can build an app from a plain object.
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
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  TRUST_PROXY: Type.Boolean({ default: false }),
  /** Absolute origin the app is reachable at, used for absolute URLs such as og:image. */
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
  /** A server render that has not finished after this long is aborted (its Suspense boundaries fall back to the client). */
  RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
  /** Serve the UI component playground at /_playground (development and tests; off in production). */
  UI_PLAYGROUND: Type.Boolean({ default: false }),
  /** Iconify-compatible icon service asked for collections not installed here (`{url}/{collection}.json?icons=…`). */
  ICONS_UPSTREAM_URL: Type.String({ pattern: '^https?://[^\\s?#]+$', default: ICON_PUBLIC_SERVICE_URL }),
  /** How long an icon from the upstream service is used before it is asked for again (kept, and served, while the service fails). */
  ICONS_UPSTREAM_TTL_S: Type.Integer({ minimum: 0, maximum: 31_536_000, default: 86_400 }),
  /** How long graceful shutdown waits for open requests before exiting. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, maximum: 120_000, default: 10_000 }),
})

type RawConfig = Static<typeof ConfigSchema>

export interface AppConfig {
  env: RawConfig['NODE_ENV']
  /** Serve through Vite's dev server with HMR instead of the production build. */
  dev: boolean
  host: string
  port: number
  logLevel: string
  trustProxy: boolean
  publicUrl: string | undefined
  renderTimeoutMs: number
  shutdownTimeoutMs: number
  uiPlayground: boolean
  /** Base URL of the upstream icon service, without a trailing slash. */
  iconsUpstreamUrl: string
  iconsUpstreamTtlMs: number
  /** Project root: where vite.config.ts and dist/ live. */
  root: string
}

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
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    renderTimeoutMs: config.RENDER_TIMEOUT_MS,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    uiPlayground: config.UI_PLAYGROUND || config.NODE_ENV === 'development',
    iconsUpstreamUrl: config.ICONS_UPSTREAM_URL.replace(/\/+$/, ''),
    iconsUpstreamTtlMs: config.ICONS_UPSTREAM_TTL_S * 1000,
    root,
  }
}

/** A human sentence for what a schema accepts, for start-up error messages. */
function describe(schema: Record<string, any>): string {
  if (Array.isArray(schema.anyOf)) return `expected one of ${schema.anyOf.map((s: { const: unknown }) => s.const).join(', ')}`
  if (schema.type === 'integer') return `expected an integer from ${schema.minimum} to ${schema.maximum}`
  if (schema.type === 'boolean') return 'expected true or false'
  if (schema.pattern) return `expected a value matching ${schema.pattern}`
  return `expected ${schema.type}`
}
