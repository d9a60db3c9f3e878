// A lazily loaded page whose chunk can be preloaded before it renders: the server preloads it
// before streaming, the browser before hydrating and before showing it after a navigation, so a
// page never flashes a fallback and hydration never suspends on its own code.
import { use, type ComponentType } from 'react'
import { recoverFromChunkError } from './chunk-reload.ts'
import { ConnectionError, connectionState } from './connection.ts'
import { loadFullStyles } from './full-styles.ts'

type Module<P> = { default: ComponentType<P> }
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown }

export interface LazyPage<P = {}> {
  /**
   * Starts (once) loading the chunk. A failed chunk reloads the page when that can help
   * (chunk-reload.ts) unless `reloadOnChunkError` is false: a prefetch must never reload the page
   * the user is on. Disconnected, it rejects with a ConnectionError without trying (a failed
   * import would stick to the document).
   */
  load(options?: { reloadOnChunkError?: boolean }): Promise<Module<P>>
  /** The component when loaded; suspends (React `use`) while its chunk is loading. */
  useComponent(): ComponentType<P>
}

/**
 * `shellStyled`: the page's classes are all in the shell's stylesheet (client/shell.css), so it
 * does not wait for the whole sheet (the home page, whose first paint that sheet is made for).
 */
export function lazyPage<P = {}>(importer: () => Promise<Module<P>>, { shellStyled = false }: { shellStyled?: boolean } = {}): LazyPage<P> {
  const importWithStyles = shellStyled ? importer : () => Promise.all([importer(), loadFullStyles()]).then(([module]) => module)
  let promise: TrackedPromise<Module<P>> | undefined
  function load(options: { reloadOnChunkError?: boolean } = {}): TrackedPromise<Module<P>> {
    if (!promise) {
      if (typeof window !== 'undefined' && connectionState() !== 'online') return Promise.reject(new ConnectionError())
      const started: TrackedPromise<Module<P>> = importWithStyles().then(
        (module) => {
          // Vite resolves a failed import to undefined if a 'vite:preloadError' listener cancels it.
          if (!module?.default) throw new Error('error loading dynamically imported module: no default export')
          started.status = 'fulfilled'
          started.value = module
          return module
        },
        async (error: unknown) => {
          // Let a later navigation try again instead of caching the failure.
          promise = undefined
          // Awaited: the caller then knows whether the connection was lost (connection.ts).
          if (typeof window !== 'undefined' && options.reloadOnChunkError !== false) await recoverFromChunkError(error)
          throw error
        },
      )
      started.status = 'pending'
      promise = started
    }
    return promise
  }
  return {
    load,
    useComponent() {
      // `use` reads status/value synchronously, so a preloaded page renders without suspending.
      // Always call it, never only when pending: React replays a suspended component and expects
      // the same calls in the same order (skipping `use` on the replay breaks the hooks after it).
      return use(load() as Promise<Module<P>>).default
    },
  }
}
