// The update check's entry points (docs/product-contract.md): started once the app has mounted,
// asked by the router on every navigation, told by long-running work (a streaming answer) when a
// reload would hurt. The check itself (update-check-core.ts) has nothing to do until the page has
// been idle for about MANIFEST_FETCH_DELAY_MS, so its code is loaded then, not with the page.
import { BUILD_ID_META_NAME, MANIFEST_FETCH_DELAY_MS } from '../../shared/constants.ts'
import type { UpdateCheck, UpdateCheckOptions } from './update-check-core.ts'

export type { UpdateCheckOptions } from './update-check-core.ts'

let instance: UpdateCheck | null = null
let started = false
// Busy reasons declared before the check starts still count.
const busyBeforeStart = new Set<string>()

function onIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback())
  else setTimeout(callback, 1)
}

/** Starts the browser's update check (once): the build meta about 1000 ms after the page is idle, then polling. */
export function startUpdateCheck(options: UpdateCheckOptions = {}): void {
  if (started) return
  started = true
  const buildId = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META_NAME}"]`)?.content || null
  // A page that does not say which build it runs has nothing to compare.
  if (!buildId) return
  onIdle(() => setTimeout(() => void load(buildId, options), options.delayMs ?? MANIFEST_FETCH_DELAY_MS))
}

async function load(buildId: string, options: UpdateCheckOptions) {
  let check: UpdateCheck
  try {
    const { browserEnv, createUpdateCheck } = await import('./update-check-core.ts')
    check = createUpdateCheck(browserEnv(buildId), options)
  } catch (error) {
    // No reload for this: it would not wait for a safe moment, which is the check's whole point.
    console.warn('update-check: could not load the update check', error)
    return
  }
  for (const reason of busyBeforeStart) check.setBusy(reason, true)
  busyBeforeStart.clear()
  instance = check
  check.startNow()
}

/** While any reason is busy (an answer streaming, say), the page is not reloaded for an update. */
export function setBusy(reason: string, busy: boolean): void {
  if (instance) instance.setBusy(reason, busy)
  else if (busy) busyBeforeStart.add(reason)
  else busyBeforeStart.delete(reason)
}

/** wouter's `aroundNav`: a navigation after an update becomes a full page load of its target. */
export function navigateOrReload(navigate: (to: string, options?: { replace?: boolean }) => void, to: string, options?: { replace?: boolean }) {
  if (instance?.loadInsteadOfNavigating(to, options?.replace)) return
  navigate(to, options)
}
