// A caller's abort signal with a time limit added, for work that gives up after a while (a tool
// run, a tool call waiting for approval, a chat's title).
//
// Not AbortSignal.timeout(): its timer does not keep the process alive (a lone tool call waiting on
// it could end the process instead of timing out), and it runs for the whole time even when the
// work is long done, keeping the signals joined to it, and their listeners, in memory (every new
// chat's title held its own for 15 seconds).

export interface Deadline {
  /** Aborts when the caller's signal does, or with the deadline's reason once the time is up. */
  signal: AbortSignal
  /** Whether the time ran out. */
  readonly passed: boolean
  /** Stops the timer: call it once the work has settled. */
  clear(): void
}

/** `reason` is made only if the time runs out (no error, and no stack, for work that finishes). */
export function deadline(signal: AbortSignal, ms: number, reason: () => unknown): Deadline {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(reason()), ms)
  return {
    signal: AbortSignal.any([signal, timeout.signal]),
    get passed() {
      return timeout.signal.aborted
    },
    clear: () => clearTimeout(timer),
  }
}
