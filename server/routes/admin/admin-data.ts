// What the admin page shows, read by its API routes and by the page's loader (the first paint has
// it all, no request after hydration).
import type { FastifyInstance } from 'fastify'
import { ADMIN_USAGE_DAYS, type AdminUsage, type AuditPage } from '../../../shared/admin.ts'
import { utcDay } from '../../services/usage/usage-store.ts'
import { createUserDirectory } from '../../services/admin/user-directory.ts'

const DAY_MS = 86_400_000
export const AUDIT_PAGE_SIZE = 50

export function userDirectory(app: FastifyInstance) {
  return createUserDirectory(app.db, { policy: app.config.operators, usage: app.usage, now: Date.now })
}

export async function adminUsage(app: FastifyInstance): Promise<AdminUsage> {
  const from = utcDay(Date.now() - (ADMIN_USAGE_DAYS - 1) * DAY_MS)
  const [days, top, failures] = await Promise.all([app.usage.perDayAndModel(from), app.usage.topOwners(from, 10), app.usage.failures(from)])
  const names = await userDirectory(app).names(top.map((owner) => owner.ownerId))
  return {
    from,
    days,
    topUsers: top.map((owner) => {
      const known = names.get(owner.ownerId)
      return { id: owner.ownerId, name: known?.name ?? 'Anonymous visitor', email: known?.email ?? null, inputTokens: owner.inputTokens, outputTokens: owner.outputTokens, answers: owner.answers }
    }),
    failures,
    quotas: { tokensPerDay: app.config.operators.quotaTokensPerDay, tokensPerDayAnonymous: app.config.operators.quotaTokensPerDayAnonymous },
  }
}

export async function auditPage(app: FastifyInstance, before?: number): Promise<AuditPage> {
  const entries = await app.audit.list({ limit: AUDIT_PAGE_SIZE + 1, before })
  const shown = entries.slice(0, AUDIT_PAGE_SIZE)
  return { entries: shown, nextBefore: entries.length > AUDIT_PAGE_SIZE ? shown[shown.length - 1]!.at : null }
}
