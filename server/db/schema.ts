// Table types for Kysely. Timestamps are milliseconds since the epoch (DESIGN §5).
import type { Generated } from 'kysely'

export interface UsersTable {
  id: string
  provider: string
  provider_id: string
  email: string | null
  name: string
  avatar: string | null
  username: string | null
  /** scrypt hash for local accounts, null for others. */
  password_hash: string | null
  created_at: number
}

/** Signed-in sessions, so a sign-out revokes the cookie everywhere (a sealed cookie alone cannot). */
export interface SessionsTable {
  id: string
  user_id: string
  /** The anonymous owner id the visitor had before signing in (their data moves to the user). */
  anonymous_owner_id: string | null
  created_at: number
  revoked_at: number | null
}

export interface MigrationsMarker {
  id: Generated<number>
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
}
