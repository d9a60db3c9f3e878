// Bytes one key (a client address) may send in a window: uploads from visitors without an account,
// whose per-owner quota a script escapes by dropping its cookie. An upload reserves what it may
// bring before its body is read (so forty at once cannot all pass a check made before any of them
// has arrived) and settles to what it brought once it ends. A fixed window per key: in this process,
// or in Redis (one counter with its expiry, changed by one script) so that replicas share it.
import type { Redis } from 'ioredis'

export interface ByteBudget {
  /** Reserves `bytes` for `key`: 0 when they fit in what is left of the window, else ms until it restarts (nothing reserved). */
  reserve(key: string, bytes: number): Promise<number>
  /** Changes what `key` has used by `delta` bytes (a reservation settled to what really came). */
  adjust(key: string, delta: number): Promise<void>
}

export interface BudgetOptions {
  maxBytes: number
  windowMs: number
}

export function createMemoryByteBudget({ maxBytes, windowMs }: BudgetOptions, now: () => number = Date.now): ByteBudget {
  const used = new Map<string, { bytes: number; endsAt: number }>()
  let sweptAt = now()
  const current = (key: string) => {
    const entry = used.get(key)
    if (entry && entry.endsAt > now()) return entry
    // Ended windows are dropped once a window: the map holds only keys seen lately.
    if (now() - sweptAt >= windowMs) {
      sweptAt = now()
      for (const [other, { endsAt }] of used) if (endsAt <= sweptAt) used.delete(other)
    }
    const fresh = { bytes: 0, endsAt: now() + windowMs }
    used.set(key, fresh)
    return fresh
  }
  return {
    async reserve(key, bytes) {
      const entry = current(key)
      if (entry.bytes + bytes > maxBytes) return Math.max(1, entry.endsAt - now())
      entry.bytes += bytes
      return 0
    },
    async adjust(key, delta) {
      const entry = used.get(key)
      if (entry && entry.endsAt > now()) entry.bytes = Math.max(0, entry.bytes + delta)
    },
  }
}

// KEYS[1]: the counter. ARGV: mode (reserve | adjust), bytes, max, window ms.
const BUDGET_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local bytes = tonumber(ARGV[2])
if ARGV[1] == 'reserve' then
  if used + bytes > tonumber(ARGV[3]) then return math.max(1, redis.call('PTTL', KEYS[1])) end
  redis.call('INCRBY', KEYS[1], bytes)
  if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
  return 0
end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('SET', KEYS[1], math.max(0, used + bytes), 'KEEPTTL') end
return 0
`

type BudgetCommand = (key: string, mode: 'reserve' | 'adjust', bytes: number, max: number, windowMs: number) => Promise<number>

export function createRedisByteBudget(redis: Redis, keyPrefix: string, { maxBytes, windowMs }: BudgetOptions): ByteBudget {
  if (!('byteBudget' in redis)) redis.defineCommand('byteBudget', { numberOfKeys: 1, lua: BUDGET_SCRIPT })
  const command = (redis as unknown as { byteBudget: BudgetCommand }).byteBudget.bind(redis)
  return {
    reserve: (key, bytes) => command(keyPrefix + key, 'reserve', bytes, maxBytes, windowMs),
    async adjust(key, delta) {
      if (delta !== 0) await command(keyPrefix + key, 'adjust', delta, maxBytes, windowMs)
    },
  }
}
