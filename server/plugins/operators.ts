// The operator's side: usage counted per answer, daily token quotas, the audit log of
// administrators' actions, and the scheduled retention sweep (once per period across replicas).
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../../shared/errors.ts'
import { createUsageStore, type AnswerUsage, type UsageStore } from '../services/usage/usage-store.ts'
import { effectiveQuota, quotaRefusal } from '../services/usage/quota.ts'
import { createAuditLog, type AuditLog } from '../services/usage/audit-log.ts'
import { createRetentionSweeper, type RetentionSweeper } from '../services/retention/retention-sweep.ts'

export interface Quotas {
  /** Refuses (429, with Retry-After) an answer for an owner who has used today's tokens. */
  check(request: FastifyRequest, reply: FastifyReply, ownerId: string): Promise<void>
  /** The limit that applies to an owner today (null: none) and what they used. */
  of(request: FastifyRequest, ownerId: string): Promise<{ limit: number | null; used: number }>
  /** Counts an answer's tokens now (for its owner's day). */
  count(usage: Omit<AnswerUsage, 'at'>): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    usage: UsageStore
    quotas: Quotas
    audit: AuditLog
    retention: RetentionSweeper
  }
}

export default fp(
  async function operators(app, options: { now?: () => number } = {}) {
    const now = options.now ?? Date.now
    const config = app.config.operators
    const usage = createUsageStore(app.db)
    app.decorate('usage', usage)
    app.decorate('audit', createAuditLog(app.db, now))

    async function of(request: FastifyRequest, ownerId: string) {
      const user = await request.getUser()
      let limit: number | null
      if (user) {
        limit = effectiveQuota(await app.auth.users.quotaOf(user.id), config.quotaTokensPerDay)
      } else {
        limit = config.quotaTokensPerDayAnonymous
      }
      // No limit, nothing to count.
      const used = limit === null ? 0 : await usage.tokensOn(ownerId, now())
      return { limit, used }
    }

    app.decorate('quotas', {
      of,
      count: (answer) => usage.record({ ...answer, at: now() }),
      async check(request, reply, ownerId) {
        const { limit, used } = await of(request, ownerId)
        const refusal = quotaRefusal(limit, used, now())
        if (!refusal) return
        app.metrics.quotaRefusals.inc({ owner: (await request.getUser()) ? 'user' : 'anonymous' })
        reply.header('retry-after', String(refusal.retryAfterS))
        throw new AppError(429, 'QUOTA_EXCEEDED', refusal.message)
      },
    } satisfies Quotas)

    const retention = createRetentionSweeper(
      { db: app.db, now, removeFiles: (ids) => app.files.remove(ids) },
      {
        anonymousDays: config.retentionAnonymousDays,
        allDays: config.retentionDays,
        sessionMaxAgeMs: app.config.sessionMaxAgeS * 1000,
        intervalMs: config.retentionSweepIntervalMs,
      },
    )
    app.decorate('retention', retention)

    async function scheduledSweep() {
      try {
        const counts = await retention.runIfDue()
        if (!counts) return
        for (const [kind, deleted] of Object.entries(counts)) if (deleted > 0) app.metrics.retentionDeleted.inc({ kind }, deleted)
        // A sweep that found nothing is no news (it runs every period).
        const deleted = Object.values(counts).some((count) => count > 0)
        app.log[deleted ? 'info' : 'debug']({ ...counts }, deleted ? 'retention: swept old data' : 'retention: nothing to sweep')
      } catch (error) {
        app.log.warn({ err: error }, 'retention: the sweep failed; it runs again next period')
      }
    }
    // Checked four times per period: a replica whose timer fires a little early does not skip one.
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> | undefined
    const tick = () => {
      running ??= scheduledSweep().finally(() => (running = undefined))
    }
    app.addHook('onReady', async () => {
      timer = setInterval(tick, Math.max(1000, Math.floor(config.retentionSweepIntervalMs / 4)))
      timer.unref()
      tick()
    })
    // The database closes after this: a sweep in progress finishes its batch first.
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
  },
  { name: 'operators', dependencies: ['db', 'session', 'files', 'metrics'] },
)
