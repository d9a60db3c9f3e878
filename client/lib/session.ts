// Session store (docs/product-contract.md): `GET /api/_auth/session` with no retry; any failure (network,
// 5xx, something other than a session object) reads as "no session" and never reaches callers.
// Signed in means the session holds a user.
import { useContext, useSyncExternalStore } from 'react'
import { InitialStateContext } from './page-context.ts'
import { SESSION_API_PATH } from '../../shared/constants.ts'
import type { Session } from '../../shared/session.ts'
import type { HttpClient } from './http.ts'

export interface SessionState {
  session: Session
  loggedIn: boolean
}

export interface SessionStore {
  getState(): SessionState
  /** Sets the state the server rendered with (before hydration), without a request. */
  seed(session: Session): void
  subscribe(listener: () => void): () => void
  /** Asks the server again; resolves to the new state, never rejects. */
  refresh(): Promise<SessionState>
  /**
   * Hook point for the sign-in popup (docs/product-contract.md): refresh when another window changes `key` in
   * localStorage (the popup clears its flag when it is done). Returns the cleanup.
   */
  refreshOnStorage(key: string, target: StorageEventTarget): () => void
}

export type StorageEventTarget = {
  addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void
  removeEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void
}

const ANONYMOUS: SessionState = Object.freeze({ session: Object.freeze({}), loggedIn: false })

function toSession(body: unknown): Session {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {}
  const { user, loggedInAt } = body as Record<string, unknown>
  if (user === undefined) return {}
  if (typeof user !== 'object' || user === null || typeof (user as { id?: unknown }).id !== 'string') return {}
  return { user: user as Session['user'], ...(typeof loggedInAt === 'number' ? { loggedInAt } : {}) }
}

/** The HTTP client, loaded with the first request: a first paint needs none (the session is seeded). */
function lazyHttp(deps: { http?: HttpClient; fetch?: typeof fetch }): () => Promise<HttpClient> {
  let client: Promise<HttpClient> | undefined
  return () =>
    (client ??= deps.http
      ? Promise.resolve(deps.http)
      : import('./http.ts').then((module) => module.createHttpClient(deps.fetch ? { fetch: deps.fetch } : {})))
}

export function createSessionStore(deps: { http?: HttpClient; fetch?: typeof fetch } = {}): SessionStore {
  const client = lazyHttp(deps)
  const listeners = new Set<() => void>()
  let state = ANONYMOUS
  // Only the latest refresh may set the state (a slow old answer must not overwrite a newer one).
  let latest = 0

  function set(session: Session) {
    const loggedIn = Boolean(session.user)
    if (!loggedIn && !state.loggedIn && Object.keys(state.session).length === 0) return
    state = loggedIn ? { session, loggedIn } : ANONYMOUS
    for (const listener of listeners) listener()
  }

  const store: SessionStore = {
    getState: () => state,
    seed: (session) => set(toSession(session)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async refresh() {
      const ticket = ++latest
      let session: Session = {}
      try {
        session = toSession(await (await client()).get(SESSION_API_PATH, { retry: 0, headers: { accept: 'application/json' } }))
      } catch (error) {
        // A session fetch failure is swallowed and means "no session" (docs/product-contract.md).
        console.warn('[session] could not read the session; continuing signed out', error)
      }
      if (ticket === latest) set(session)
      return state
    },
    refreshOnStorage(key, target) {
      const onStorage = (event: { key: string | null }) => {
        if (event.key === key) void store.refresh()
      }
      target.addEventListener('storage', onStorage)
      return () => target.removeEventListener('storage', onStorage)
    },
  }
  return store
}

const store = createSessionStore()

export const refreshSession: () => Promise<SessionState> = store.refresh

export const seedSession: (session: Session) => void = store.seed
/** The current session outside React (route middleware on the client). */
export const getSession: () => SessionState = store.getState

/**
 * The session and whether a user is signed in. The server renders with the session it resolved
 * (PageState.session) and the browser store is seeded with the same before hydrating, so the first
 * paint already shows who is signed in and hydration matches.
 */
export function useSession(): SessionState {
  const initial = useContext(InitialStateContext)
  const fromServer = typeof window === 'undefined' ? toState(toSession(initial?.session ?? {})) : undefined
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return fromServer ?? state
}

function toState(session: Session): SessionState {
  return session.user ? { session, loggedIn: true } : ANONYMOUS
}

/** See SessionStore.refreshOnStorage: the sign-in popup's way to tell this window it is done. */
export function refreshSessionOnStorage(key: string): () => void {
  return store.refreshOnStorage(key, window)
}
