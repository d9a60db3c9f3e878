// Icon data for <Icon> (SPEC §7, DESIGN §6). A server render draws the icons the server already
// has (IconLookupContext) and inlines them; the browser starts from exactly those (seedIcons), so
// hydration matches. Anything else is fetched: names asked for in the same frame go out as one
// request per collection to /api/_nuxt_icon/{collection}.json; after 1500 ms without an answer
// the public icon service is asked directly. A name that cannot be had stays null (a blank box).
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import { ICON_API_PATH, ICON_FETCH_TIMEOUT_MS, ICON_MAX_PER_REQUEST, ICON_PUBLIC_SERVICE_URL } from '../../shared/constants.ts'
import {
  ICON_SNAPSHOT_ID,
  parseIconName,
  resolveIcon,
  type IconData,
  type IconifyJSON,
  type IconLookup,
  type IconSnapshot,
} from '../../shared/icons.ts'

/** Set by the server render only (client/index.tsx); the browser reads its own cache. */
export const IconLookupContext = createContext<IconLookup | null>(null)

/** `lucide:house` → its data, or null when it does not exist or could not be fetched. */
const cache = new Map<string, IconData | null>()
const listeners = new Set<() => void>()
/** Names waiting for the next flush, by collection. */
const queue = new Map<string, Set<string>>()
const pending = new Set<string>()
let flushScheduled = false

/** The icons the server drew, from the JSON it inlined next to the page state. */
export function seedIconsFromDocument(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(ICON_SNAPSHOT_ID)
  if (!element?.textContent) return
  try {
    seedIcons(JSON.parse(element.textContent) as IconSnapshot)
  } catch (error) {
    console.warn('icons: the inlined icon data is unreadable; icons will be fetched', error)
  }
}

export function seedIcons(snapshot: IconSnapshot): void {
  for (const [name, data] of Object.entries(snapshot)) cache.set(name, data)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function notify(): void {
  for (const listener of listeners) listener()
}

/**
 * The icon `name` as known now (undefined while loading). Loading starts after the render that
 * first asks for it, and every component showing it re-renders when it arrives.
 */
export function useIcon(name: string): IconData | null | undefined {
  const lookup = useContext(IconLookupContext)
  const data = useSyncExternalStore(
    subscribe,
    () => cache.get(name),
    () => (lookup ? lookup.get(name) : cache.get(name)),
  )
  useEffect(() => {
    if (!cache.has(name)) requestIcon(name)
  }, [name])
  return data
}

export function requestIcon(fullName: string): void {
  if (cache.has(fullName) || pending.has(fullName)) return
  const parsed = parseIconName(fullName)
  if (!parsed) {
    console.warn(`icons: "${fullName}" is not an icon name (expected collection:name, like lucide:house)`)
    cache.set(fullName, null)
    notify()
    return
  }
  pending.add(fullName)
  let names = queue.get(parsed.collection)
  if (!names) queue.set(parsed.collection, (names = new Set()))
  names.add(parsed.name)
  if (!flushScheduled) {
    flushScheduled = true
    nextFrame(flush)
  }
}

/**
 * Runs `callback` at the next frame: every icon of a render and its effects is queued by then.
 * Background tabs get no animation frames, so a timer stands in for one.
 */
function nextFrame(callback: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    callback()
  }
  requestAnimationFrame(run)
  setTimeout(run, 100)
}

function flush(): void {
  flushScheduled = false
  const batches = [...queue]
  queue.clear()
  for (const [collection, names] of batches) {
    const list = [...names]
    for (let start = 0; start < list.length; start += ICON_MAX_PER_REQUEST) {
      void loadBatch(collection, list.slice(start, start + ICON_MAX_PER_REQUEST))
    }
  }
}

async function fetchIconSet(url: string): Promise<IconifyJSON> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const body = (await response.json()) as IconifyJSON | null
  if (typeof body?.icons !== 'object' || body.icons === null) throw new Error(`${url} did not answer with Iconify JSON`)
  return body
}

async function loadBatch(collection: string, names: string[]): Promise<void> {
  const query = `${collection}.json?icons=${names.join(',')}`
  let set: IconifyJSON | null = null
  // Failures are warnings, not errors: a missing icon leaves a blank box of the right size.
  try {
    set = await fetchIconSet(`${ICON_API_PATH}/${query}`)
  } catch (error) {
    console.warn(`icons: ${ICON_API_PATH}/${query} failed (${describe(error)}); asking the public icon service`)
    try {
      set = await fetchIconSet(`${ICON_PUBLIC_SERVICE_URL}/${query}`)
    } catch (fallbackError) {
      console.warn(`icons: the public icon service failed too (${describe(fallbackError)}); ${collection}:${names.join(', ')} stay blank`)
    }
  }
  for (const name of names) {
    const fullName = `${collection}:${name}`
    cache.set(fullName, set ? resolveIcon(set, name) : null)
    pending.delete(fullName)
  }
  notify()
}

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${ICON_FETCH_TIMEOUT_MS} ms`
  return error instanceof Error ? error.message : String(error)
}
