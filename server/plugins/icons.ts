// Icon sets (docs/product-contract.md): installed @iconify-json/* collections, an lru-cache, and the
// upstream icon service (ICONS_UPSTREAM_URL) for the other collections Iconify publishes. Decorates
// `app.icons`; the route is server/routes/icons, and server renders draw known icons through
// `app.icons.peek`.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createIconStore, type IconStore } from '../services/icons/icon-store.ts'
import { createUpstreamFetcher, isPublishedCollection, loadInstalledCollection } from '../services/icons/icon-sources.ts'

declare module 'fastify' {
  interface FastifyInstance {
    icons: IconStore
  }
}

/** The app shell draws lucide icons: loaded before the first request, its first render has them. */
const SHELL_COLLECTIONS = ['lucide']

export default fp(
  async function icons(app, options: { config: AppConfig }) {
    const store = createIconStore({
      loadLocal: loadInstalledCollection,
      fetchUpstream: createUpstreamFetcher(options.config.iconsUpstreamUrl),
      isUpstreamCollection: isPublishedCollection,
      cache: { upstreamTtlMs: options.config.iconsUpstreamTtlMs },
    })
    app.decorate('icons', store)
    app.addHook('onReady', async () => {
      // Without it the shell's icons still arrive, only after hydration: not worth failing start-up.
      await store.preload(SHELL_COLLECTIONS).catch((error: unknown) => {
        app.log.warn({ err: error, collections: SHELL_COLLECTIONS }, 'icons: could not preload the shell collections')
      })
    })
  },
  { name: 'icons' },
)
