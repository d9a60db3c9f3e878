// Users: one row per (provider, provider id). Signing in again with the same identity returns the
// same user, with its profile fields refreshed.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database, UsersTable } from '../../db/schema.ts'

export interface User {
  id: string
  name: string
  email: string | null
  avatar: string | null
  username: string | null
  provider: string
}

export interface Identity {
  provider: string
  providerId: string
  email: string | null
  name: string
  avatar: string | null
  username: string | null
}

export function toUser(row: Pick<UsersTable, 'id' | 'name' | 'email' | 'avatar' | 'username' | 'provider'>): User {
  return { id: row.id, name: row.name, email: row.email, avatar: row.avatar, username: row.username, provider: row.provider }
}

export function createUserStore(db: Kysely<Database>, now: () => number = Date.now) {
  const byIdentity = (identity: Pick<Identity, 'provider' | 'providerId'>) =>
    db.selectFrom('users').selectAll().where('provider', '=', identity.provider).where('provider_id', '=', identity.providerId)

  return {
    async upsert(identity: Identity): Promise<User> {
      const existing = await byIdentity(identity).executeTakeFirst()
      if (existing) {
        const profile = { email: identity.email, name: identity.name, avatar: identity.avatar, username: identity.username }
        await db.updateTable('users').set(profile).where('id', '=', existing.id).execute()
        return toUser({ ...existing, ...profile })
      }
      const row: UsersTable = {
        id: randomUUID(),
        provider: identity.provider,
        provider_id: identity.providerId,
        email: identity.email,
        name: identity.name,
        avatar: identity.avatar,
        username: identity.username,
        password_hash: null,
        created_at: now(),
      }
      await db.insertInto('users').values(row).onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing()).execute()
      // A concurrent first sign-in may have won the insert: read back whichever row exists.
      const stored = await byIdentity(identity).executeTakeFirstOrThrow()
      return toUser(stored)
    },

    async findLocal(email: string) {
      return db.selectFrom('users').selectAll().where('provider', '=', 'local').where('provider_id', '=', email).executeTakeFirst()
    },

    /** Returns null when the email is taken. */
    async createLocal(input: { email: string; name: string; passwordHash: string }): Promise<User | null> {
      const row: UsersTable = {
        id: randomUUID(),
        provider: 'local',
        provider_id: input.email,
        email: input.email,
        name: input.name,
        avatar: null,
        username: null,
        password_hash: input.passwordHash,
        created_at: now(),
      }
      const result = await db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.columns(['provider', 'provider_id']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? toUser(row) : null
    },

    async passwordHashOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst()
      return row?.password_hash ?? null
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    },

    /** Deletes the user; their sessions go with it (ON DELETE CASCADE). */
    async remove(userId: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', userId).execute()
    },
  }
}

export type UserStore = ReturnType<typeof createUserStore>
