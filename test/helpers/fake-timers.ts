// Deterministic timers for pure modules that take theirs injected (setTimeout/clearTimeout/now).
export interface FakeTimers {
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(handle: unknown): void
  now(): number
  /** Moves time forward, running every timer due on the way, in order. */
  advance(ms: number): void
  /** Timers still scheduled. */
  pending(): number
}

export function createFakeTimers(start = 0): FakeTimers {
  let now = start
  let nextId = 1
  const timers = new Map<number, { at: number; callback: () => void }>()
  return {
    setTimeout(callback, ms) {
      const id = nextId++
      timers.set(id, { at: now + Math.max(0, ms), callback })
      return id
    },
    clearTimeout(handle) {
      timers.delete(handle as number)
    },
    now: () => now,
    advance(ms) {
      const target = now + ms
      for (;;) {
        let due: [number, { at: number; callback: () => void }] | undefined
        for (const entry of timers) if (entry[1].at <= target && (!due || entry[1].at < due[1].at)) due = entry
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].callback()
      }
      now = target
    },
    pending: () => timers.size,
  }
}
