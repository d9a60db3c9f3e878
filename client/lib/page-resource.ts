// Page data on the client: the inlined state for the first page, `{path}/_payload.json` for the
// pages navigated to afterwards. Every page is "resolved" before it is shown: route matched, params
// validated and middleware run (the same checks the server runs), payload fetched and its chunk
// loaded, in parallel, so a navigation swaps pages in one step.
import { payloadUrl, router } from '../../shared/routes.ts'
import { serverErrorPage, toPageError, type PageError } from '../../shared/errors.ts'
import type { PageState, Payload } from '../../shared/page-state.ts'
import { pages } from '../routes.ts'

export type PageResource = PageState | { path: string; kind: 'redirect'; location: string }

type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T }

interface Entry {
  promise: TrackedPromise<PageResource>
  createdAt: number
}

/** Payloads are reused this long (a prefetch right before a click, going back and forth). */
const FRESH_MS = 30_000
const cache = new Map<string, Entry>()

function settled(resource: PageResource): TrackedPromise<PageResource> {
  const promise: TrackedPromise<PageResource> = Promise.resolve(resource)
  promise.status = 'fulfilled'
  promise.value = resource
  return promise
}

/** The server's inlined state becomes the first cache entry, so hydration never fetches. */
export function seedPageResource(state: PageState) {
  cache.set(state.path, { promise: settled(state), createdAt: Date.now() })
}

export function invalidatePageResource(path?: string) {
  if (path === undefined) cache.clear()
  else cache.delete(path)
}

export function loadPageResource(path: string): TrackedPromise<PageResource> {
  const cached = cache.get(path)
  if (cached && (cached.promise.status !== 'fulfilled' || Date.now() - cached.createdAt < FRESH_MS)) {
    return cached.promise
  }
  const promise: TrackedPromise<PageResource> = resolvePage(path).then((resource) => {
    promise.status = 'fulfilled'
    promise.value = resource
    // Errors are not kept: the next visit asks again.
    if (resource.kind === 'error') cache.delete(path)
    return resource
  })
  promise.status = 'pending'
  cache.set(path, { promise, createdAt: Date.now() })
  return promise
}

async function resolvePage(path: string): Promise<PageResource> {
  let resolution
  try {
    resolution = router.resolve(path, { user: undefined })
  } catch (error) {
    console.error(error)
    return { path, kind: 'error', error: serverErrorPage() }
  }
  if (resolution.kind === 'error') return { path, kind: 'error', error: resolution.error.toPageError() }
  if (resolution.kind === 'redirect') return { path, kind: 'redirect', location: resolution.location }
  const { route, params } = resolution.match
  try {
    const [payload] = await Promise.all([fetchPayload(path), pages[route.name].load()])
    if ('redirect' in payload) return { path, kind: 'redirect', location: payload.redirect }
    return { path, kind: 'page', route: route.name, params, data: payload.data }
  } catch (error) {
    return { path, kind: 'error', error: errorOf(error) }
  }
}

class PayloadError extends Error {
  constructor(readonly pageError: PageError) {
    super(pageError.message)
  }
}

async function fetchPayload(path: string): Promise<Payload> {
  const response = await fetch(payloadUrl(path), { headers: { accept: 'application/json' } })
  const body = (await response.json().catch(() => null)) as Payload | { statusCode: number; message: string } | null
  if (!response.ok) {
    const statusCode = response.status
    const message = body && 'message' in body ? body.message : response.statusText
    throw new PayloadError(toPageError({ statusCode, message, statusMessage: response.statusText || 'Error', fatal: false }))
  }
  if (!body || !('data' in body || 'redirect' in body)) throw new Error(`Malformed payload for ${path}`)
  return body as Payload
}

function errorOf(error: unknown): PageError {
  if (error instanceof PayloadError) return error.pageError
  console.error(error)
  return serverErrorPage()
}
