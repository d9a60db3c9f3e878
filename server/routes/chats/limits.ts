// What one visitor may cost: chats started and messages sent per minute, per owner and
// per client address (a visitor without a cookie is a new owner on every request, so the address is
// what bounds a script), answers written at once per address, and the bytes an anonymous visitor's
// chats may hold. Counted in Redis when replicas share one, so three replicas allow what one would.
// The client address is the socket's, or what the proxy named in TRUST_PROXY reports.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../../shared/errors.ts'
import { takeAttempt } from '../take-attempt.ts'

const MINUTE = 60_000

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Refuses (403) what would take an anonymous visitor's chats over their storage budget (messages, artifacts). */
export function anonymousStorage(app: FastifyInstance) {
  const { limits } = app.config
  return async function storage(request: FastifyRequest, ownerId: string, addingBytes: number) {
    if (await request.getUser()) return
    const stored = await app.chats.storedBytes(ownerId)
    if (stored + addingBytes <= limits.anonymousStorageBytes) return
    throw new AppError(
      403,
      'STORAGE_FULL',
      `Your chats hold ${formatSize(stored)}; with this they would pass the ${formatSize(limits.anonymousStorageBytes)} a visitor who has not signed in can keep. Sign in, or delete some chats, to go on.`,
    )
  }
}

export function visitorLimits(app: FastifyInstance) {
  const { limits, sendRateLimitPerMinute } = app.config
  const createPerOwner = app.attemptCounter('create', { max: limits.chatCreatePerMinute, windowMs: MINUTE })
  const createPerIp = app.attemptCounter('create-ip', { max: limits.ipChatCreatePerMinute, windowMs: MINUTE })
  const sendPerOwner = app.attemptCounter('send', { max: sendRateLimitPerMinute, windowMs: MINUTE })
  const sendPerIp = app.attemptCounter('send-ip', { max: limits.ipSendPerMinute, windowMs: MINUTE })
  const answersPerIp = app.answerSlots('answers-ip', limits.ipConcurrentAnswers)
  const storage = anonymousStorage(app)

  return {
    /** Before a chat is started with a first message of `bytes`. */
    async beforeCreate(request: FastifyRequest, reply: FastifyReply, ownerId: string, bytes: number) {
      await takeAttempt(createPerIp, request.ip, reply, 'RATE_LIMITED', (s) => `Too many new chats from your network. Try again in ${s} seconds.`)
      await takeAttempt(createPerOwner, ownerId, reply, 'RATE_LIMITED', (s) => `You are starting chats too quickly. Try again in ${s} seconds.`)
      await storage(request, ownerId, bytes)
    },

    /** Before an answer is asked for; `bytes` of a new question that will be stored with it. */
    async beforeSend(request: FastifyRequest, reply: FastifyReply, ownerId: string, bytes: number) {
      await takeAttempt(sendPerIp, request.ip, reply, 'RATE_LIMITED', (s) => `Too many messages from your network. Try again in ${s} seconds.`)
      await takeAttempt(sendPerOwner, ownerId, reply, 'RATE_LIMITED', (s) => `You are sending messages too quickly. Try again in ${s} seconds.`)
      await app.quotas.check(request, reply, ownerId)
      if (bytes > 0) await storage(request, ownerId, bytes)
    },

    /** One of the address's concurrent answers, for `answerId`; returns its release. */
    async answerSlot(request: FastifyRequest, reply: FastifyReply, answerId: string): Promise<() => Promise<void>> {
      const ip = request.ip
      if (!(await answersPerIp.acquire(ip, answerId))) {
        reply.header('retry-after', '5')
        throw new AppError(
          429,
          'TOO_MANY_ANSWERS',
          `${limits.ipConcurrentAnswers} answers are already being written for your network. Wait for one to finish, then try again.`,
        )
      }
      return () => answersPerIp.release(ip, answerId)
    },
  }
}

export type VisitorLimits = ReturnType<typeof visitorLimits>

/** Bytes a message's parts take once stored (JSON). */
export function storedSize(parts: unknown[]): number {
  return Buffer.byteLength(JSON.stringify(parts))
}
