// Answers shared by replicas through Redis. The replica that runs an answer (the owner) keeps it in
// memory as before and also appends every chunk to a Redis stream; another replica replays that
// stream for a reload (XRANGE, then XREAD BLOCK for what comes next) and asks the owner to stop
// through pub/sub. The owner holds a lease per running answer and renews it; a lease that runs out
// means the owner died mid-answer: whichever replica notices first (a reader, a stop, a chat read
// or the periodic sweep) stores what the stream holds as the `partial` answer and ends the stream,
// so nothing the model wrote is lost and nobody waits forever.
//
// Keys (after the configured prefix):
//   answers:lease:{chatId}      messageId of the answer running in the chat; expires unless renewed
//   answers:running             hash chatId → messageId of every answer started and not yet ended
//   answers:chunks:{messageId}  stream of { c: chunk JSON } entries, then one { end: status }
//   answers:reap:{messageId}    lock: one replica settles a dead owner's answer
//   answers:stop                channel: chat ids whose answer should stop
import { hostname } from 'node:os'
import { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai'
import type { Redis } from 'ioredis'
import { SSE_DONE, sseFrame, type AnswerRuns } from '../answer-runs.ts'
import type { SharedState } from '../../../plugins/redis.ts'
import type { Answers } from './types.ts'

export interface AnswerStoreAccess {
  /** Stores `parts` (or, when null or empty, keeps what was saved) as the answer and marks it partial, unless it is no longer streaming; true when it was. */
  settleStreaming(messageId: string, parts: UIMessage['parts'] | null): Promise<boolean>
  /** Answers marked streaming in the database. */
  streamingMessages(): Promise<Array<{ id: string; chatId: string; createdAt: number }>>
}

interface Log {
  info(object: object, message: string): void
  warn(object: object, message: string): void
}

export interface RedisAnswersOptions {
  runs: AnswerRuns
  shared: SharedState
  store: AnswerStoreAccess
  log: Log
  /** A lease not renewed for this long means its owner is gone. */
  leaseMs?: number
  /** How often every replica looks for answers whose owner is gone. */
  sweepMs?: number
  /** How long a blocked reader waits before checking the owner's lease. */
  pollMs?: number
  /** How long a stop waits for the owner to store the partial answer. */
  stopTimeoutMs?: number
}

/** A stream is kept this long after its answer ended, for readers that are a little late. */
const ENDED_STREAM_TTL_MS = 60_000
/** While running, a stream outlives its lease by this much (a reaper still needs it). */
const RUNNING_STREAM_TTL_MS = 10 * 60_000
/** Database rows newer than this may belong to an answer whose lease is not written yet. */
const START_GRACE_MS = 10_000
export const INTERRUPTED_REASON = 'The server writing this answer stopped; what it had written is kept.'

const DELETE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`
const HDEL_IF_EQUAL = `if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`

interface Commands {
  delIfEqual(key: string, value: string): Promise<number>
  hdelIfEqual(key: string, field: string, value: string): Promise<number>
}

type Entry = { id: string; chunk?: UIMessageChunk; end?: string }

function parseEntries(raw: Array<[string, string[]]>): Entry[] {
  return raw.map(([id, fields]) => {
    const entry: Entry = { id }
    for (let i = 0; i < fields.length; i += 2) {
      if (fields[i] === 'c') entry.chunk = JSON.parse(fields[i + 1]!) as UIMessageChunk
      else if (fields[i] === 'end') entry.end = fields[i + 1]!
    }
    return entry
  })
}

/** The answer a list of chunks describes (what the browser would have shown). */
export async function partsFromChunks(chunks: UIMessageChunk[]): Promise<UIMessage['parts']> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream, onError: () => {} })) last = message
  return last?.parts ?? []
}

export function createRedisAnswers(options: RedisAnswersOptions): Answers {
  const { runs, shared, store, log } = options
  const leaseMs = options.leaseMs ?? 5_000
  const sweepMs = options.sweepMs ?? 3_000
  const pollMs = options.pollMs ?? 1_000
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000
  const { redis, prefix } = shared
  const replica = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const key = {
    lease: (chatId: string) => `${prefix}answers:lease:${chatId}`,
    running: `${prefix}answers:running`,
    chunks: (messageId: string) => `${prefix}answers:chunks:${messageId}`,
    reap: (messageId: string) => `${prefix}answers:reap:${messageId}`,
    stop: `${prefix}answers:stop`,
    approve: `${prefix}answers:approve`,
  }
  if (!('delIfEqual' in redis)) {
    redis.defineCommand('delIfEqual', { numberOfKeys: 1, lua: DELETE_IF_EQUAL })
    redis.defineCommand('hdelIfEqual', { numberOfKeys: 1, lua: HDEL_IF_EQUAL })
  }
  const commands = redis as unknown as Redis & Commands
  const failed = (what: string) => (error: unknown) => log.warn({ err: error }, `answers: redis ${what} failed`)

  // Stop requests and tool approvals from other replicas: only the owner has something to act on.
  const subscriber = shared.connect()
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === key.stop) {
      if (runs.get(message)) runs.stop(message)
      return
    }
    try {
      const { chatId, approvalId, approved, reason } = JSON.parse(message) as { chatId: string; approvalId: string; approved: boolean; reason?: string }
      runs.decide(chatId, approvalId, { approved: approved === true, ...(typeof reason === 'string' ? { reason } : {}) })
    } catch (error) {
      failed('approval message')(error)
    }
  })
  const subscribed = subscriber.subscribe(key.stop, key.approve).catch(failed('subscribe'))

  /** Opens a blocking reader on its own connection (a blocked XREAD holds its connection). */
  async function* read(messageId: string, chatId: string, isCancelled: () => boolean): AsyncGenerator<Entry> {
    const connection = shared.connect()
    let last = '0'
    let quietSince = Date.now()
    try {
      while (!isCancelled()) {
        const result = (await connection.xread('COUNT', 500, 'BLOCK', pollMs, 'STREAMS', key.chunks(messageId), last)) as Array<[string, Array<[string, string[]]>]> | null
        if (!result) {
          // Nothing new: is the owner still there?
          const owner = await redis.get(key.lease(chatId))
          if (owner !== messageId) {
            await reap(chatId, messageId)
            // Whoever reaps appends the end; if that replica died too, give up after a while.
            if (Date.now() - quietSince > Math.max(30_000, leaseMs * 4)) return
          }
          continue
        }
        quietSince = Date.now()
        for (const entry of parseEntries(result[0]![1])) {
          last = entry.id
          yield entry
          if (entry.end) return
        }
      }
    } finally {
      connection.disconnect()
    }
  }

  /** The answer's stream as SSE frames, from its first chunk; ends with the answer. */
  function replay(messageId: string, chatId: string): Readable {
    let cancelled = false
    async function* frames(): AsyncGenerator<string> {
      try {
        for await (const entry of read(messageId, chatId, () => cancelled)) {
          if (entry.end) break
          if (entry.chunk) yield sseFrame(entry.chunk)
        }
        yield SSE_DONE
      } finally {
        cancelled = true
      }
    }
    return Readable.from(frames(), { objectMode: false })
  }

  /** Settles an answer whose owner is gone: stores what its stream holds as interrupted and ends the stream. */
  async function reap(chatId: string, messageId: string): Promise<void> {
    const locked = await redis.set(key.reap(messageId), replica, 'PX', 30_000, 'NX')
    if (!locked) return
    const entries = parseEntries((await redis.xrange(key.chunks(messageId), '-', '+')) as Array<[string, string[]]>)
    if (!entries.some((entry) => entry.end)) {
      const chunks = entries.flatMap((entry) => (entry.chunk ? [entry.chunk] : []))
      const settled = await store.settleStreaming(messageId, await partsFromChunks(chunks))
      if (settled) log.warn({ chatId, messageId, chunks: chunks.length }, 'answers: the replica writing this answer is gone; stored what it wrote as interrupted')
      const abort: UIMessageChunk = { type: 'abort', reason: INTERRUPTED_REASON }
      await redis
        .multi()
        .xadd(key.chunks(messageId), '*', 'c', JSON.stringify(abort))
        .xadd(key.chunks(messageId), '*', 'end', 'partial')
        .pexpire(key.chunks(messageId), ENDED_STREAM_TTL_MS)
        .exec()
    }
    await commands.hdelIfEqual(key.running, chatId, messageId)
    await commands.delIfEqual(key.lease(chatId), messageId)
  }

  /** The answer running in `chatId` on another replica, or null (reaping it when its owner is gone). */
  async function remote(chatId: string): Promise<string | null> {
    const leased = await redis.get(key.lease(chatId))
    if (leased) return leased
    const orphan = await redis.hget(key.running, chatId)
    if (orphan) await reap(chatId, orphan)
    return null
  }

  async function sweep() {
    const running = await redis.hgetall(key.running)
    const remoteChats = Object.entries(running).filter(([chatId]) => !runs.get(chatId))
    if (remoteChats.length === 0) return
    const leases = await redis.mget(remoteChats.map(([chatId]) => key.lease(chatId)))
    for (const [index, [chatId, messageId]] of remoteChats.entries()) {
      if (leases[index] !== messageId) await reap(chatId, messageId)
    }
  }

  /** At start-up: answers marked streaming that no live replica holds (e.g. Redis was flushed). */
  async function settleOrphans() {
    const rows = await store.streamingMessages()
    const old = rows.filter((row) => row.createdAt < Date.now() - START_GRACE_MS)
    if (old.length === 0) return
    const leases = await redis.mget(old.map((row) => key.lease(row.chatId)))
    for (const [index, row] of old.entries()) if (leases[index] !== row.id) await reap(row.chatId, row.id)
  }

  let sweeping: Promise<void> = settleOrphans().catch(failed('start-up sweep'))
  const sweeper = setInterval(() => {
    sweeping = sweeping.then(sweep).catch(failed('sweep'))
  }, sweepMs)
  sweeper.unref()

  return {
    mode: 'redis',
    get size() {
      return runs.size
    },

    start(input) {
      const { chatId, messageId } = input
      const chunksKey = key.chunks(messageId)
      redis
        .multi()
        .set(key.lease(chatId), messageId, 'PX', leaseMs)
        .hset(key.running, chatId, messageId)
        .del(chunksKey)
        .exec()
        .catch(failed('start'))
      const renew = setInterval(() => {
        redis.multi().set(key.lease(chatId), messageId, 'PX', leaseMs).pexpire(chunksKey, RUNNING_STREAM_TTL_MS).exec().catch(failed('lease renewal'))
      }, Math.max(50, Math.floor(leaseMs / 3)))
      let status = 'complete'
      // A chunk goes to this replica's readers only once Redis has it: if this process dies
      // right after, nothing a browser saw is missing from what another replica replays and
      // stores. (Not waiting loses the last chunks: a killed process's socket is reset, and
      // what it had not sent yet is dropped.)
      async function* appendToStream(chunks: AsyncIterable<UIMessageChunk>): AsyncGenerator<UIMessageChunk> {
        for await (const chunk of chunks) {
          await redis.xadd(chunksKey, '*', 'c', JSON.stringify(chunk)).catch(failed('append'))
          if (chunk.type === 'abort') status = 'partial'
          else if (chunk.type === 'error') status = 'error'
          yield chunk
        }
      }
      const run = runs.start({
        ...input,
        produce: (signal) => appendToStream(input.produce(signal)),
        // The title comes from beside the answer: into the Redis stream too, in the order sent.
        alongside: input.alongside && ((signal, emit) => input.alongside!(signal, (chunk) => {
          redis.xadd(chunksKey, '*', 'c', JSON.stringify(chunk)).catch(failed('append'))
          emit(chunk)
        })),
        onSettled: async () => {
          try {
            await input.onSettled?.()
          } finally {
            clearInterval(renew)
            // The answer is stored: now readers elsewhere may end.
            await redis
              .multi()
              .xadd(chunksKey, '*', 'end', status)
              .pexpire(chunksKey, ENDED_STREAM_TTL_MS)
              .exec()
              .catch(failed('end'))
            await Promise.all([commands.hdelIfEqual(key.running, chatId, messageId), commands.delIfEqual(key.lease(chatId), messageId)]).catch(failed('release'))
          }
        },
      })
      return run
    },

    get: (chatId) => runs.get(chatId),

    async isRunning(chatId) {
      if (runs.get(chatId)) return true
      return (await remote(chatId)) !== null
    },

    async subscribe(chatId) {
      const local = runs.subscribe(chatId)
      if (local) return local
      const leased = await redis.get(key.lease(chatId))
      if (leased) return replay(leased, chatId)
      // The owner is gone but nobody settled the answer yet: settle it, then replay what it wrote.
      const orphan = await redis.hget(key.running, chatId)
      if (!orphan) return null
      await reap(chatId, orphan)
      return replay(orphan, chatId)
    },

    awaitApproval: (chatId, approvalId, signal) => runs.awaitApproval(chatId, approvalId, signal),

    async approve(chatId, approvalId, decision) {
      if (runs.decide(chatId, approvalId, decision)) return true
      if (!(await remote(chatId))) return false
      await redis.publish(key.approve, JSON.stringify({ chatId, approvalId, ...decision }))
      return true
    },

    async stop(chatId) {
      const local = runs.get(chatId)
      if (local) {
        runs.stop(chatId)
        await local.settled
        return true
      }
      const messageId = await remote(chatId)
      if (!messageId) return false
      await redis.publish(key.stop, chatId)
      // Resolve once the owner stored the partial answer (the end of its stream), or gave up.
      const deadline = Date.now() + stopTimeoutMs
      for await (const entry of read(messageId, chatId, () => Date.now() > deadline)) if (entry.end) break
      return true
    },

    async drain(timeoutMs) {
      clearInterval(sweeper)
      await runs.drain(timeoutMs)
      await sweeping
      await subscribed
      subscriber.disconnect()
    },
  }
}
