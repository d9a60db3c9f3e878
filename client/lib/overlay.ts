// Overlays: opened, closed and unmounted; closing resolves a result. A small store outside
// React, so any code (an event handler, a data call that needs confirmation) can open one and await
// it; the one <OverlayHost/> in the app shell renders whatever is open.
import { useSyncExternalStore, type ComponentType } from 'react'

/** How long a closed overlay stays rendered for its exit animation. */
export const OVERLAY_EXIT_MS = 150

/** What an overlay component receives besides its own props. */
export interface OverlayProps<R> {
  close: (value?: R) => void
}

export interface OverlayHandle<R> {
  id: string
  /** Resolves with the value passed to close(); undefined when dismissed (Escape, backdrop, unmount). */
  result: Promise<R | undefined>
  /** Resolves the result and removes the overlay after its exit animation. */
  close(value?: R): void
  /** Removes the overlay at once (resolving undefined if it was still open). */
  unmount(): void
}

export interface OverlayEntry {
  id: string
  component: ComponentType<any>
  props: Record<string, unknown>
  open: boolean
  /** What a second open() of the same overlay answers. */
  handle: OverlayHandle<any>
  /** The element focused when the overlay opened: focus goes back there when it closes. */
  returnFocus: Element | null
  close(value?: unknown): void
  unmount(): void
}

export interface OverlayStoreDeps {
  setTimeout(callback: () => void, ms: number): unknown
  activeElement(): Element | null
}

/**
 * Whether two opens ask for the same thing: equal data, compared through plain objects and arrays.
 * Callbacks are made afresh by every caller and say nothing about what the overlay shows, so they
 * count as equal; any other difference (another chat, another question) makes another overlay, so
 * one answer never settles a question the user was not shown.
 */
function sameData(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b) || (typeof a === 'function' && typeof b === 'function')) return true
  if (depth > 4 || !isPlain(a) || !isPlain(b)) return false
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key], depth + 1))
}

function isPlain(value: unknown): value is Record<string, unknown> {
  const prototype = value && typeof value === 'object' && Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === Array.prototype
}

export function createOverlayStore(deps: OverlayStoreDeps) {
  let entries: readonly OverlayEntry[] = []
  let counter = 0
  const listeners = new Set<() => void>()

  function update(next: readonly OverlayEntry[]) {
    entries = next
    for (const listener of listeners) listener()
  }

  function open<P extends object, R>(
    component: ComponentType<P & OverlayProps<R>>,
    props: P,
  ): OverlayHandle<R> {
    // Already open (a double click, a shortcut pressed twice, a click that came before the page went
    // inert): that one comes forward and answers for both callers, rather than a copy stacked on top
    // that leaves the first one inert underneath.
    const same = entries.find((entry) => entry.open && entry.component === component && sameData(entry.props, props))
    if (same) {
      if (entries.at(-1) !== same) update([...entries.filter((entry) => entry !== same), same])
      return same.handle as OverlayHandle<R>
    }
    const id = `overlay-${++counter}`
    let settle!: (value: R | undefined) => void
    let settled = false
    const result = new Promise<R | undefined>((resolve) => (settle = resolve))
    const resolveOnce = (value: R | undefined) => {
      if (settled) return false
      settled = true
      settle(value)
      return true
    }
    const remove = () => update(entries.filter((entry) => entry.id !== id))
    function close(value?: R) {
      if (!resolveOnce(value)) return
      update(entries.map((item) => (item.id === id ? { ...item, open: false } : item)))
      deps.setTimeout(remove, OVERLAY_EXIT_MS)
    }
    function unmount() {
      resolveOnce(undefined)
      remove()
    }
    const handle: OverlayHandle<R> = { id, result, close, unmount }
    const entry: OverlayEntry = {
      id,
      component,
      props: props as Record<string, unknown>,
      open: true,
      handle,
      returnFocus: deps.activeElement(),
      close: close as (value?: unknown) => void,
      unmount,
    }
    update([...entries, entry])
    return handle
  }

  return {
    open,
    /** Dismisses every open overlay (their results resolve undefined). */
    closeAll() {
      for (const entry of entries) entry.close(undefined)
    },
    getEntries: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

const store = createOverlayStore({
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  activeElement: () => (typeof document === 'undefined' ? null : document.activeElement),
})

export const overlay = {
  open: store.open,
  closeAll: store.closeAll,
  /** Whether a dialog (or any overlay) is open and not yet closing. */
  anyOpen: () => store.getEntries().some((entry) => entry.open),
}

const NONE: readonly OverlayEntry[] = []

export function useOverlays(): readonly OverlayEntry[] {
  return useSyncExternalStore(store.subscribe, store.getEntries, () => NONE)
}
