// Attempts per key in a sliding window, counted where every replica sees them (sign-in
// and send limits). In memory for one process (createAttemptLimiter), or in Redis sorted sets so
// that three replicas allow what one would: one member per attempt, scored by Redis's own clock.
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { createAttemptLimiter } from './attempt-limiter.ts'

export interface AttemptCounter {
  /** Milliseconds until another attempt is allowed; 0 when allowed now. */
  retryAfterMs(key: string): Promise<number>
  record(key: string): Promise<void>
  reset(key: string): Promise<void>
  /** Atomically: when allowed, counts the attempt and resolves 0; otherwise the wait in ms (not counted). */
  take(key: string): Promise<number>
  /** Attempts in the window now. */
  count(key: string): Promise<number>
}

export interface WindowOptions {
  max: number
  windowMs: number
}

export function createMemoryAttemptCounter(options: WindowOptions): AttemptCounter {
  const limiter = createAttemptLimiter(options)
  return {
    async retryAfterMs(key) {
      return limiter.retryAfterMs(key)
    },
    async record(key) {
      limiter.recordFailure(key)
    },
    async reset(key) {
      limiter.reset(key)
    },
    async take(key) {
      const waitMs = limiter.retryAfterMs(key)
      if (waitMs === 0) limiter.recordFailure(key)
      return waitMs
    },
    async count(key) {
      return limiter.count(key)
    },
  }
}

// One script for every operation, so "look and count" is atomic across replicas.
// ARGV: mode (take | peek | add | count), window ms, max, member.
const WINDOW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if ARGV[1] == 'count' then return count end
if ARGV[1] == 'add' or (ARGV[1] == 'take' and count < max) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
if count < max then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`

type WindowCommand = (key: string, mode: 'take' | 'peek' | 'add' | 'count', windowMs: number, max: number, member: string) => Promise<number>

export function createRedisAttemptCounter(redis: Redis, keyPrefix: string, options: WindowOptions): AttemptCounter {
  if (!('attemptWindow' in redis)) redis.defineCommand('attemptWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT })
  const command = (redis as unknown as { attemptWindow: WindowCommand }).attemptWindow.bind(redis)
  const run = (key: string, mode: 'take' | 'peek' | 'add' | 'count') => command(keyPrefix + key, mode, options.windowMs, options.max, randomUUID())
  return {
    retryAfterMs: (key) => run(key, 'peek'),
    async record(key) {
      await run(key, 'add')
    },
    async reset(key) {
      await redis.del(keyPrefix + key)
    },
    take: (key) => run(key, 'take'),
    count: (key) => run(key, 'count'),
  }
}
