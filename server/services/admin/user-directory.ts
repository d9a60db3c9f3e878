// The admin page's users table: a page of users, newest first, searchable by name or
// email, each with their chats, messages, tokens this month and storage (a few grouped queries for
// the page, never one per user).
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { AdminUser } from '../../../shared/admin.ts'
import { isAdminEmail, type AccessPolicy } from '../auth/access-policy.ts'
import type { UsageStore } from '../usage/usage-store.ts'
import type { UserRow } from '../auth/users.ts'

interface Cursor {
  createdAt: number
  id: string
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}:${cursor.id}`).toString('base64url')
}

function decodeCursor(text: string): Cursor | null {
  const [at, id] = Buffer.from(text, 'base64url').toString().split(':')
  return at && id && /^\d+$/.test(at) ? { createdAt: Number(at), id } : null
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function createUserDirectory(db: Kysely<Database>, deps: { policy: AccessPolicy; usage: UsageStore; now: () => number }) {
  /** Each user as the table shows them: a few grouped queries for all of them. */
  async function describe(shown: UserRow[]): Promise<AdminUser[]> {
    const ids = shown.map((row) => row.id)
    const monthStart = new Date(deps.now()).toISOString().slice(0, 8) + '01'
    const [owners, files, usage] = ids.length
      ? await Promise.all([
          // Each owner's sums over their chats, kept by triggers (migration 0015): one row per user
          // shown, however much they stored.
          db.selectFrom('owner_totals').select(['owner_id', 'chats', 'messages', 'message_bytes']).where('owner_id', 'in', ids).execute(),
          db.selectFrom('files').select((eb) => ['owner_id', eb.fn.sum<number>('size').as('bytes')]).where('owner_id', 'in', ids).groupBy('owner_id').execute(),
          deps.usage.ofOwners(ids, monthStart),
        ])
      : [[], [], new Map()]
    const totals = new Map(owners.map((row) => [row.owner_id, { chats: Number(row.chats), messages: Number(row.messages), bytes: Number(row.message_bytes) }]))
    const fileBytes = new Map(files.map((row) => [row.owner_id, Number(row.bytes ?? 0)]))
    return shown.map((row): AdminUser => {
      const adminByConfig = isAdminEmail(deps.policy, { provider: row.provider, email: row.email, emailVerified: Number(row.email_verified) === 1 })
      const used = usage.get(row.id)
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        provider: row.provider,
        createdAt: Number(row.created_at),
        lastActiveAt: row.last_active_at === null ? null : Number(row.last_active_at),
        disabled: row.disabled_at !== null,
        admin: adminByConfig || Number(row.is_admin) === 1,
        adminByConfig,
        chats: totals.get(row.id)?.chats ?? 0,
        messages: totals.get(row.id)?.messages ?? 0,
        tokensThisMonth: used ? used.inputTokens + used.outputTokens : 0,
        storageBytes: (totals.get(row.id)?.bytes ?? 0) + (fileBytes.get(row.id) ?? 0),
        quotaTokensPerDay: row.quota_tokens_per_day === null ? null : Number(row.quota_tokens_per_day),
      }
    })
  }

  return {
    /** Null cursor when the cursor is not one of ours. */
    async page(options: { query?: string; cursor?: string; limit: number }): Promise<{ users: AdminUser[]; nextCursor: string | null } | null> {
      const cursor = options.cursor ? decodeCursor(options.cursor) : undefined
      if (cursor === null) return null
      let query = db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1)
      if (options.query?.trim()) {
        const pattern = likePattern(options.query.trim())
        query = query.where((eb) => eb.or([sql<boolean>`lower(users.name) like ${pattern} escape '\\'`, sql<boolean>`lower(coalesce(users.email, '')) like ${pattern} escape '\\'`]))
      }
      if (cursor) query = query.where((eb) => eb.or([eb('created_at', '<', cursor.createdAt), eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)])]))
      const rows = await query.execute()
      const shown = rows.slice(0, options.limit)
      const users = await describe(shown)
      const last = shown[shown.length - 1]
      return { users, nextCursor: rows.length > options.limit && last ? encodeCursor({ createdAt: Number(last.created_at), id: last.id }) : null }
    },

    /** One user as the table shows them (after an administrator's change), or undefined. */
    async one(id: string): Promise<AdminUser | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? (await describe([row]))[0] : undefined
    },

    async get(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Names and emails of users, for the top users list (deleted and anonymous owners are absent). */
    async names(ids: string[]): Promise<Map<string, { name: string; email: string | null }>> {
      if (ids.length === 0) return new Map()
      const rows = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute()
      return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]))
    },
  }
}

export type UserDirectory = ReturnType<typeof createUserDirectory>
