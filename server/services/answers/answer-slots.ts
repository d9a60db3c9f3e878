// How many answers one key (a client address) may have running at once, counted where every
// replica sees it. In memory for one process; in Redis a sorted set per key whose members are the
// running answers, each scored with the time its claim runs out. The process holding a slot renews
// it while the answer runs, so a replica that dies mid-answer frees its slots within the claim
// time instead of holding them forever.
import type { Redis } from 'ioredis'

export interface AnswerSlots {
  /** Takes one of the key's `max` slots for `holder` (an answer id); false when all are taken. */
  acquire(key: string, holder: string): Promise<boolean>
  /** Gives the slot back (also when it was never taken). */
  release(key: string, holder: string): Promise<void>
  /** Stops renewing (shutdown). */
  close(): void
}

export function createMemoryAnswerSlots(max: number): AnswerSlots {
  const held = new Map<string, Set<string>>()
  return {
    async acquire(key, holder) {
      let holders = held.get(key)
      if (!holders) held.set(key, (holders = new Set()))
      if (holders.size >= max && !holders.has(holder)) return false
      holders.add(holder)
      return true
    },
    async release(key, holder) {
      const holders = held.get(key)
      if (!holders) return
      holders.delete(holder)
      if (holders.size === 0) held.delete(key)
    },
    close() {},
  }
}

// KEYS[1]: the key's set. ARGV: max, claim ms, holder. Expired claims are dropped first.
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[3]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`
// Renews the claims this process holds (KEYS: sets, ARGV: claim ms, then one holder per key).
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', key, tonumber(ARGV[1]))
end
return 0
`

interface SlotCommands {
  answerSlotAcquire(key: string, max: number, claimMs: number, holder: string): Promise<number>
  answerSlotRenew(...args: Array<string | number>): Promise<number>
}

export function createRedisAnswerSlots(
  redis: Redis,
  keyPrefix: string,
  options: { max: number; claimMs?: number; onError?: (error: unknown) => void },
): AnswerSlots {
  const claimMs = options.claimMs ?? 30_000
  if (!('answerSlotAcquire' in redis)) {
    redis.defineCommand('answerSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT })
    redis.defineCommand('answerSlotRenew', { lua: RENEW_SCRIPT })
  }
  const commands = redis as unknown as Redis & SlotCommands
  /** holder → its set's key, for the renewals. */
  const held = new Map<string, string>()
  const renewer = setInterval(() => {
    if (held.size === 0) return
    const keys = [...held.values()]
    commands.answerSlotRenew(keys.length, ...keys, claimMs, ...held.keys()).catch((error) => options.onError?.(error))
  }, Math.max(50, Math.floor(claimMs / 3)))
  renewer.unref()
  return {
    async acquire(key, holder) {
      const taken = (await commands.answerSlotAcquire(keyPrefix + key, options.max, claimMs, holder)) === 1
      if (taken) held.set(holder, keyPrefix + key)
      return taken
    },
    async release(key, holder) {
      held.delete(holder)
      await redis.zrem(keyPrefix + key, holder)
    },
    close() {
      clearInterval(renewer)
    },
  }
}
