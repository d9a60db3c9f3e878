// Parts of the app shell that first paint does not need (the overlay layer, an open menu, how a
// toast looks) live in their own chunks, loaded the first time they are wanted, to keep the first
// load small. Not React.lazy: a suspended part would wait for React's Suspense reveal throttle
// (timers) before it shows, where a toast or a menu must show as soon as its code is there.
// Offline, a part waits for the connection; a chunk that fails to load reloads the page once when
// that can help (chunk-reload.ts); until then the part renders nothing.
import { useEffect, useState, type ComponentType } from 'react'
import { importWhenConnected } from './chunk-reload.ts'
import { loadFullStyles } from './full-styles.ts'

export interface LazyComponent<P> {
  /** Starts (once) loading the chunk; resolves to the component, or null when it failed. */
  load(): Promise<ComponentType<P> | null>
  /** The component once loaded (null until then); loading starts once `wanted` is true. */
  useComponent(wanted: boolean): ComponentType<P> | null
  isLoaded(): boolean
}

export interface LazyComponentOptions {
  /**
   * Wait for the whole stylesheet before drawing (the default). Off only for a part whose module
   * is one of the shell stylesheet's roots (scripts/build/shell-styles.ts): its classes are there.
   */
  wholeStylesheet?: boolean
}

export function lazyComponent<P extends object>(name: string, importer: () => Promise<ComponentType<P>>, { wholeStylesheet = true }: LazyComponentOptions = {}): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P> | null> | undefined

  function load() {
    // Drawn with the whole stylesheet: a part's classes are not all in the shell's (full-styles.ts).
    // Asked for once its code is in, not before: some importers wait for the page to settle first.
    loading ??= importWhenConnected(() => importer().then((component) => (wholeStylesheet ? loadFullStyles().then(() => component) : component))).then(
      (component) => (loaded = component),
      (error: unknown) => {
        console.error(`[app] could not load ${name}`, error)
        // The next time the part is wanted, it is tried again.
        loading = undefined
        return null
      },
    )
    return loading
  }

  function useComponent(wanted: boolean): ComponentType<P> | null {
    // A function in state must be wrapped, or React would call it as an updater.
    const [component, setComponent] = useState<{ type: ComponentType<P> } | null>(() => (loaded ? { type: loaded } : null))
    useEffect(() => {
      if (!wanted || component) return
      let active = true
      void load().then((type) => {
        if (active && type) setComponent({ type })
      })
      return () => {
        active = false
      }
    }, [wanted, component])
    // Loaded meanwhile (a preload, another instance): no need to wait for the effect.
    return component?.type ?? loaded
  }

  return { load, useComponent, isLoaded: () => loaded !== null }
}
