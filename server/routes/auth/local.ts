// Local accounts: email + password, scrypt, generic errors that do not reveal whether
// an email is registered, the most common passwords refused at sign-up, rate limits with a clear
// 429. Failed sign-ins are counted per account *and client address*: someone elsewhere who types
// wrong passwords for your email locks out only themselves, never you. Every failure for an
// account, from anywhere, makes the next failure's answer slower (up to a few seconds), which is
// what slows down a guesser spread over many addresses.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../services/auth/passwords.ts'
import { weakPasswordReason } from '../../services/auth/common-passwords.ts'
import { ACCOUNT_DISABLED_MESSAGE, AccessRefusedError } from '../../services/auth/access-policy.ts'
import { sessionPayload } from './index.ts'

// Surrounding spaces are allowed (trimmed before use): people paste addresses. No NUL: PostgreSQL
// text cannot hold it.
const EMAIL_PATTERN = '^\\s*[^\\s@\\u0000]+@[^\\s@\\u0000]+\\.[^\\s@\\u0000]+\\s*$'
const Credentials = Type.Object(
  {
    email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
)
const SignUp = Type.Object(
  {
    email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
    name: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\u0000]*$' })),
  },
  { additionalProperties: false },
)
const SessionReply = Type.Object({ user: Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: true }), loggedInAt: Type.Number() })

const INVALID_CREDENTIALS = 'Invalid email or password.'
const WINDOW_MS = 15 * 60_000
/** A failed sign-in answers after this, doubled for each earlier failure on the account (capped). */
const FAILURE_DELAY_MS = 50
const MAX_FAILURE_DELAY_MS = 2_000

/** The wait before answering the `failures`-th failed sign-in of an account in the window. */
export function failureDelayMs(failures: number): number {
  return Math.min(MAX_FAILURE_DELAY_MS, FAILURE_DELAY_MS * 2 ** Math.max(0, failures - 1))
}

export default async function localAuthRoutes(app: FastifyInstance) {
  if (!app.config.auth.local) return
  const perAccountAndAddress = app.attemptCounter('sign-in-account', { max: app.config.auth.rateLimitPerAccount, windowMs: WINDOW_MS })
  // Counts only (never refuses): how hard the account is being tried, from every address.
  const perAccount = app.attemptCounter('sign-in-failures', { max: Number.MAX_SAFE_INTEGER, windowMs: WINDOW_MS })

  await app.register(rateLimit, {
    global: false,
    // Counted in Redis when replicas share it: 20 per minute means 20, not 20 per replica.
    ...(app.shared ? { redis: app.shared.redis, nameSpace: `${app.shared.prefix}rate-limit:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many sign-in attempts from your network. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  })
  const limited = { rateLimit: { max: app.config.auth.rateLimitPerIp, timeWindow: 60_000 } }

  const attemptKey = (request: FastifyRequest, email: string) => `${email}\n${request.ip}`

  async function accountLimited(request: FastifyRequest, reply: FastifyReply, email: string) {
    const waitMs = await perAccountAndAddress.retryAfterMs(attemptKey(request, email))
    if (!waitMs) return
    const seconds = Math.ceil(waitMs / 1000)
    reply.header('retry-after', String(seconds))
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many failed attempts for this account from your network. Try again in ${Math.ceil(seconds / 60)} minutes.`)
  }

  app.post<{ Body: Static<typeof Credentials> }>(
    '/api/auth/local/sign-in',
    { config: limited, schema: { body: Credentials, response: { 200: SessionReply } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase()
      await accountLimited(request, reply, email)
      const row = await app.auth.users.findLocal(email)
      const valid = row?.password_hash
        ? await verifyPassword(request.body.password, row.password_hash)
        : await burnPasswordCheck(request.body.password)
      if (!row || !valid) {
        await perAccountAndAddress.record(attemptKey(request, email))
        await perAccount.record(email)
        await sleep(failureDelayMs(await perAccount.count(email)))
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS)
      }
      await perAccountAndAddress.reset(attemptKey(request, email))
      // Said only to whoever knows the password.
      if (row.disabled_at !== null) throw new AppError(403, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE)
      await app.auth.signIn(request, app.auth.users.toUser(row))
      return signedIn(request, reply)
    },
  )

  app.post<{ Body: Static<typeof SignUp> }>(
    '/api/auth/local/sign-up',
    { config: limited, schema: { body: SignUp, response: { 201: SessionReply } } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase()
      const name = request.body.name?.trim() || email.split('@')[0]!
      const weak = await weakPasswordReason(request.body.password, email)
      if (weak) throw new AppError(400, 'WEAK_PASSWORD', weak)
      let user
      try {
        user = await app.auth.users.createLocal({ email, name, passwordHash: await hashPassword(request.body.password) })
      } catch (error) {
        if (error instanceof AccessRefusedError) throw new AppError(403, error.code, error.message)
        throw error
      }
      if (!user) {
        // Says no more than necessary: the address cannot be used for a new account.
        throw new AppError(409, 'SIGN_UP_FAILED', 'Could not create an account with these details. If you already have one, sign in instead.')
      }
      await app.auth.signIn(request, user)
      reply.code(201)
      return signedIn(request, reply)
    },
  )
}

async function signedIn(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store')
  return sessionPayload(request)
}
