// Where icon sets come from: `@iconify-json/*` packages installed next to the app, and an upstream
// service that speaks Iconify's API (`{base}/{collection}.json?icons=a,b`). Plugged into
// createIconStore by server/plugins/icons.ts.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { isIconName, type IconifyJSON } from '../../../shared/icons.ts'
import collectionsList from '@iconify/collections/collections.json' with { type: 'json' }
import { UpstreamError } from './icon-store.ts'
import { readCappedText } from '../read-capped.ts'

const require = createRequire(import.meta.url)

/** The installed `@iconify-json/{collection}` set, or null when that package is not installed. */
export async function loadInstalledCollection(collection: string): Promise<IconifyJSON | null> {
  // The name becomes part of a module specifier: only Iconify's plain names, never a path.
  if (!isIconName(collection)) return null
  let path: string
  try {
    path = require.resolve(`@iconify-json/${collection}/icons.json`)
  } catch {
    return null
  }
  const set = JSON.parse(await readFile(path, 'utf8')) as unknown
  if (!isIconSet(set)) throw new Error(`icons: ${path} is not an Iconify JSON icon set`)
  return set
}

export function isIconSet(value: unknown): value is IconifyJSON {
  const set = value as IconifyJSON | null
  return (
    typeof set === 'object' &&
    set !== null &&
    typeof set.prefix === 'string' &&
    typeof set.icons === 'object' &&
    set.icons !== null &&
    (set.aliases === undefined || (typeof set.aliases === 'object' && set.aliases !== null))
  )
}

/** An answer for at most ICON_MAX_PER_REQUEST icons is tens of KB; anything this big is refused unread. */
export const UPSTREAM_MAX_BYTES = 2 * 1024 * 1024

/** The body as text, refusing (UpstreamError) once it passes `maxBytes`. */
async function readCapped(response: Response, url: string, maxBytes: number): Promise<string> {
  const text = await readCappedText(response, maxBytes)
  if (text === null) throw new UpstreamError(url, `answered more than ${maxBytes} bytes`)
  return text
}

/** fetch()es `{base}/{collection}.json?icons=…`; any failure becomes an UpstreamError (or the abort). */
export function createUpstreamFetcher(baseUrl: string, maxBytes = UPSTREAM_MAX_BYTES) {
  const base = baseUrl.replace(/\/+$/, '')
  return async function fetchUpstream(collection: string, names: string[], signal: AbortSignal): Promise<IconifyJSON> {
    const url = `${base}/${encodeURIComponent(collection)}.json?icons=${names.map(encodeURIComponent).join(',')}`
    let body: unknown
    try {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
      if (!response.ok) {
        await response.body?.cancel().catch(() => {})
        throw new UpstreamError(url, `answered ${response.status}`, response.status)
      }
      body = JSON.parse(await readCapped(response, url, maxBytes))
    } catch (error) {
      if (error instanceof UpstreamError || signal.aborted) throw error
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new UpstreamError(url, `failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`, undefined, { cause: error })
    }
    if (!isIconSet(body)) throw new UpstreamError(url, 'answered something that is not Iconify JSON')
    return body
  }
}

/** The collections Iconify's public service has (from @iconify/collections, updated with it). */
const UPSTREAM_COLLECTIONS = new Set(Object.keys(collectionsList))

export function isPublishedCollection(collection: string): boolean {
  return UPSTREAM_COLLECTIONS.has(collection)
}
