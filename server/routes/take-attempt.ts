// One attempt against a sliding-window counter, or the route's answer when there is none left:
// 429 with Retry-After and a message that says when to try again. Shared by the chat limits and
// the icon route, so every such refusal looks alike.
import type { FastifyReply } from 'fastify'
import { AppError } from '../../shared/errors.ts'
import type { AttemptCounter } from '../services/auth/attempt-counter.ts'

export async function takeAttempt(counter: AttemptCounter, key: string, reply: FastifyReply, code: string, message: (seconds: number) => string): Promise<void> {
  const waitMs = await counter.take(key)
  if (waitMs === 0) return
  const seconds = Math.ceil(waitMs / 1000)
  reply.header('retry-after', String(seconds))
  throw new AppError(429, code, message(seconds))
}
