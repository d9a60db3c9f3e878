// Background work that must not compete with what the page itself is still loading (its chunks,
// the sidebar's list, a resumed answer, code highlighting): viewport prefetch waits for this.
// Settled = the document has loaded, the browser has had an idle moment, and a little time more
// has passed for requests that moment started. Nuxt's links likewise prefetch on idle.
export const PAGE_SETTLE_DELAY_MS = 1000

let settled: Promise<void> | undefined

export function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const afterIdle = () => setTimeout(resolve, PAGE_SETTLE_DELAY_MS)
    const onLoad = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(afterIdle, { timeout: 2000 }) : afterIdle())
    if (document.readyState === 'complete') onLoad()
    else window.addEventListener('load', onLoad, { once: true })
  })
  return settled
}
