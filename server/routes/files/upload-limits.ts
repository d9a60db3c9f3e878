// What one visitor and one client address may upload, on top of the per-owner byte quota: uploads
// per address per minute (a visitor without a cookie is a new owner on every request, so the address
// is what bounds a script), bytes per hour for visitors who have not signed in (per address, and all
// of them together), and files per owner (not yet sent, and in all: a day of one-byte uploads is
// still thousands of rows and files).
// Counted in Redis when replicas share one, like the chat limits.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../../shared/errors.ts'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { createMemoryByteBudget, createRedisByteBudget } from '../../services/files/byte-budget.ts'
import { takeAttempt } from '../take-attempt.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export function uploadLimits(app: FastifyInstance) {
  const { maxBytes, maxUnsentFiles, maxFilesPerOwner, ipPerMinute, ipAnonymousBytesPerHour, anonymousBytesPerHour } = app.files.limits
  const perIp = app.attemptCounter('upload-ip', { max: ipPerMinute, windowMs: MINUTE })
  const budget = (name: string, maxBytes: number) =>
    app.shared ? createRedisByteBudget(app.shared.redis, `${app.shared.prefix}budget:${name}:`, { maxBytes, windowMs: HOUR }) : createMemoryByteBudget({ maxBytes, windowMs: HOUR })
  const anonymousBytesPerIp = budget('upload-bytes-ip', ipAnonymousBytesPerHour)
  // Every address together: many addresses (a botnet, a cloud's range) each within its own budget
  // still cannot fill the disk with uploads nobody signed in for.
  const anonymousBytesInAll = budget('upload-bytes-anonymous', anonymousBytesPerHour)
  const ALL = 'all'
  const refuseBytes = (reply: FastifyReply, waitMs: number, message: (seconds: number) => string): never => {
    const seconds = Math.ceil(waitMs / 1000)
    reply.header('retry-after', String(seconds))
    throw new AppError(429, 'UPLOAD_BYTES_LIMITED', message(seconds))
  }
  // Uploads of an owner on their way in (in this process), until their row exists or they fail.
  const pending = new Map<string, number>()
  const addPending = (ownerId: string, count: number) => {
    const total = (pending.get(ownerId) ?? 0) + count
    if (total > 0) pending.set(ownerId, total)
    else pending.delete(ownerId)
  }

  return {
    /** Before an upload's body is read: refuses it (429, 413) or lets it in; `settle` once it ends, with the bytes it brought. */
    async admit(request: FastifyRequest, reply: FastifyReply, ownerId: string, signedIn: boolean): Promise<{ settle(receivedBytes: number): Promise<void> }> {
      const ip = request.ip
      await takeAttempt(perIp, ip, reply, 'RATE_LIMITED', (s) => `Too many uploads from your network. Try again in ${s} seconds.`)
      const counts = await app.files.store.countsOf(ownerId)
      const coming = pending.get(ownerId) ?? 0
      if (counts.unsent + coming >= maxUnsentFiles) {
        throw new AppError(413, 'TOO_MANY_UNSENT_FILES', `You have ${counts.unsent + coming} uploads not sent with a message; the limit is ${maxUnsentFiles}. Send them, or remove some, first.`)
      }
      if (counts.total + coming >= maxFilesPerOwner) {
        throw new AppError(413, 'TOO_MANY_FILES', `You have ${counts.total + coming} files; the limit is ${maxFilesPerOwner}. Delete chats with files you no longer need.`)
      }
      // Reserved before the body comes (its declared length, else the largest a file may be), so
      // uploads started together cannot all pass; settled to what came.
      let reserved = 0
      if (!signedIn) {
        const declared = Number(request.headers['content-length'])
        reserved = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, maxBytes) : maxBytes
        const waitMs = await anonymousBytesPerIp.reserve(ip, reserved)
        if (waitMs > 0) {
          refuseBytes(reply, waitMs, (seconds) => `Uploads from your network by visitors who have not signed in reached the limit of ${formatBytes(ipAnonymousBytesPerHour)} an hour. Sign in, or try again in ${seconds} seconds.`)
        }
        const waitAllMs = await anonymousBytesInAll.reserve(ALL, reserved)
        if (waitAllMs > 0) {
          await anonymousBytesPerIp.adjust(ip, -reserved)
          refuseBytes(reply, waitAllMs, (seconds) => `Uploads by visitors who have not signed in reached this server's limit of ${formatBytes(anonymousBytesPerHour)} an hour. Sign in, or try again in ${seconds} seconds.`)
        }
      }
      addPending(ownerId, 1)
      return {
        async settle(receivedBytes) {
          addPending(ownerId, -1)
          if (reserved > 0) {
            const delta = Math.min(receivedBytes, maxBytes) - reserved
            await Promise.all([anonymousBytesPerIp.adjust(ip, delta), anonymousBytesInAll.adjust(ALL, delta)])
          }
        },
      }
    },
  }
}
