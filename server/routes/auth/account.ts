// The signed-in user's account (account settings): change the password of a local account, sign
// out on every device, delete the account with all its chats. Every route acts on the session's
// own user only; a visitor who is not signed in gets 401.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { ACCOUNT_DELETE_CONFIRMATION, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts'
import { hashPassword, verifyPassword } from '../../services/auth/passwords.ts'
import { weakPasswordReason } from '../../services/auth/common-passwords.ts'
import type { User } from '../../services/auth/users.ts'
import { removeAccount } from './remove-account.ts'
import { ErrorBody } from '../chats/common.ts'

const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
)
const Deletion = Type.Object({ confirm: Type.String({ maxLength: 100 }) }, { additionalProperties: false })
const WINDOW_MS = 15 * 60_000
const MAX_WRONG_PASSWORDS = 10

export default async function accountRoutes(app: FastifyInstance) {
  // A stolen session must not be a password oracle: wrong current passwords are limited per user.
  const wrongPasswords = app.attemptCounter('password-change', { max: MAX_WRONG_PASSWORDS, windowMs: WINDOW_MS })

  async function signedInUser(request: FastifyRequest): Promise<User> {
    const user = await request.getUser()
    if (!user) throw new AppError(401, 'NOT_SIGNED_IN', 'Sign in to manage your account.')
    return user
  }

  app.post<{ Body: Static<typeof PasswordChange> }>(
    '/api/account/password',
    { schema: { body: PasswordChange, response: { 200: Type.Object({ changed: Type.Boolean(), otherSessionsSignedOut: Type.Integer() }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await signedInUser(request)
      const hash = user.provider === 'local' ? await app.auth.users.passwordHashOf(user.id) : null
      if (!hash) throw new AppError(400, 'NO_PASSWORD', `This account signs in with ${user.provider}; it has no password to change here.`)
      const waitMs = await wrongPasswords.retryAfterMs(user.id)
      if (waitMs) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many wrong passwords. Try again in ${Math.ceil(waitMs / 60_000)} minutes.`)
      }
      if (!(await verifyPassword(request.body.currentPassword, hash))) {
        await wrongPasswords.record(user.id)
        throw new AppError(400, 'WRONG_PASSWORD', 'The current password is not right.')
      }
      const weak = await weakPasswordReason(request.body.newPassword, user.email ?? '')
      if (weak) throw new AppError(400, 'WEAK_PASSWORD', weak)
      await wrongPasswords.reset(user.id)
      await app.auth.users.setPasswordHash(user.id, await hashPassword(request.body.newPassword))
      // Whoever knew the old password is signed out everywhere else; this device stays signed in.
      const otherSessionsSignedOut = await app.auth.revokeAll(request, { keepCurrent: true })
      request.log.info({ userId: user.id }, 'account: password changed')
      return { changed: true, otherSessionsSignedOut }
    },
  )

  app.post('/api/account/sign-out-everywhere', { schema: { response: { 200: Type.Object({ signedOut: Type.Integer() }) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    await signedInUser(request)
    return { signedOut: await app.auth.revokeAll(request) }
  })

  app.delete<{ Body: Static<typeof Deletion> }>(
    '/api/account',
    { schema: { body: Deletion, response: { 200: Type.Object({ deleted: Type.Boolean(), chats: Type.Integer() }), 409: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const user = await signedInUser(request)
      if (request.body.confirm.trim().toLowerCase() !== ACCOUNT_DELETE_CONFIRMATION) {
        throw new AppError(400, 'CONFIRMATION_REQUIRED', `Type “${ACCOUNT_DELETE_CONFIRMATION}” to confirm.`)
      }
      // Gone, its address would be free for anyone to sign up with and be an administrator.
      if (await app.auth.users.adminByConfig(user.id)) {
        throw new AppError(409, 'ADMIN_BY_CONFIG', `${user.email} is an administrator by ADMIN_EMAILS, so this account cannot be deleted: ask the operator to remove the address from ADMIN_EMAILS first.`)
      }
      await app.auth.revokeAll(request)
      const chats = await removeAccount(app, user.id)
      request.log.info({ userId: user.id, chats }, 'account: deleted with its chats')
      return { deleted: true, chats }
    },
  )
}
