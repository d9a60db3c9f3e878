// Users: one row per (provider, provider id). Signing in again with the same identity returns the
// same user, with its profile fields refreshed. New accounts follow the sign-up policy; disabled
// accounts cannot sign in.
import { randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Database, UsersTable } from '../../db/schema.ts'
import {
  ACCOUNT_DISABLED_MESSAGE,
  ADMIN_ADDRESS_SIGN_UP_MESSAGE,
  AccessRefusedError,
  isAdminEmail,
  isReservedAdminAddress,
  signUpRefusal,
  type AccessPolicy,
} from './access-policy.ts'

export interface User {
  id: string
  name: string
  email: string | null
  avatar: string | null
  username: string | null
  provider: string
  /** Only present (true) for administrators. */
  admin?: true
}

export interface Identity {
  provider: string
  providerId: string
  email: string | null
  /** The provider vouched for the email. */
  emailVerified: boolean
  name: string
  avatar: string | null
  username: string | null
}

export type UserRow = Selectable<UsersTable>

const OPEN_POLICY: AccessPolicy = { adminEmails: [], signup: 'open', signupDomains: [] }

/**
 * The avatar a page may show: one on a host the pages' image policy allows, else none (the account
 * button then draws the initials instead of an image the browser would refuse and leave blank).
 */
function shownAvatar(avatar: string | null, origins: readonly string[] | undefined): string | null {
  if (avatar === null || origins === undefined) return avatar
  try {
    return origins.includes(new URL(avatar).origin) ? avatar : null
  } catch {
    return null
  }
}

export function createUserStore(db: Kysely<Database>, options: { now?: () => number; policy?: AccessPolicy; avatarOrigins?: readonly string[] } = {}) {
  const now = options.now ?? Date.now
  const policy = options.policy ?? OPEN_POLICY

  const byIdentity = (identity: Pick<Identity, 'provider' | 'providerId'>) =>
    db.selectFrom('users').selectAll().where('provider', '=', identity.provider).where('provider_id', '=', identity.providerId)

  function toUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'avatar' | 'username' | 'provider' | 'is_admin' | 'email_verified'>): User {
    const user: User = { id: row.id, name: row.name, email: row.email, avatar: shownAvatar(row.avatar, options.avatarOrigins), username: row.username, provider: row.provider }
    if (Number(row.is_admin) === 1 || isAdminEmail(policy, { provider: row.provider, email: row.email, emailVerified: Number(row.email_verified) === 1 })) user.admin = true
    return user
  }

  function refuseNew(identity: Pick<Identity, 'provider' | 'email' | 'emailVerified'>) {
    if (isReservedAdminAddress(policy, identity)) throw new AccessRefusedError('ADMIN_ADDRESS_RESERVED', ADMIN_ADDRESS_SIGN_UP_MESSAGE)
    const refusal = signUpRefusal(policy, identity)
    if (refusal) throw new AccessRefusedError('SIGN_UP_CLOSED', refusal)
  }

  function newRow(identity: Identity, passwordHash: string | null) {
    return {
      id: randomUUID(),
      provider: identity.provider,
      provider_id: identity.providerId,
      email: identity.email,
      name: identity.name,
      avatar: identity.avatar,
      username: identity.username,
      password_hash: passwordHash,
      created_at: now(),
      email_verified: identity.emailVerified ? 1 : 0,
    }
  }

  return {
    toUser,

    /** The user of a provider identity, made on first sign-in. Throws AccessRefusedError (policy, disabled). */
    async upsert(identity: Identity): Promise<User> {
      const existing = await byIdentity(identity).executeTakeFirst()
      if (existing) {
        if (existing.disabled_at !== null) throw new AccessRefusedError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE)
        const profile = { email: identity.email, name: identity.name, avatar: identity.avatar, username: identity.username, email_verified: identity.emailVerified ? 1 : 0 }
        await db.updateTable('users').set(profile).where('id', '=', existing.id).execute()
        return toUser({ ...existing, ...profile })
      }
      refuseNew(identity)
      await db.insertInto('users').values(newRow(identity, null)).onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing()).execute()
      // A concurrent first sign-in may have won the insert: read back whichever row exists.
      const stored = await byIdentity(identity).executeTakeFirstOrThrow()
      return toUser(stored)
    },

    /** The local account of an address, in any case (local addresses are stored lower-cased). */
    async findLocal(email: string) {
      return db.selectFrom('users').selectAll().where('provider', '=', 'local').where('provider_id', '=', email.trim().toLowerCase()).executeTakeFirst()
    },

    /**
     * Returns null when the email is taken; throws AccessRefusedError when sign-up is closed to it.
     * `byOperator`: made from the server's command line (npm run admin:create), past the sign-up policy.
     */
    async createLocal(input: { email: string; name: string; passwordHash: string }, options: { byOperator?: boolean } = {}): Promise<User | null> {
      const email = input.email.trim().toLowerCase()
      const identity: Identity = { provider: 'local', providerId: email, email, emailVerified: false, name: input.name, avatar: null, username: null }
      if (!options.byOperator) refuseNew(identity)
      const row = newRow(identity, input.passwordHash)
      const result = await db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? toUser({ ...row, is_admin: 0 }) : null
    },

    /** An administrator by ADMIN_EMAILS (with an address its provider verified, or a local account's). */
    async adminByConfig(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select(['provider', 'email', 'email_verified']).where('id', '=', userId).executeTakeFirst()
      return row !== undefined && isAdminEmail(policy, { provider: row.provider, email: row.email, emailVerified: Number(row.email_verified) === 1 })
    },

    async passwordHashOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
      return row?.password_hash ?? null
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    },

    /** Disables (now) or enables (null) an account; a disabled one cannot sign in. */
    async setDisabled(userId: string, at: number | null): Promise<void> {
      await db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute()
    },

    /** Made an administrator on the admin page, or no longer (ADMIN_EMAILS admins stay admins). */
    async setAdmin(userId: string, admin: boolean): Promise<void> {
      await db.updateTable('users').set({ is_admin: admin ? 1 : 0 }).where('id', '=', userId).execute()
    },

    /** A user's own daily token quota: tokens, -1 for none, null for the server's. */
    async setQuota(userId: string, tokensPerDay: number | null): Promise<void> {
      await db.updateTable('users').set({ quota_tokens_per_day: tokensPerDay }).where('id', '=', userId).execute()
    },

    /** The user's own daily token quota (see setQuota); undefined for an unknown user. */
    async quotaOf(userId: string): Promise<number | null | undefined> {
      const row = await db.selectFrom('users').select('quota_tokens_per_day').where('id', '=', userId).executeTakeFirst()
      return row ? (row.quota_tokens_per_day === null ? null : Number(row.quota_tokens_per_day)) : undefined
    },

    /** Deletes the user; their sessions and API tokens go with it (ON DELETE CASCADE). */
    async remove(userId: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute()
    },
  }
}

export type UserStore = ReturnType<typeof createUserStore>
