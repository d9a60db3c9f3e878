// Application update check (docs/product-contract.md). The page knows its build id (a <meta> the
// server renders). About MANIFEST_FETCH_DELAY_MS after the page goes idle it fetches its build's
// meta, then polls latest.json: every UPDATE_CHECK_INTERVAL_MS and when the window regains focus
// or becomes visible. Once the server runs another build, the page reloads at the next safe moment:
// the next navigation becomes a full page load, or the reload happens while the tab is hidden;
// never while the user is typing or while something has declared itself busy (a streaming answer).
// A failed manifest fetch is logged only.
//
// This is the check itself, loaded only when it starts (client/lib/update-check.ts waits for the
// idle page first), so none of it is part of the first load.
import {
  LATEST_BUILD_PATH,
  MANIFEST_FETCH_DELAY_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_MIN_GAP_MS,
  buildMetaPath,
} from '../../shared/constants.ts'
import type { BuildInfo, BuildMeta } from '../../shared/builds.ts'
import { http } from './http.ts'

type Timer = ReturnType<typeof setTimeout>

/** Everything the update check touches in the browser, so it can run against fakes in unit tests. */
export interface UpdateCheckEnv {
  /** The build this page runs, or null when the page does not say (then nothing is checked). */
  buildId: string | null
  fetchJson(url: string): Promise<unknown>
  /** Runs `callback` once the page is idle. */
  onIdle(callback: () => void): void
  setTimeout(callback: () => void, ms: number): Timer
  clearTimeout(timer: Timer): void
  setInterval(callback: () => void, ms: number): Timer
  clearInterval(timer: Timer): void
  now(): number
  /** `focus`, `popstate` on window; `visibilitychange` on document. Returns the cleanup. */
  listen(type: 'focus' | 'popstate' | 'visibilitychange', listener: () => void): () => void
  isHidden(): boolean
  /** Focus is in a text field or an editable region. */
  isTyping(): boolean
  reload(): void
  /** Full page load of `url` (replacing the history entry when `replace`). */
  load(url: string, replace: boolean): void
  warn(message: string, error?: unknown): void
  /** Called once when a newer build is first seen. */
  onUpdateAvailable?(latestId: string): void
}

export interface UpdateCheckOptions {
  delayMs?: number
  intervalMs?: number
  /** Focus and visibility checks closer together than this are skipped (they often fire in pairs). */
  minGapMs?: number
}

export interface UpdateCheck {
  /** Waits for the page to be idle and about `delayMs` more, then does startNow(). */
  start(): void
  /** Fetches the build meta now, then polls. */
  startNow(): void
  stop(): void
  /** Asks latest.json now. */
  check(): Promise<void>
  /** The id of the newer build the server runs, once seen. */
  readonly latestId: string | null
  readonly updatePending: boolean
  /** The current build's meta, once fetched. */
  readonly meta: BuildMeta | null
  /** Declares (or clears) a reason not to reload now, e.g. `setBusy('chat-stream', true)`. */
  setBusy(reason: string, busy: boolean): void
  /** For the router: true when it did a full page load to `to` instead of a client navigation. */
  loadInsteadOfNavigating(to: string, replace?: boolean): boolean
}

export function createUpdateCheck(env: UpdateCheckEnv, options: UpdateCheckOptions = {}): UpdateCheck {
  const delayMs = options.delayMs ?? MANIFEST_FETCH_DELAY_MS
  const intervalMs = options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS
  const minGapMs = options.minGapMs ?? UPDATE_CHECK_MIN_GAP_MS
  const busy = new Set<string>()
  const cleanups: Array<() => void> = []
  let started = false
  let latestId: string | null = null
  let meta: BuildMeta | null = null
  let lastCheckAt = 0
  let inFlight: Promise<void> | null = null

  const updatePending = () => latestId !== null && latestId !== env.buildId
  const safe = () => busy.size === 0 && !env.isTyping()

  /** A hidden tab is a safe moment: nobody sees the reload. */
  function reloadIfHidden() {
    if (updatePending() && env.isHidden() && safe()) env.reload()
  }

  async function fetchMeta() {
    try {
      const body = await env.fetchJson(buildMetaPath(env.buildId!))
      if (body && typeof body === 'object' && (body as BuildMeta).id === env.buildId) meta = body as BuildMeta
      else env.warn(`update-check: unexpected build meta for ${env.buildId}`)
    } catch (error) {
      env.warn(`update-check: could not fetch the build meta of ${env.buildId}`, error)
    }
  }

  function check(): Promise<void> {
    if (!env.buildId) return Promise.resolve()
    inFlight ??= (async () => {
      lastCheckAt = env.now()
      try {
        const body = (await env.fetchJson(LATEST_BUILD_PATH)) as Partial<BuildInfo> | null
        if (typeof body?.id !== 'string' || !body.id) env.warn('update-check: latest.json has no build id')
        else {
          const wasPending = updatePending()
          latestId = body.id
          if (!wasPending && updatePending()) env.onUpdateAvailable?.(body.id)
        }
      } catch (error) {
        env.warn('update-check: could not fetch latest.json', error)
      } finally {
        inFlight = null
      }
      reloadIfHidden()
    })()
    return inFlight
  }

  function checkSoon() {
    if (env.now() - lastCheckAt >= minGapMs) void check()
  }

  function startPolling() {
    if (!started) return
    // Polling starts after the meta: the page just loaded, so it runs the latest build until then.
    lastCheckAt = env.now()
    const interval = env.setInterval(() => void check(), intervalMs)
    cleanups.push(() => env.clearInterval(interval))
    cleanups.push(env.listen('focus', checkSoon))
    cleanups.push(
      env.listen('visibilitychange', () => {
        if (env.isHidden()) reloadIfHidden()
        else checkSoon()
      }),
    )
    // Back and forward are navigations too: the URL has already changed, so a reload loads the target.
    cleanups.push(
      env.listen('popstate', () => {
        if (updatePending() && safe()) env.reload()
      }),
    )
  }

  function begin() {
    void fetchMeta().then(startPolling)
  }

  return {
    start() {
      if (started || !env.buildId) return
      started = true
      env.onIdle(() => {
        if (!started) return
        const timer = env.setTimeout(begin, delayMs)
        cleanups.push(() => env.clearTimeout(timer))
      })
    },
    startNow() {
      if (started || !env.buildId) return
      started = true
      begin()
    },
    stop() {
      started = false
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
    check,
    get latestId() {
      return latestId
    },
    get updatePending() {
      return updatePending()
    },
    get meta() {
      return meta
    },
    setBusy(reason, isBusy) {
      if (isBusy) busy.add(reason)
      else if (busy.delete(reason)) reloadIfHidden()
    },
    loadInsteadOfNavigating(to, replace = false) {
      if (!updatePending() || !safe()) return false
      env.load(to, replace)
      return true
    },
  }
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'hidden', 'image', 'radio', 'range', 'reset', 'submit'])

/** True when `element` takes typed text: a text input, a textarea or an editable region. */
export function isTypingTarget(element: Pick<HTMLElement, 'tagName' | 'isContentEditable'> & { type?: string } | null): boolean {
  if (!element) return false
  const tag = element.tagName.toUpperCase()
  if (tag === 'TEXTAREA') return true
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((element.type ?? 'text').toLowerCase())
  return element.isContentEditable === true
}

/** The browser as the update check sees it. */
export function browserEnv(buildId: string | null): UpdateCheckEnv {
  return {
    buildId,
    fetchJson: (url) => http.get(url),
    onIdle(callback) {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback())
      else setTimeout(callback, 1)
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (timer) => clearTimeout(timer),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (timer) => clearInterval(timer),
    now: () => Date.now(),
    listen(type, listener) {
      const target: EventTarget = type === 'visibilitychange' ? document : window
      target.addEventListener(type, listener)
      return () => target.removeEventListener(type, listener)
    },
    isHidden: () => document.visibilityState === 'hidden',
    isTyping: () => isTypingTarget(document.activeElement as HTMLElement | null),
    reload: () => window.location.reload(),
    load: (url, replace) => (replace ? window.location.replace(url) : window.location.assign(url)),
    warn: (message, error) => (error === undefined ? console.warn(message) : console.warn(message, error)),
    // Visible state for styling hooks and tests, like data-hydrated.
    onUpdateAvailable: (latestId) => void (document.documentElement.dataset.updateAvailable = latestId),
  }
}
