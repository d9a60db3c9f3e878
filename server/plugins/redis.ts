// Shared state for replicas (docs/decisions/0001-sqlite-and-disk-by-default.md). With REDIS_URL
// set, rate limits and running answers live in Redis, so any replica can serve any request; without
// it they live in this process, which is right for exactly one process — and start-up says so, once.
// Sessions need neither: the sealed cookie travels with the browser and revocation is a row in
// the database every replica reads.
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import type { AppConfig } from '../../fastify.config.ts'
import { createMemoryAttemptCounter, createRedisAttemptCounter, type AttemptCounter, type WindowOptions } from '../services/auth/attempt-counter.ts'
import { createMemoryAnswerSlots, createRedisAnswerSlots, type AnswerSlots } from '../services/answers/answer-slots.ts'

export interface SharedState {
  /** Commands (never blocked: blocking reads use their own connection). */
  redis: Redis
  /** Every key and channel starts with this. */
  prefix: string
  /** A new connection with the same settings (for subscriptions and blocking reads); the caller closes it. */
  connect(): Redis
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null: state is kept in this process (single replica). */
    shared: SharedState | null
    /** A sliding-window attempt counter named `name`: in Redis when shared, else in this process. */
    attemptCounter(name: string, options: WindowOptions): AttemptCounter
    /** At most `max` things running at once per key (answers per client address): in Redis when shared. */
    answerSlots(name: string, max: number): AnswerSlots
  }
}

/** The Redis client class, loaded only when REDIS_URL is set (a single process never needs it). */
export async function loadRedis(): Promise<typeof Redis> {
  return (await import('ioredis')).Redis
}

export function createRedis(RedisClient: typeof Redis, url: string): Redis {
  // lazyConnect: a wrong URL fails start-up below with a clear message instead of retrying forever
  // in the background before the first command.
  return new RedisClient(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true })
}

export default fp(
  async function redis(app, options: { config: AppConfig }) {
    const { config } = options
    if (!config.redis) {
      app.decorate('shared', null)
      app.decorate('attemptCounter', (_name: string, windowOptions: WindowOptions) => createMemoryAttemptCounter(windowOptions))
      app.decorate('answerSlots', (_name: string, max: number) => createMemoryAnswerSlots(max))
      app.log.info('redis: REDIS_URL is not set; rate limits and running answers are kept in this process (run one replica, or set REDIS_URL)')
      return
    }
    const { url, keyPrefix } = config.redis
    const RedisClient = await loadRedis()
    const connections = new Set<Redis>()
    const open = () => {
      const client = createRedis(RedisClient, url)
      // Without a listener a lost connection would crash the process; ioredis reconnects by itself.
      client.on('error', (error) => app.log.warn({ err: error }, 'redis: connection error'))
      connections.add(client)
      client.once('end', () => connections.delete(client))
      return client
    }
    const client = open()
    const where = safeOrigin(url)
    try {
      await client.connect()
      await client.ping()
    } catch (error) {
      client.disconnect()
      throw new Error(`redis: cannot reach ${where}: ${(error as Error).message}`, { cause: error })
    }
    app.decorate('shared', { redis: client, prefix: keyPrefix, connect: open })
    app.decorate('attemptCounter', (name: string, windowOptions: WindowOptions) =>
      createRedisAttemptCounter(client, `${keyPrefix}attempts:${name}:`, windowOptions),
    )
    const slots: AnswerSlots[] = []
    app.decorate('answerSlots', (name: string, max: number) => {
      const created = createRedisAnswerSlots(client, `${keyPrefix}slots:${name}:`, { max, onError: (error) => app.log.warn({ err: error }, 'redis: renewing answer slots failed') })
      slots.push(created)
      return created
    })
    app.log.info({ redis: where, prefix: keyPrefix }, 'redis: rate limits and running answers are shared with other replicas through Redis')
    app.readinessChecks.set('redis', async () => {
      await client.ping()
      return 'reachable'
    })
    app.addHook('onClose', async () => {
      for (const created of slots) created.close()
      for (const connection of connections) connection.disconnect()
    })
  },
  { name: 'redis' },
)

/** The URL without its password, for logs. */
function safeOrigin(url: string): string {
  const parsed = new URL(url)
  parsed.password = ''
  parsed.username = ''
  return parsed.toString()
}
