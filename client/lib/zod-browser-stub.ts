// Stands in for zod in the browser bundle only (scripts/build/zod-locale.ts). The AI SDK builds
// dozens of zod schemas when it is imported, to validate what it reads; in the browser the only
// thing it reads is our own server's answer stream, which the server built with the same SDK. The
// real zod cost the chat screen's first load about 20 KB gzip and its start-up the time to build
// those schemas. Every schema here accepts its input unchanged: a "standard schema"
// whose validate() returns the value, with zod's parse methods doing the same. The server, not
// built by Vite, keeps real zod (it validates tool inputs and what models send).

/** What any validation here answers: the input, accepted as it is. */
const accepted = (value: unknown) => ({ success: true as const, data: value })

const methods: Record<PropertyKey, unknown> = {
  '~standard': { version: 1, vendor: 'browser-stub', validate: (value: unknown) => ({ value }) },
  safeParse: accepted,
  safeParseAsync: async (value: unknown) => accepted(value),
  parse: (value: unknown) => value,
  parseAsync: async (value: unknown) => value,
}

/** One schema for all: every builder and chained method (optional(), extend(), check()…) gives it back. */
/** Typed loosely on purpose: it stands in for every zod schema type at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchema = any
const schema: AnySchema = new Proxy(function stubSchema() {}, {
  get(_target, property) {
    if (property in methods) return methods[property]
    // Not a promise, not iterable, not convertible: a plain object to anything that asks.
    if (property === 'then' || typeof property === 'symbol') return undefined
    return () => schema
  },
  // "~standard" in schema: the AI SDK then uses the standard-schema path (validate above); "_zod" is not.
  has: (_target, property) => property === '~standard',
  apply: () => schema,
})

const build = (..._args: unknown[]): AnySchema => schema

// Every builder the AI SDK's packages import from zod/v4, zod/v4/mini and zod/v4/core.
export {
  build as any,
  build as array,
  build as boolean,
  build as catchall,
  build as custom,
  build as discriminatedUnion,
  build as enum,
  build as extend,
  build as instanceof,
  build as int,
  build as json,
  build as lazy,
  build as length,
  build as literal,
  build as looseObject,
  build as maxLength,
  build as maximum,
  build as minLength,
  build as minimum,
  build as never,
  build as nonnegative,
  build as null,
  build as nullable,
  build as nullish,
  build as number,
  build as object,
  build as optional,
  build as pipe,
  build as positive,
  build as record,
  build as refine,
  build as startsWith,
  build as strictObject,
  build as string,
  build as transform,
  build as union,
  build as unknown,
  build as url,
}

export const NEVER = Object.freeze({})
/** `z.object(…)` and the like, and zod's registry: the same schema whatever is asked. */
export const z = schema
export const globalRegistry = schema
export const safeParse = (_schema: unknown, value: unknown) => accepted(value)
export const safeParseAsync = async (_schema: unknown, value: unknown) => accepted(value)
/** zod's global settings: a locale is "set", so the SDK sets none. */
export const config = () => ({ localeError: () => 'Invalid input' })
export const toJSONSchema = () => ({})

/** zod/v4/locales/en.js */
export default function english() {
  return { localeError: () => 'Invalid input' }
}
