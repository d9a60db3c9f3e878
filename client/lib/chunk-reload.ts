// SPEC §8: a chunk that fails to load (usually: a deploy removed the old hashed files) triggers one
// full page reload. A sessionStorage timestamp guards it: a second failure within the TTL does not
// reload again, so a chunk that is really gone can never cause a reload loop.
import { RELOAD_GUARD_STORAGE_KEY, RELOAD_GUARD_TTL_MS } from '../../shared/constants.ts'

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>
  now: () => number
  reload: () => void
}

/** Returns true when it reloaded; false when a reload already happened within the TTL. */
export function reloadOnChunkError(deps: ReloadGuardDeps = browserDeps()): boolean {
  let last = 0
  try {
    last = Number(deps.storage.getItem(RELOAD_GUARD_STORAGE_KEY)) || 0
  } catch {
    // Unreadable storage reads as "never reloaded"; the setItem below then decides.
  }
  const now = deps.now()
  if (now - last < RELOAD_GUARD_TTL_MS) return false
  try {
    deps.storage.setItem(RELOAD_GUARD_STORAGE_KEY, String(now))
  } catch {
    // Without a place to remember the reload there is no guard: never reload rather than risk a loop.
    return false
  }
  deps.reload()
  return true
}

function browserDeps(): ReloadGuardDeps {
  return { storage: window.sessionStorage, now: Date.now, reload: () => window.location.reload() }
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|preload CSS/i.test(
    message,
  )
}
