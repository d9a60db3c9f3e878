// Page data on the client: the inlined state for the first page, `{path}/_payload.json` for the
// pages navigated to afterwards. Every page is "resolved" before it is shown: route matched, params
// validated and middleware run (the same checks the server runs), payload fetched and its chunk
// loaded, in parallel, so a navigation swaps pages in one step.
import { payloadUrl, router } from '../../shared/routes.ts'
import { serverErrorPage, statusMessageFor, toPageError, type PageError } from '../../shared/errors.ts'
import type { PageState, Payload } from '../../shared/page-state.ts'
import { pages } from '../routes.ts'
import { getSession } from './session.ts'
import { HttpError, http } from './http.ts'

export type PageResource = PageState | { path: string; kind: 'redirect'; location: string }

type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T }

interface Entry {
  promise: TrackedPromise<PageResource>
  createdAt: number
  /** Started by a prefetch: a chunk failure rejects quietly instead of reloading the page. */
  prefetch: boolean
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
  cache.set(state.path, { promise: settled(state), createdAt: Date.now(), prefetch: false })
}

export function invalidatePageResource(path?: string) {
  if (path === undefined) cache.clear()
  else cache.delete(path)
}

/**
 * Errors are not kept: the next visit asks again. They are dropped when their page is left, not
 * when they arrive: React renders the page again once the promise settles and must find the same
 * answer then, or it would fetch again, and again.
 */
export function forgetPageError(path: string) {
  const entry = cache.get(path)
  if (entry?.promise.status === 'fulfilled' && entry.promise.value?.kind === 'error') cache.delete(path)
}

export interface LoadOptions {
  /**
   * A prefetch (a link in view, hovered or focused): a chunk that fails to load neither reloads the
   * page the user is on nor logs; the promise rejects and nothing is kept.
   */
  prefetch?: boolean
}

export function loadPageResource(path: string, options: LoadOptions = {}): TrackedPromise<PageResource> {
  const prefetch = options.prefetch ?? false
  const cached = cache.get(path)
  if (cached && (cached.promise.status !== 'fulfilled' || Date.now() - cached.createdAt < FRESH_MS)) {
    if (cached.prefetch && !prefetch && cached.promise.status !== 'fulfilled') {
      // A navigation joins a prefetch in flight. If that prefetch fails quietly (a chunk gone after a
      // deploy), the navigation asks again in its own right: chunk-reload guard, logging.
      return remember(path, cached.promise.catch(() => resolvePage(path, false)), false, cached.createdAt)
    }
    return cached.promise
  }
  return remember(path, resolvePage(path, prefetch), prefetch, Date.now())
}

function remember(path: string, pending: Promise<PageResource>, prefetch: boolean, createdAt: number): TrackedPromise<PageResource> {
  const forget = () => {
    if (cache.get(path)?.promise === promise) cache.delete(path)
  }
  const promise: TrackedPromise<PageResource> = pending.then(
    (resource) => {
      promise.status = 'fulfilled'
      promise.value = resource
      return resource
    },
    (error: unknown) => {
      forget()
      throw error
    },
  )
  promise.status = 'pending'
  cache.set(path, { promise, createdAt, prefetch })
  return promise
}

async function resolvePage(path: string, prefetch: boolean): Promise<PageResource> {
  let resolution
  try {
    resolution = router.resolve(path, { user: getSession().session.user })
  } catch (error) {
    console.error(error)
    return { path, kind: 'error', error: serverErrorPage() }
  }
  if (resolution.kind === 'error') return { path, kind: 'error', error: resolution.error.toPageError() }
  if (resolution.kind === 'redirect') return { path, kind: 'redirect', location: resolution.location }
  const { route, params } = resolution.match
  try {
    const [payload] = await Promise.all([fetchPayload(path), pages[route.name].load({ reloadOnChunkError: !prefetch })])
    if ('redirect' in payload) return { path, kind: 'redirect', location: payload.redirect }
    return { path, kind: 'page', route: route.name, params, data: payload.data }
  } catch (error) {
    if (prefetch && !(error instanceof PayloadError)) throw error
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
