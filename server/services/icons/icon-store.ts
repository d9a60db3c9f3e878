// Icon sets for `/api/_nuxt_icon/{collection}.json` (docs/product-contract.md): installed
// `@iconify-json/*` collections answer locally; any other collection is asked of the upstream icon
// service, whose answers are cached per icon and served stale when it later fails. No Fastify in
// here: server/plugins/icons.ts wires the real sources, tests pass fakes.
import { LRUCache } from 'lru-cache'
import { ICON_FETCH_TIMEOUT_MS } from '../../../shared/constants.ts'
import { AppError } from '../../../shared/errors.ts'
import { pickIcons, resolveIcon } from '../../../shared/icon-sets.ts'
import {
  parseIconName,
  type IconData,
  type IconifyAlias,
  type IconifyIcon,
  type IconifyJSON,
} from '../../../shared/icons.ts'

/** A failed upstream answer; `status` is the HTTP status when there was one. */
export class UpstreamError extends Error {
  override name = 'UpstreamError'
  /** What went wrong, without the upstream URL (clients see this; the URL is only logged). */
  readonly reason: string
  readonly status: number | undefined
  constructor(url: string, reason: string, status?: number, options?: { cause?: unknown }) {
    super(`${url} ${reason}`, options)
    this.reason = reason
    this.status = status
  }
}

export interface IconCacheOptions {
  /** Parsed local collections kept in memory (lucide is ~0.6 MB of JSON, logos ~8 MB). */
  collections?: number
  /** Names known not to be installed (kept apart, so made-up names cannot evict real sets). */
  notInstalled?: number
  /** Local answers kept ready, by collection and list of names: at most this many… */
  responses?: number
  /** …and this many bytes of their JSON (a visitor can ask for any mix of large icons). */
  responseBytes?: number
  /** Upstream icons kept, each with its alias chain: at most this many… */
  upstreamIcons?: number
  /** …and this many bytes of their JSON (an upstream icon can be large). */
  upstreamBytes?: number
  /** After this long an upstream icon is asked for again (and served stale if that fails). */
  upstreamTtlMs?: number
}

export interface IconStoreDeps {
  /** The installed set for `collection`, or null when it is not installed here. */
  loadLocal(collection: string): Promise<IconifyJSON | null>
  /** Asks the upstream icon service for `names`; rejects on any failure and when `signal` aborts. */
  fetchUpstream(collection: string, names: string[], signal: AbortSignal): Promise<IconifyJSON>
  /**
   * Whether the upstream has a collection of this name (Iconify publishes the list); others are
   * unknown without asking, so made-up names never become upstream requests. Default: all.
   */
  isUpstreamCollection?: (collection: string) => boolean
  cache?: IconCacheOptions
  /** Clock for upstream freshness (tests move it). */
  now?: () => number
  timeoutMs?: number
}

export interface IconAnswer {
  body: IconifyJSON
  /** `stale`: upstream failed and an expired cached answer was served instead. */
  source: 'local' | 'upstream' | 'cache' | 'stale'
}

interface LocalEntry {
  promise: Promise<IconifyJSON | null>
  /** Set once loaded: the set, or null when the collection is not installed. */
  set?: IconifyJSON | null
  resolved: Map<string, IconData>
}

/** One upstream icon: the part of an upstream answer that draws it, or the fact it does not exist. */
interface UpstreamIcon {
  fetchedAt: number
  found: boolean
  icons: Record<string, IconifyIcon>
  aliases: Record<string, IconifyAlias>
  data?: IconData | null
}

const DEFAULTS = {
  collections: 16,
  notInstalled: 1000,
  responses: 1000,
  responseBytes: 16 * 1024 * 1024,
  upstreamIcons: 5000,
  upstreamBytes: 8 * 1024 * 1024,
  upstreamTtlMs: 24 * 60 * 60 * 1000,
}

/** Roughly what an entry holds: its JSON (and, for answers, the serialised copy the route keeps). */
const jsonSize = (value: unknown) => Math.max(1, JSON.stringify(value).length)
/** The upstream's "no such collection" is believed for at most this long. */
const UNKNOWN_COLLECTION_TTL_MS = 60 * 60 * 1000
const NOT_INSTALLED: LocalEntry = { promise: Promise.resolve(null), set: null, resolved: new Map() }

export function createIconStore(deps: IconStoreDeps) {
  const options = { ...DEFAULTS, ...deps.cache }
  const now = deps.now ?? Date.now
  const timeoutMs = deps.timeoutMs ?? ICON_FETCH_TIMEOUT_MS
  const collections = new LRUCache<string, LocalEntry>({ max: options.collections })
  const notInstalled = new LRUCache<string, true>({ max: options.notInstalled })
  /** Collections the upstream said it does not have, and when. */
  const unknownUpstream = new LRUCache<string, number>({ max: options.notInstalled })
  const responses = new LRUCache<string, IconifyJSON>({ max: options.responses, maxSize: options.responseBytes, sizeCalculation: (body) => jsonSize(body) * 2 })
  // No TTL of lru-cache's own: an expired icon must stay around to be served when upstream fails.
  const upstreamIcons = new LRUCache<string, UpstreamIcon>({
    max: options.upstreamIcons,
    maxSize: options.upstreamBytes,
    sizeCalculation: (entry) => jsonSize(entry.icons) + jsonSize(entry.aliases),
  })
  const isUpstreamCollection = deps.isUpstreamCollection ?? (() => true)
  const inflight = new Map<string, Promise<IconifyJSON>>()

  function loadCollection(collection: string): LocalEntry {
    if (notInstalled.has(collection)) return NOT_INSTALLED
    let entry = collections.get(collection)
    if (entry) return entry
    const created: LocalEntry = {
      promise: deps.loadLocal(collection).then(
        (set) => {
          created.set = set
          if (set === null) {
            collections.delete(collection)
            notInstalled.set(collection, true)
          }
          return set
        },
        (error: unknown) => {
          // A broken install should be retried next time, not remembered.
          if (collections.peek(collection) === created) collections.delete(collection)
          throw error
        },
      ),
      resolved: new Map(),
    }
    entry = created
    collections.set(collection, entry)
    return entry
  }

  function localAnswer(collection: string, set: IconifyJSON, names: string[]): IconifyJSON {
    const key = `${collection}:${names.join(',')}`
    let body = responses.get(key)
    if (!body) {
      body = pickIcons(set, names)
      responses.set(key, body)
    }
    return body
  }

  function unknownCollection(collection: string, cause?: unknown): AppError {
    return new AppError(404, 'ICON_COLLECTION_NOT_FOUND', `Unknown icon collection "${collection}"`, { cause })
  }

  /** One upstream request for `names`, shared by concurrent callers asking the same. */
  function fetchOnce(collection: string, names: string[]): Promise<IconifyJSON> {
    const key = `${collection}:${names.join(',')}`
    let pending = inflight.get(key)
    if (!pending) {
      const signal = AbortSignal.timeout(timeoutMs)
      pending = deps.fetchUpstream(collection, names, signal).catch((error: unknown) => {
        if (signal.aborted) {
          throw new AppError(504, 'ICON_UPSTREAM_TIMEOUT', `The icon service did not answer within ${timeoutMs} ms (collection "${collection}")`, { cause: error })
        }
        if (error instanceof UpstreamError && error.status === 404) {
          unknownUpstream.set(collection, now())
          throw unknownCollection(collection, error)
        }
        const detail = error instanceof UpstreamError ? error.reason : 'unexpected error'
        throw new AppError(502, 'ICON_UPSTREAM_FAILED', `The icon service failed (collection "${collection}"): ${detail}`, { cause: error })
      })
      inflight.set(key, pending)
      const clear = () => inflight.delete(key)
      pending.then(clear, clear)
    }
    return pending
  }

  function rememberUpstream(collection: string, answer: IconifyJSON, names: string[]) {
    const fetchedAt = now()
    const set: IconifyJSON = { ...answer, icons: answer.icons ?? {}, prefix: collection }
    for (const name of names) {
      const part = pickIcons(set, [name])
      // Entries fetched at different times are merged into one answer later, so each icon carries
      // the set's default size itself instead of relying on the answer's top level.
      const icons: Record<string, IconifyIcon> = {}
      for (const [iconName, icon] of Object.entries(part.icons)) {
        icons[iconName] = { ...icon, width: icon.width ?? set.width, height: icon.height ?? set.height }
      }
      upstreamIcons.set(`${collection}:${name}`, {
        fetchedAt,
        found: !part.not_found,
        icons,
        aliases: part.aliases ?? {},
      })
    }
  }

  function upstreamAnswer(collection: string, names: string[]): IconifyJSON {
    const body: IconifyJSON = { prefix: collection, icons: {} }
    const aliases: Record<string, IconifyAlias> = {}
    const notFound: string[] = []
    let size: { width?: number; height?: number } = {}
    for (const name of names) {
      const entry = upstreamIcons.get(`${collection}:${name}`)!
      if (!entry.found) {
        notFound.push(name)
        continue
      }
      Object.assign(body.icons, entry.icons)
      Object.assign(aliases, entry.aliases)
      const first = Object.values(entry.icons)[0]
      if (size.width === undefined && first) size = { width: first.width, height: first.height }
    }
    if (Object.keys(aliases).length > 0) body.aliases = aliases
    if (size.width !== undefined) body.width = size.width
    if (size.height !== undefined) body.height = size.height
    if (notFound.length > 0) body.not_found = notFound
    return body
  }

  async function fromUpstream(collection: string, names: string[], beforeUpstream?: () => Promise<void>): Promise<IconAnswer> {
    const missing: string[] = []
    const expired: string[] = []
    const ttlStart = now() - options.upstreamTtlMs
    for (const name of names) {
      const entry = upstreamIcons.get(`${collection}:${name}`)
      if (!entry) missing.push(name)
      else if (entry.fetchedAt <= ttlStart) expired.push(name)
    }
    if (missing.length === 0 && expired.length === 0) return { body: upstreamAnswer(collection, names), source: 'cache' }
    const wanted = [...missing, ...expired]
    try {
      // Made-up collection names must not become an upstream request each.
      const unknownSince = unknownUpstream.get(collection)
      if (unknownSince !== undefined && now() - unknownSince < Math.min(UNKNOWN_COLLECTION_TTL_MS, options.upstreamTtlMs)) {
        throw unknownCollection(collection)
      }
      await beforeUpstream?.()
      rememberUpstream(collection, await fetchOnce(collection, wanted), wanted)
      return { body: upstreamAnswer(collection, names), source: 'upstream' }
    } catch (error) {
      // Stale-on-error: an old answer beats no icon, as long as every name has one.
      if (missing.length === 0) return { body: upstreamAnswer(collection, names), source: 'stale' }
      throw error
    }
  }

  return {
    /**
     * The Iconify JSON answer for `names` (valid, deduplicated icon names) of `collection`.
     * `beforeUpstream` runs (and may throw, to refuse) right before the upstream is asked.
     */
    async get(collection: string, names: readonly string[], options: { beforeUpstream?: () => Promise<void> } = {}): Promise<IconAnswer> {
      const unique = [...new Set(names)]
      const set = await loadCollection(collection).promise
      if (set) return { body: localAnswer(collection, set, unique), source: 'local' }
      if (!isUpstreamCollection(collection)) throw unknownCollection(collection)
      return fromUpstream(collection, unique, options.beforeUpstream)
    },

    /**
     * What a server render can draw right now, without waiting: the icon (`lucide:house`), null
     * when it is known not to exist, undefined when its collection is not loaded yet (loading then
     * starts, so later renders have it).
     */
    peek(fullName: string): IconData | null | undefined {
      const parsed = parseIconName(fullName)
      if (!parsed) return null
      const entry = notInstalled.has(parsed.collection) ? NOT_INSTALLED : collections.get(parsed.collection)
      if (!entry) {
        loadCollection(parsed.collection).promise.catch(() => {})
        return undefined
      }
      if (entry.set === undefined) return undefined
      if (entry.set) {
        let data = entry.resolved.get(parsed.name)
        if (!data) {
          const resolved = resolveIcon(entry.set, parsed.name)
          if (!resolved) return null
          data = resolved
          entry.resolved.set(parsed.name, data)
        }
        return data
      }
      const cached = upstreamIcons.get(`${parsed.collection}:${parsed.name}`)
      if (!cached) return undefined
      if (cached.data === undefined) {
        cached.data = cached.found
          ? resolveIcon({ prefix: parsed.collection, icons: cached.icons, aliases: cached.aliases }, parsed.name)
          : null
      }
      return cached.data
    },

    /** Loads collections ahead of the first request (the app shell's, so its first render has them). */
    async preload(names: readonly string[]): Promise<void> {
      await Promise.all(names.map((name) => loadCollection(name).promise))
    },
  }
}

export type IconStore = ReturnType<typeof createIconStore>
