// Where icon sets come from: `@iconify-json/*` packages installed next to the app, and an upstream
// service that speaks Iconify's API (`{base}/{collection}.json?icons=a,b`). Plugged into
// createIconStore by server/plugins/icons.ts.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { isIconName, type IconifyJSON } from '../../../shared/icons.ts'
import { UpstreamError } from './icon-store.ts'

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

/** fetch()es `{base}/{collection}.json?icons=…`; any failure becomes an UpstreamError (or the abort). */
export function createUpstreamFetcher(baseUrl: string) {
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
      body = await response.json()
    } catch (error) {
      if (error instanceof UpstreamError || signal.aborted) throw error
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new UpstreamError(url, `failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`, undefined, { cause: error })
    }
    if (!isIconSet(body)) throw new UpstreamError(url, 'answered something that is not Iconify JSON')
    return body
  }
}
