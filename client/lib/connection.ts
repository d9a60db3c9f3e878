// What the page knows of its connection: is the browser offline, and does our server answer? Part
// of the first load (it decides whether a failed chunk may reload the page), so it stays small.
//
// 'offline': the browser says so (navigator.onLine, the offline event).
// 'unreachable': the browser is online but the server did not answer (a crash, a restart, a proxy
// with no app behind it). Probed with growing pauses until it answers again.
import type { PageError } from '../../shared/error-page.ts'
import { externalValue } from './external-value.ts'

export type ConnectionState = 'online' | 'offline' | 'unreachable'

const state = externalValue<ConnectionState>('online')
/** Pauses between probes of a server that did not answer: quick at first, then every 10 s. */
const PROBE_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 10_000]
const PROBE_TIMEOUT_MS = 5000
let probing = false
let watching = false
const waiters: Array<() => void> = []

function set(next: ConnectionState) {
  if (state.get() === next) return
  state.set(next)
  if (next === 'online') for (const resolve of waiters.splice(0)) resolve()
}

/** Listens to the browser's online and offline events (once, after mounting). */
export function watchConnection(): void {
  if (watching || typeof window === 'undefined') return
  watching = true
  if (!navigator.onLine) set('offline')
  window.addEventListener('offline', () => set('offline'))
  // Online again: the server still has to answer before anything is retried.
  window.addEventListener('online', () => void probeUntilAnswered())
}

/**
 * Only a browser that says it is offline counts as offline: Node 21+ has a global navigator too,
 * without onLine (the server render on the Docker image's Node 24 waited for a connection forever).
 */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false
}

export function connectionState(): ConnectionState {
  if (browserOffline()) return 'offline'
  return state.get()
}

export function useConnectionState(): ConnectionState {
  return state.useValue()
}

/** Resolves at once when connected, else once the browser is online and the server answers. */
export function whenConnected(): Promise<void> {
  if (connectionState() === 'online') {
    if (state.get() !== 'online') set('online')
    return Promise.resolve()
  }
  if (browserOffline()) set('offline')
  else void probeUntilAnswered()
  return new Promise((resolve) => waiters.push(resolve))
}

/**
 * A request failed without an answer (a network error): the browser is offline, or the server is
 * down. Either way the page says so, and the server is probed until it answers.
 */
export function reportConnectionLost(): void {
  if (!navigator.onLine) return set('offline')
  set('unreachable')
  void probeUntilAnswered()
}

/** Thrown instead of loading code while the page is not connected (a failed import would stick). */
export class ConnectionError extends Error {
  override name = 'ConnectionError'
  constructor() {
    super(navigator.onLine ? 'The server is not answering' : 'You are offline')
  }
}

async function probe(url: string, method: 'GET' | 'HEAD'): Promise<Response | null> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS)
  try {
    return await fetch(url, { method, cache: 'no-store', credentials: 'same-origin', signal: controller.signal })
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

/** Does the server answer at `url` (any HTTP status counts: it is there)? Never throws. */
export async function serverAnswers(url = '/healthz'): Promise<boolean> {
  if (!navigator.onLine) return false
  return (await probe(url, 'HEAD')) !== null
}

async function probeUntilAnswered(): Promise<void> {
  if (probing) return
  probing = true
  try {
    for (let attempt = 0; ; attempt++) {
      if (!navigator.onLine) {
        // The online event starts probing again.
        set('offline')
        return
      }
      const response = await probe('/healthz', 'GET')
      // A proxy answering for a stopped app says 502/503: not back yet.
      if (response?.ok) {
        set('online')
        return
      }
      if (state.get() === 'online' || state.get() === 'offline') set('unreachable')
      await new Promise((resolve) => setTimeout(resolve, PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]))
    }
  } finally {
    probing = false
  }
}

/** A page that could not be loaded for want of a connection: shown with Retry (statusCode 0: no answer). */
export function connectionErrorPage(): PageError {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  return {
    statusCode: 0,
    statusMessage: offline ? 'You are offline' : 'The server is not answering',
    message: `This page loads as soon as ${offline ? 'you are back online' : 'the server answers again'}.`,
    fatal: false,
  }
}

export function isConnectionErrorPage(error: PageError): boolean {
  return error.statusCode === 0
}
