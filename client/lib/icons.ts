// Icon data for <Icon> (docs/product-contract.md). A server render draws the icons the server already
// has (IconLookupContext) and inlines them; the browser starts from exactly those (seedIcons), so
// hydration matches. Anything else is fetched: names asked for in the same frame go out as one
// request per collection to /api/_nuxt_icon/{collection}.json; after 1500 ms without an answer
// the public icon service is asked directly. A name that cannot be had stays null (a blank box).
// The fetching code (icon-fetch.ts) loads with the first icon the server did not draw.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import { ICON_MAX_PER_REQUEST } from '../../shared/constants.ts'
import { ICON_SNAPSHOT_ID, parseIconName, type IconData, type IconLookup, type IconSnapshot } from '../../shared/icons.ts'

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
 * Icons that a part drawn only in the browser shows as soon as it appears: the server render
 * inlines them with its own, so they need no request (nor the fetching code) after hydration.
 */
export function useInlinedIcons(names: readonly string[]): void {
  const lookup = useContext(IconLookupContext)
  if (lookup) for (const name of names) lookup.get(name)
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

async function loadBatch(collection: string, names: string[]): Promise<void> {
  let icons: Array<IconData | null>
  try {
    const { fetchIcons } = await import('./icon-fetch.ts')
    icons = await fetchIcons(collection, names)
  } catch (error) {
    console.warn(`icons: could not load the icon fetcher (${error instanceof Error ? error.message : String(error)}); ${collection}:${names.join(', ')} stay blank`)
    icons = names.map(() => null)
  }
  names.forEach((name, index) => {
    const fullName = `${collection}:${name}`
    cache.set(fullName, icons[index] ?? null)
    pending.delete(fullName)
  })
  notify()
}
