// Usage: tokens in and out and answers per owner, model and UTC day, counted when an
// answer ends (from the provider's usage; the offline model counts its words). Daily quotas read it
// before an answer starts, the admin page reads it for its chart and its top users. In the database,
// so it survives restarts and every replica sees the same numbers.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

const DAY_MS = 86_400_000

/** `2026-11-26` for a time (UTC). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10)
}

/** When the UTC day of `at` ends (ms): the daily quotas reset then. */
export function nextUtcMidnight(at: number): number {
  return (Math.floor(at / DAY_MS) + 1) * DAY_MS
}

export interface AnswerUsage {
  ownerId: string
  model: string
  inputTokens: number
  outputTokens: number
  /** The error code the answer failed with; undefined when it did not fail. */
  failedKind?: string
  at: number
}

export interface DailyModelUsage {
  day: string
  model: string
  inputTokens: number
  outputTokens: number
  answers: number
}

export interface OwnerUsage {
  ownerId: string
  inputTokens: number
  outputTokens: number
  answers: number
}

const count = (value: unknown) => Number(value ?? 0)

export function createUsageStore(db: Kysely<Database>) {
  return {
    async record(usage: AnswerUsage): Promise<void> {
      const day = utcDay(usage.at)
      const failed = usage.failedKind ? 1 : 0
      await db
        .insertInto('usage_daily')
        .values({ day, owner_id: usage.ownerId, model: usage.model, input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, answers: 1, failed })
        .onConflict((oc) =>
          oc.columns(['owner_id', 'day', 'model']).doUpdateSet((eb) => ({
            input_tokens: eb('usage_daily.input_tokens', '+', eb.ref('excluded.input_tokens')),
            output_tokens: eb('usage_daily.output_tokens', '+', eb.ref('excluded.output_tokens')),
            answers: eb('usage_daily.answers', '+', 1),
            failed: eb('usage_daily.failed', '+', eb.ref('excluded.failed')),
          })),
        )
        .execute()
      if (!usage.failedKind) return
      await db
        .insertInto('failures_daily')
        .values({ day, kind: usage.failedKind, count: 1 })
        .onConflict((oc) => oc.columns(['day', 'kind']).doUpdateSet((eb) => ({ count: eb('failures_daily.count', '+', 1) })))
        .execute()
    },

    /** Tokens (in + out) an owner's answers used on the UTC day of `at`. */
    async tokensOn(ownerId: string, at: number): Promise<number> {
      const row = await db
        .selectFrom('usage_daily')
        .select((eb) => [eb.fn.sum<number>('input_tokens').as('input'), eb.fn.sum<number>('output_tokens').as('output')])
        .where('owner_id', '=', ownerId)
        .where('day', '=', utcDay(at))
        .executeTakeFirst()
      return count(row?.input) + count(row?.output)
    },

    /** Tokens and answers per day and model from `fromDay` on (the admin page's chart). */
    async perDayAndModel(fromDay: string): Promise<DailyModelUsage[]> {
      const rows = await db
        .selectFrom('usage_daily')
        .select((eb) => ['day', 'model', eb.fn.sum<number>('input_tokens').as('input'), eb.fn.sum<number>('output_tokens').as('output'), eb.fn.sum<number>('answers').as('answers')])
        .where('day', '>=', fromDay)
        .groupBy(['day', 'model'])
        .orderBy('day')
        .orderBy('model')
        .execute()
      return rows.map((row) => ({ day: row.day, model: row.model, inputTokens: count(row.input), outputTokens: count(row.output), answers: count(row.answers) }))
    },

    /** Owners by tokens used from `fromDay` on, most first. */
    async topOwners(fromDay: string, limit: number): Promise<OwnerUsage[]> {
      const total = (eb: any) => eb(eb.fn.sum('input_tokens'), '+', eb.fn.sum('output_tokens'))
      const rows = await db
        .selectFrom('usage_daily')
        .select((eb) => ['owner_id', eb.fn.sum<number>('input_tokens').as('input'), eb.fn.sum<number>('output_tokens').as('output'), eb.fn.sum<number>('answers').as('answers')])
        .where('day', '>=', fromDay)
        .groupBy('owner_id')
        .orderBy(total, 'desc')
        .orderBy('owner_id')
        .limit(limit)
        .execute()
      return rows.map((row) => ({ ownerId: row.owner_id, inputTokens: count(row.input), outputTokens: count(row.output), answers: count(row.answers) }))
    },

    /** Each of `ownerIds`' tokens and answers from `fromDay` on. */
    async ofOwners(ownerIds: string[], fromDay: string): Promise<Map<string, OwnerUsage>> {
      if (ownerIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('usage_daily')
        .select((eb) => ['owner_id', eb.fn.sum<number>('input_tokens').as('input'), eb.fn.sum<number>('output_tokens').as('output'), eb.fn.sum<number>('answers').as('answers')])
        .where('owner_id', 'in', ownerIds)
        .where('day', '>=', fromDay)
        .groupBy('owner_id')
        .execute()
      return new Map(rows.map((row) => [row.owner_id, { ownerId: row.owner_id, inputTokens: count(row.input), outputTokens: count(row.output), answers: count(row.answers) }]))
    },

    /** Failed answers by error kind from `fromDay` on, most first. */
    async failures(fromDay: string): Promise<Array<{ kind: string; count: number }>> {
      const rows = await db
        .selectFrom('failures_daily')
        .select((eb) => ['kind', eb.fn.sum<number>('count').as('count')])
        .where('day', '>=', fromDay)
        .groupBy('kind')
        .orderBy((eb) => eb.fn.sum('count'), 'desc')
        .orderBy('kind')
        .execute()
      return rows.map((row) => ({ kind: row.kind, count: count(row.count) }))
    },
  }
}

export type UsageStore = ReturnType<typeof createUsageStore>
