// The audit log: every administrator action, who did what to whom and when. Written by
// the admin routes, shown on the admin page, never changed or deleted by the app.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

export interface AuditEntry {
  id: string
  at: number
  actor: { id: string; email: string | null }
  action: string
  target: { id: string; email: string | null } | null
  details: Record<string, unknown> | null
}

export function createAuditLog(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async write(entry: { actor: { id: string; email: string | null }; action: string; target?: { id: string; email: string | null } | null; details?: Record<string, unknown> }) {
      await db
        .insertInto('audit_log')
        .values({
          id: randomUUID(),
          at: now(),
          actor_id: entry.actor.id,
          actor_email: entry.actor.email,
          action: entry.action,
          target_id: entry.target?.id ?? null,
          target_email: entry.target?.email ?? null,
          details: entry.details ? JSON.stringify(entry.details) : null,
        })
        .execute()
    },

    /** Newest first; `before` is the last page's oldest `at` (a cursor). */
    async list(options: { limit: number; before?: number }): Promise<AuditEntry[]> {
      let query = db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit)
      if (options.before !== undefined) query = query.where('at', '<', options.before)
      const rows = await query.execute()
      return rows.map((row) => ({
        id: row.id,
        at: Number(row.at),
        actor: { id: row.actor_id, email: row.actor_email },
        action: row.action,
        target: row.target_id ? { id: row.target_id, email: row.target_email } : null,
        details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
      }))
    },
  }
}

export type AuditLog = ReturnType<typeof createAuditLog>
