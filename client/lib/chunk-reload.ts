// A chunk that fails to load (usually: a deploy removed the old hashed files) triggers one full page
// reload (docs/product-contract.md). A sessionStorage timestamp guards it: a second failure within
// the TTL does not reload again, so a chunk that is really gone can never cause a reload loop.
// A reload only helps when the server answers: offline, or with the server down, it would replace
// the page (and what the user typed or was reading) with the browser's own error page. Then the page
// stays, says it lost the connection (connection.ts), and loads the chunk once connected.
import { RELOAD_GUARD_STORAGE_KEY, RELOAD_GUARD_TTL_MS } from '../../shared/constants.ts'
import { ConnectionError, connectionState, reportConnectionLost, serverAnswers, whenConnected } from './connection.ts'

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

/** The URL in Chromium's / Firefox's / Safari's "failed to fetch dynamically imported module" message. */
function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error)
  const url = /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message)?.[1]
  return url && url.startsWith(window.location.origin) ? url : null
}

/**
 * After a chunk failed to load: reloads (once per guard TTL) when the server answers for it (a new
 * build replaced it, or the browser remembers the failure: a failed module import is never fetched
 * again by the same document). Otherwise reports the lost connection and keeps the page.
 * Resolves to true when it reloaded.
 */
export async function recoverFromChunkError(error: unknown): Promise<boolean> {
  if (error instanceof ConnectionError || !isChunkLoadError(error)) return false
  if (!(await serverAnswers(failedChunkUrl(error) ?? '/healthz'))) {
    reportConnectionLost()
    return false
  }
  return reloadOnChunkError()
}

/**
 * Loads a chunk that something on screen is waiting for (a toast, a menu): not while disconnected
 * (a failed import sticks to the document), so it waits for the connection; a failure is recovered
 * from as above and tried once more once connected. Rejects when the chunk cannot be had.
 */
export async function importWhenConnected<T>(importer: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (connectionState() !== 'online') await whenConnected()
    try {
      return await importer()
    } catch (error) {
      const reloaded = await recoverFromChunkError(error)
      // Connected and still failing: reloading was the remedy (done, or refused by the guard).
      if (reloaded || attempt > 0 || connectionState() === 'online') throw error
    }
  }
}
