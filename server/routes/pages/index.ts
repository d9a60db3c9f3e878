// Every GET that is not an API route or a static file is a page (docs/product-contract.md). The route is resolved
// before the first byte so the status is right: 404 for an unknown path, a fatal 404 for a bad
// parameter, redirects from middleware, 500 when a loader fails.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { pagePathOfPayload, router } from '../../../shared/routes.ts'
import { AppError, serverErrorPage, statusMessageFor } from '../../../shared/errors.ts'
import type { PageState, Payload, UploadLimits } from '../../../shared/page-state.ts'
import { pageLoaders } from './loaders.ts'
import { configuredProviders, sessionPayload } from '../auth/index.ts'
import { ownChatsPage } from '../chats/common.ts'
import { SIDEBAR_PAGE_SIZE } from '../../../shared/constants.ts'
import type { ChatListPage } from '../../../shared/page-data.ts'
import { showsAppLayout } from '../../../shared/page-layout.ts'

type Outcome = { kind: 'state'; state: PageState; statusCode: number; error?: AppError } | { kind: 'redirect'; location: string }

async function resolvePage(request: FastifyRequest, path: string): Promise<Outcome> {
  const resolution = router.resolve(path, { user: (await request.getUser()) ?? undefined })
  if (resolution.kind === 'redirect') return { kind: 'redirect', location: resolution.location }
  if (resolution.kind === 'error') {
    const { error } = resolution
    return { kind: 'state', statusCode: error.statusCode, error, state: { path, kind: 'error', error: error.toPageError() } }
  }
  const { route, params } = resolution.match
  try {
    const data = await pageLoaders[route.name]({ params, request })
    return { kind: 'state', statusCode: 200, state: { path, kind: 'page', route: route.name, params, data } }
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return { kind: 'state', statusCode: error.statusCode, error, state: { path, kind: 'error', error: error.toPageError() } }
    }
    request.log.error({ err: error, route: route.name }, 'pages: loader failed')
    const failure = new AppError(500, 'LOADER_FAILED', 'Internal Server Error', { cause: error })
    return { kind: 'state', statusCode: 500, error: failure, state: { path, kind: 'error', error: serverErrorPage() } }
  }
}

async function servePayload(request: FastifyRequest, reply: FastifyReply, path: string) {
  reply.header('cache-control', 'no-store')
  const outcome = await resolvePage(request, path)
  if (outcome.kind === 'redirect') return reply.send({ redirect: outcome.location } satisfies Payload)
  const { state, statusCode, error } = outcome
  if (state.kind === 'page') return reply.send({ data: state.data } satisfies Payload)
  const body = statusCode >= 500
    ? { statusCode, code: 'INTERNAL_SERVER_ERROR', message: statusMessageFor(statusCode) }
    : error!.toBody()
  return reply.code(statusCode).send(body)
}

/**
 * The sidebar's first page, inlined so a first load makes no request for it. A page without the
 * sidebar (an error page, the sign-in popup) and a bot (which never runs it) get none, and a
 * failure only costs the browser that request (logged, not fatal).
 */
async function firstChatListPage(request: FastifyRequest, state: PageState): Promise<ChatListPage | undefined> {
  if (request.isBot || !showsAppLayout(state)) return undefined
  try {
    return await ownChatsPage(request, SIDEBAR_PAGE_SIZE, null)
  } catch (error) {
    request.log.warn({ err: error }, 'pages: could not list the chats for the sidebar; the browser will ask')
    return undefined
  }
}

/** A bot gets the status and a minimal body, never a rendered error page (docs/product-contract.md). */
function sendBotError(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string) {
  request.log.info({ bot: true, statusCode, userAgent: request.headers['user-agent'], error: message }, 'pages: bot request failed')
  return reply
    .code(statusCode)
    .type('text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`${statusCode} ${statusMessageFor(statusCode)}`)
}

const ASSET_EXTENSION = /\.(m?js|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|txt|xml|webmanifest)$/i

const LAST_RESORT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server Error</title></head><body><h1>500</h1><p>Internal Server Error</p><p><a href="/">Back to home</a></p></body></html>`

function uploadLimits(app: FastifyInstance): UploadLimits {
  const { maxBytes, maxFiles, anonymousQuotaBytes } = app.files.limits
  return { maxBytes, maxFiles, anonymous: anonymousQuotaBytes > 0 }
}

export default async function pageRoutes(app: FastifyInstance) {
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!
    const payloadPath = pagePathOfPayload(path)
    if (payloadPath !== null) return servePayload(request, reply, payloadPath)
    // API paths and missing static files are not pages: answer with a plain 404, not a rendered page.
    if (path.startsWith('/api/') || path === '/api' || ASSET_EXTENSION.test(path)) return reply.callNotFound()

    const outcome = await resolvePage(request, path)
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302)
    const { statusCode } = outcome
    if (statusCode >= 400 && request.isBot) return sendBotError(request, reply, statusCode, outcome.error?.message ?? '')
    const [session, chatList] = await Promise.all([sessionPayload(request), firstChatListPage(request, outcome.state)])
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
    const state: PageState = { ...outcome.state, session, providers: configuredProviders(request.server), chatList, messageMaxChars: request.server.config.messageMaxChars, uploads: uploadLimits(request.server), search, artifactsOrigin: request.server.config.artifacts.origin }

    try {
      return await reply.streamPage(state, statusCode)
    } catch (error) {
      // The shell failed before any byte was sent: the error page replaces it.
      request.log.error({ err: error }, 'pages: render failed before the shell was ready')
      if (request.isBot) return sendBotError(request, reply, 500, 'render failed')
      try {
        return await reply.streamPage({ path, kind: 'error', error: serverErrorPage() }, 500)
      } catch (secondError) {
        request.log.error({ err: secondError }, 'pages: the error page failed to render too')
        return reply.code(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(LAST_RESORT_HTML)
      }
    }
  })
}
