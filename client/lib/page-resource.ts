// Page data on the client: the inlined state for the first page, `{path}/_payload.json` for the
// pages navigated to afterwards. Every page is "resolved" before it is shown: route matched, params
// validated and middleware run (the same checks the server runs), payload fetched and its chunk
// loaded, in parallel, so a navigation swaps pages in one step. Resolving (page-resolve.ts, with the
// route table and the HTTP client) is loaded with the first navigation or prefetch: the first page
// comes from the inlined state and needs none of it.
import { serverErrorPage } from '../../shared/error-page.ts'
import type { PageState } from '../../shared/page-state.ts'
import { pages } from '../routes.ts'
import { getSession } from './session.ts'
import { recoverFromChunkError } from './chunk-reload.ts'
import { connectionErrorPage, connectionState } from './connection.ts'
import { externalValue } from './external-value.ts'

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
      return remember(path, cached.promise.catch(() => resolve(path, false)), false, cached.createdAt)
    }
    return cached.promise
  }
  return remember(path, resolve(path, prefetch), prefetch, Date.now())
}

let resolver: typeof import('./page-resolve.ts') | undefined

async function resolve(path: string, prefetch: boolean): Promise<PageResource> {
  if (!resolver) {
    // Not tried while disconnected: a failed import would stick to the document.
    if (connectionState() !== 'online') {
      if (prefetch) throw new Error('not connected')
      return { path, kind: 'error', error: connectionErrorPage() }
    }
    try {
      resolver = await import('./page-resolve.ts')
    } catch (error) {
      // As for a page chunk (lazy-page.ts): a prefetch fails quietly, a navigation reloads once
      // when that can help, or says the connection is lost.
      if (prefetch) throw error
      console.error(error)
      await recoverFromChunkError(error)
      return { path, kind: 'error', error: connectionState() === 'online' ? serverErrorPage() : connectionErrorPage() }
    }
  }
  return resolver.resolvePage(path, prefetch, { pages, user: getSession().session.user })
}

/** Bumped by retryPage: the page outlet reads it, so a retried page resolves again. */
const retries = externalValue(0)
export const useRetryGeneration = () => retries.useValue()

/** Asks again for a page that failed (Retry on a connection error). */
export function retryPage(path: string) {
  cache.delete(path)
  retries.set(retries.get() + 1)
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
