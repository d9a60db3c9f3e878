// The operator's own way to a local administrator account (npm run admin:create): an ADMIN_EMAILS
// address cannot be signed up (nobody can prove an address to this app), so whoever runs the
// server makes its account, or gives an existing one a new password, from the command line.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/auth.ts'
import type { AccessPolicy } from './access-policy.ts'
import { weakPasswordReason } from './common-passwords.ts'
import { hashPassword } from './passwords.ts'
import { createUserStore } from './users.ts'

/** A refusal whose message is for the operator at the terminal. */
export class AdminAccountError extends Error {
  override name = 'AdminAccountError'
}

export interface AdminAccountResult {
  userId: string
  /** False when the account existed: its password was replaced, and it was enabled again. */
  created: boolean
  /** Sessions of the old password that were ended. */
  sessionsEnded: number
}

export async function createOrResetAdminAccount(
  db: Kysely<Database>,
  policy: AccessPolicy,
  input: { email: string; password: string; name?: string },
  now: () => number = Date.now,
): Promise<AdminAccountResult> {
  const email = input.email.trim().toLowerCase()
  if (!policy.adminEmails.includes(email)) {
    const listed = policy.adminEmails.length ? `it holds ${policy.adminEmails.join(', ')}` : 'it is empty'
    throw new AdminAccountError(`${email} is not in ADMIN_EMAILS (${listed}). Add the address there first, with the same configuration as the server.`)
  }
  if (input.password.length < PASSWORD_MIN_LENGTH || input.password.length > PASSWORD_MAX_LENGTH) {
    throw new AdminAccountError(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`)
  }
  const weak = await weakPasswordReason(input.password, email)
  if (weak) throw new AdminAccountError(weak)
  const users = createUserStore(db, { now, policy })
  const passwordHash = await hashPassword(input.password)
  const existing = await users.findLocal(email)
  if (existing) {
    await users.setPasswordHash(existing.id, passwordHash)
    await users.setDisabled(existing.id, null)
    // Whoever knew the old password is signed out.
    const ended = await db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', existing.id).where('revoked_at', 'is', null).executeTakeFirst()
    return { userId: existing.id, created: false, sessionsEnded: Number(ended.numUpdatedRows) }
  }
  const user = await users.createLocal({ email, name: input.name?.trim() || email.split('@')[0]!, passwordHash }, { byOperator: true })
  // Only a concurrent run could have taken the address between the two statements.
  if (!user) throw new AdminAccountError(`An account for ${email} was made at the same moment; run the command again to set its password.`)
  return { userId: user.id, created: true, sessionsEnded: 0 }
}
