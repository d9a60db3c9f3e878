// Resolving a page on the client (client/lib/page-resource.ts loads this with the first navigation
// or prefetch): the same route checks the server runs, then the payload and the page's chunk.
// The page chunks and the session come in as arguments: importing client/routes.ts or session.ts
// here would make the bundler split shared code (React) out of the entry chunk.
import { payloadUrl, router } from '../../shared/routes.ts'
import { serverErrorPage, statusMessageFor, toPageError, type PageError } from '../../shared/errors.ts'
import type { Payload } from '../../shared/page-state.ts'
import type { pages as PageChunks } from '../routes.ts'
import type { SessionUser } from '../../shared/session.ts'
import { HttpError, http } from './http.ts'
import { ConnectionError, connectionErrorPage, connectionState, reportConnectionLost } from './connection.ts'
import type { PageResource } from './page-resource.ts'

export interface ResolveContext {
  pages: typeof PageChunks
  /** The signed-in user, for route middleware. */
  user: SessionUser | undefined
}

export async function resolvePage(path: string, prefetch: boolean, { pages, user }: ResolveContext): Promise<PageResource> {
  let resolution
  try {
    resolution = router.resolve(path, { user })
  } catch (error) {
    console.error(error)
    return { path, kind: 'error', error: serverErrorPage() }
  }
  if (resolution.kind === 'error') return { path, kind: 'error', error: resolution.error.toPageError() }
  if (resolution.kind === 'redirect') return { path, kind: 'redirect', location: resolution.location }
  const { route, params } = resolution.match
  if (connectionState() !== 'online') {
    if (prefetch) throw new ConnectionError()
    return { path, kind: 'error', error: connectionErrorPage() }
  }
  try {
    const [payload] = await Promise.all([fetchPayload(path), pages[route.name].load({ reloadOnChunkError: !prefetch })])
    if ('redirect' in payload) return { path, kind: 'redirect', location: payload.redirect }
    return { path, kind: 'page', route: route.name, params, data: payload.data }
  } catch (error) {
    if (prefetch && !(error instanceof PayloadError)) throw error
    if (error instanceof HttpError && error.status === 0) reportConnectionLost()
    if (connectionState() !== 'online') return { path, kind: 'error', error: connectionErrorPage() }
    return { path, kind: 'error', error: errorOf(error) }
  }
}

class PayloadError extends Error {
  constructor(readonly pageError: PageError) {
    super(pageError.message)
  }
}

async function fetchPayload(path: string): Promise<Payload> {
  let body: Payload | undefined
  try {
    body = await http.get<Payload>(payloadUrl(path))
  } catch (error) {
    // The server's answer for a page it will not show (404, middleware errors) is the error page's content.
    if (error instanceof HttpError && error.status >= 400) {
      const statusMessage = error.statusText || statusMessageFor(error.status)
      throw new PayloadError(toPageError({ statusCode: error.status, message: error.message, statusMessage, fatal: false }))
    }
    throw error
  }
  if (!body || typeof body !== 'object' || !('data' in body || 'redirect' in body)) throw new Error(`Malformed payload for ${path}`)
  return body
}

function errorOf(error: unknown): PageError {
  if (error instanceof PayloadError) return error.pageError
  console.error(error)
  return serverErrorPage()
}
