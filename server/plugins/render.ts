// Server rendering: @fastify/vite serves the built assets (or Vite's dev server with
// HMR) and gives us the SSR entry and the HTML template; this plugin streams React into that
// template. The shell is flushed at onShellReady (bots wait for onAllReady), compressed without
// losing early flush, aborted after a timeout whose timer is cleared when the stream closes.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough, Writable } from 'node:stream'
import fp from 'fastify-plugin'
import FastifyVite from '@fastify/vite'
import type { FastifyReply } from 'fastify'
import type { PipeableStream, RenderToPipeableStreamOptions } from 'react-dom/server'
import type { AppConfig } from '../../fastify.config.ts'
import { headFor, type PageState } from '../../shared/page-state.ts'
import { hasSidebarRow } from '../../shared/page-data.ts'
import { paintsWithShellStyles } from '../../shared/page-layout.ts'
import { createIconRecorder, type IconLookup } from '../../shared/icons.ts'
import { compileTemplate, serializeState, type DocumentTemplate } from '../services/html-template.ts'
import { createRenderCache } from '../services/render-cache.ts'
import { createStreamCompressor, negotiateEncoding } from '../services/content-encoding.ts'

/** What client/index.tsx exports. */
export interface SsrEntry {
  renderApp(state: PageState, options: RenderToPipeableStreamOptions, context?: { icons?: IconLookup }): PipeableStream
  preload(state: PageState): Promise<void>
  pageModules: Record<string, string>
  /** Vite source path of the sidebar's chat rows, a chunk preloaded when the visitor has a chat to list. */
  chatListModule?: string
  /** The whole stylesheet's address (client/lib/full-styles.ts); a page the shell's does not cover links it. */
  wholeStylesheet?: string
}

export interface RenderOptions {
  config: AppConfig
  /** Replaces the built SSR entry (tests render fixture trees through the real streaming path). */
  ssrEntry?: SsrEntry
}

declare module 'fastify' {
  interface FastifyReply {
    /** Streams the page for `state` with `statusCode`. Rejects if the shell fails before any byte is sent. */
    streamPage(state: PageState, statusCode: number): Promise<FastifyReply>
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT_LIVED = 'public, max-age=3600'
/** The code highlighter's worker (client/components/chat/highlight-worker.ts) as built, or its .br/.gz. */
const HIGHLIGHT_WORKER = /\/assets\/highlight-worker-[\w-]+\.js(\.br|\.gz)?$/
/** Its scripts: the worker's own chunks, nothing else. */
export const WORKER_CSP = "default-src 'none'; script-src 'self'; frame-ancestors 'none'"

export default fp(
  async function render(app, options: RenderOptions) {
    const { config } = options
    await app.register(FastifyVite, {
      root: config.root,
      dev: config.dev,
      // reply.render() hands back the SSR entry (re-created per request by the dev server on HMR).
      createRenderFunction: (client: unknown) => () => client,
      // reply.html() hands back the compiled document template.
      createHtmlFunction: (source: string) => {
        const template = compileTemplate(source)
        return () => template
      },
      fastifyStaticOptions: {
        preCompressed: true,
        cacheControl: false,
        // Hashed build output never changes; everything else in public/ may.
        setHeaders(reply: FastifyReply, path: string) {
          reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : SHORT_LIVED)
          // A worker runs under its own script's policy: the highlighter's must load its chunks.
          if (HIGHLIGHT_WORKER.test(path)) reply.header('content-security-policy', WORKER_CSP)
        },
      },
    } as unknown as Parameters<typeof FastifyVite>[1])
    await app.vite.ready()

    const manifest = config.dev ? null : readManifest(config.root)
    // Not in development: the SSR entry changes under it with every edit.
    const renders = config.dev || config.renderCacheBytes === 0 ? null : createRenderCache(config.renderCacheBytes)
    const preloadCache = new Map<string, string[]>()
    function preloadsFor(entry: SsrEntry, state: PageState): string[] {
      if (!manifest) return []
      const page = state.kind === 'error' ? 'error' : state.route
      // The sidebar's list is a chunk of its own: fetched beside the page's when there are rows to draw.
      const withRows = Boolean(entry.chatListModule) && (state.chatList?.chats.some(hasSidebarRow) || state.chatList?.pinned?.some(hasSidebarRow))
      const key = withRows ? `${page} with rows` : page
      let list = preloadCache.get(key)
      if (!list) {
        list = modulePreloads(manifest, entry.pageModules[page])
        if (withRows) list = [...new Set([...list, ...modulePreloads(manifest, entry.chatListModule)])]
        preloadCache.set(key, list)
      }
      return list
    }

    app.decorateReply('streamPage', async function streamPage(this: FastifyReply, state: PageState, statusCode: number) {
      const reply = this
      const request = reply.request
      const entry = options.ssrEntry ?? ((reply as unknown as { render(): SsrEntry }).render())
      const template = (reply as unknown as { html(): DocumentTemplate }).html()
      // The document's policy and the nonce its inline scripts carry (server/plugins/security.ts).
      const nonces = reply.documentCsp()
      const nonce = nonces.script
      const stateJson = serializeState(state)
      const key = renders?.keyFor(stateJson)
      const cached = key ? renders!.get(key) : undefined

      /** Headers, then the document's start, in the response's encoding. */
      function open(): ReturnType<typeof createStreamCompressor> | (PassThrough & { flushNow(): void }) {
        const encoding = negotiateEncoding(request.headers['accept-encoding'])
        const body = encoding ? createStreamCompressor(encoding) : Object.assign(new PassThrough(), { flushNow() {} })
        reply.code(statusCode).headers({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          vary: 'accept-encoding',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        })
        const origin = config.publicUrl ?? `${request.protocol}://${request.host}`
        body.write(template.start({ nonce, styleNonce: nonces.style, head: headFor(state), origin, preloads: preloadsFor(entry, state), buildId: app.buildInfo.id, stylesheet: paintsWithShellStyles(state) ? undefined : entry.wholeStylesheet }))
        return body
      }

      if (cached) {
        app.metrics.ssrRender.observe({ phase: 'reused' }, 0)
        const body = open()
        body.end(cached.markup(nonce) + template.end({ stateJson, nonce, icons: cached.icons }))
        return reply.send(body)
      }

      await entry.preload(state)
      // Icons the server already has are drawn into the HTML and inlined for hydration (no flash).
      // One it does not have yet (its collection still loading) makes this render not worth keeping.
      let iconMissing = false
      const icons = app.hasDecorator('icons')
        ? createIconRecorder((name) => {
            const data = app.icons.peek(name)
            if (data === undefined) iconMissing = true
            return data
          })
        : undefined
      // The markup React writes, kept when the render ends well (render-cache.ts).
      const markup: Buffer[] | null = key ? [] : null
      let spoiled = false

      const renderStart = performance.now()
      const renderSeconds = () => (performance.now() - renderStart) / 1000
      return new Promise<FastifyReply>((resolve, reject) => {
        let started = false
        let failed = false
        const timer = setTimeout(() => {
          request.log.warn({ timeoutMs: config.renderTimeoutMs }, 'render: aborting a render that took too long')
          spoiled = true
          stream.abort(new Error(`render: aborted after ${config.renderTimeoutMs} ms`))
        }, config.renderTimeoutMs)

        const stream = entry.renderApp(state, {
          nonce,
          onShellReady() {
            app.metrics.ssrRender.observe({ phase: 'shell' }, renderSeconds())
            if (!request.isBot) start()
          },
          onAllReady() {
            app.metrics.ssrRender.observe({ phase: 'all' }, renderSeconds())
            if (request.isBot) start()
          },
          onShellError(error) {
            clearTimeout(timer)
            failed = true
            reject(error)
          },
          onError(error, info) {
            spoiled = true
            request.log.error({ err: error, componentStack: info?.componentStack }, 'render: error while rendering')
          },
        }, { icons })

        function start() {
          if (started || failed) return
          started = true
          const body = open()
          body.flushNow()

          // React writes here; it calls flush() after each batch, which pushes compressed bytes out.
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              markup?.push(Buffer.from(chunk))
              if (body.write(chunk)) callback()
              else body.once('drain', callback)
            },
            final(callback) {
              const used = icons?.used() ?? {}
              body.end(template.end({ stateJson, nonce, icons: used }))
              if (markup && !spoiled && !iconMissing) renders!.set(key!, Buffer.concat(markup).toString('utf8'), nonce, used)
              callback()
            },
          })
          Object.assign(sink, { flush: () => body.flushNow() })
          const done = () => clearTimeout(timer)
          sink.on('finish', done)
          sink.on('close', done)
          // A browser that goes away stops the render instead of rendering into the void.
          reply.raw.on('close', () => {
            done()
            if (!reply.raw.writableFinished) {
              spoiled = true
              stream.abort(new Error('render: client closed the connection'))
            }
          })
          stream.pipe(sink)
          resolve(reply.send(body))
        }
      })
    })
  },
  { name: 'render', dependencies: ['bots', 'builds', 'security'] },
)

interface ManifestChunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}

function readManifest(root: string): Record<string, ManifestChunk> | null {
  const path = join(root, 'dist', 'client', '.vite', 'manifest.json')
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : null
}

/**
 * The page chunk and its static imports, so the browser fetches them in parallel with the entry
 * (which the template preloads itself: naming it again made a second link to the same file).
 */
function modulePreloads(manifest: Record<string, ManifestChunk>, source: string | undefined): string[] {
  const files: string[] = []
  const seen = new Set<string>()
  function visit(key: string) {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk || chunk.isEntry) return
    files.push('/' + chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  if (source) visit(source)
  return files
}
