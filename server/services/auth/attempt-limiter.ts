// Counts failed attempts per key (an account) in a sliding window; in memory, per process.
// Shared across replicas: attempt-counter.ts (Redis).

export interface AttemptLimiter {
  /** Milliseconds until another attempt is allowed; 0 when allowed now. */
  retryAfterMs(key: string): number
  recordFailure(key: string): void
  reset(key: string): void
  /** Failures in the window now. */
  count(key: string): number
}

export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number; maxKeys?: number }): AttemptLimiter {
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 100_000
  const failures = new Map<string, number[]>()

  function recent(key: string): number[] {
    const cutoff = now() - options.windowMs
    const list = (failures.get(key) ?? []).filter((at) => at > cutoff)
    if (list.length) failures.set(key, list)
    else failures.delete(key)
    return list
  }

  return {
    retryAfterMs(key) {
      const list = recent(key)
      if (list.length < options.max) return 0
      return Math.max(1, list[list.length - options.max]! + options.windowMs - now())
    },
    recordFailure(key) {
      const list = recent(key)
      list.push(now())
      failures.set(key, list)
      // Bound memory under a flood of distinct keys: forget the oldest.
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value!)
    },
    reset(key) {
      failures.delete(key)
    },
    count(key) {
      return recent(key).length
    },
  }
}
