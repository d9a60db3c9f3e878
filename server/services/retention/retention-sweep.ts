// Data retention: anonymous visitors' chats and files unused for RETENTION_ANONYMOUS_DAYS,
// everyone's chats unused for RETENTION_DAYS (when set), and session rows that can no longer sign
// anyone in. The sweep deletes in small batches and yields between them, so requests never wait on
// it; and it runs once per period across replicas: a replica sweeps only if it is the one that
// moves the job's `ran_at` forward (one conditional UPDATE: atomic on SQLite and PostgreSQL).
import { setImmediate as yieldToRequests } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { removeChats } from '../chats/chat-store.ts'

const DAY_MS = 86_400_000
export const RETENTION_JOB = 'retention'

export interface RetentionSettings {
  anonymousDays: number
  /** null: everyone's chats are kept. */
  allDays: number | null
  /** A session row older than this can sign no one in. */
  sessionMaxAgeMs: number
  /** Once per this, across replicas. */
  intervalMs: number
  batchSize?: number
}

export interface SweepCounts {
  chats: number
  files: number
  projects: number
  settings: number
  sessions: number
}

export interface RetentionDeps {
  db: Kysely<Database>
  now: () => number
  /** Deletes files' bytes and rows. */
  removeFiles: (ids: string[]) => Promise<void>
}

export function createRetentionSweeper(deps: RetentionDeps, settings: RetentionSettings) {
  const { db, now } = deps
  const batchSize = settings.batchSize ?? 100

  /** True when this process won this period's run. */
  async function claim(at: number): Promise<boolean> {
    await db.insertInto('job_runs').values({ name: RETENTION_JOB, ran_at: 0 }).onConflict((oc) => oc.column('name').doNothing()).execute()
    const result = await db
      .updateTable('job_runs')
      .set({ ran_at: at })
      .where('name', '=', RETENTION_JOB)
      .where('ran_at', '<=', at - settings.intervalMs)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  const anonymous = (column: 'chats.owner_id' | 'files.owner_id' | 'projects.owner_id' | 'settings.owner_id') => (eb: any) =>
    eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', column)))

  /** Deletes chats (and the files their messages carry) chosen by `pick`, a batch at a time. */
  async function sweepChats(pick: () => Promise<Array<{ id: string; message_count: number; owner_id: string }>>): Promise<{ chats: number; files: number }> {
    let chats = 0
    let files = 0
    for (;;) {
      const picked = await pick()
      if (picked.length === 0) return { chats, files }
      const fileIds = (await db.selectFrom('files').select('id').where('chat_id', 'in', picked.map((chat) => chat.id)).execute()).map((row) => row.id)
      await deps.removeFiles(fileIds)
      // About 200 messages per statement (a long chat's messages in batches), as any delete of chats.
      chats += await removeChats(db, picked)
      files += fileIds.length
    }
  }

  async function sweepIds(pick: () => Promise<string[]>, remove: (ids: string[]) => Promise<unknown>): Promise<number> {
    let total = 0
    for (;;) {
      const ids = await pick()
      if (ids.length === 0) return total
      await remove(ids)
      total += ids.length
      await yieldToRequests()
    }
  }

  /** One sweep, whether or not another replica ran one this period (tests and the scheduled run call it). */
  async function sweep(at: number): Promise<SweepCounts> {
    const anonymousBefore = at - settings.anonymousDays * DAY_MS
    const counts: SweepCounts = { chats: 0, files: 0, projects: 0, settings: 0, sessions: 0 }

    const anonymousChats = await sweepChats(() =>
      db.selectFrom('chats').select(['id', 'message_count', 'owner_id']).where('updated_at', '<', anonymousBefore).where(anonymous('chats.owner_id')).limit(batchSize).execute(),
    )
    counts.chats += anonymousChats.chats
    counts.files += anonymousChats.files
    if (settings.allDays !== null) {
      const before = at - settings.allDays * DAY_MS
      const everyones = await sweepChats(() => db.selectFrom('chats').select(['id', 'message_count', 'owner_id']).where('updated_at', '<', before).limit(batchSize).execute())
      counts.chats += everyones.chats
      counts.files += everyones.files
    }
    // An anonymous visitor's projects (with their files) and settings, untouched as long.
    counts.files += await sweepIds(
      async () =>
        (
          await db
            .selectFrom('files')
            .select('id')
            .where('created_at', '<', anonymousBefore)
            .where(anonymous('files.owner_id'))
            .where((eb) => eb.or([eb('chat_id', 'is', null), eb.not(eb.exists(eb.selectFrom('chats').select('chats.id').whereRef('chats.id', '=', 'files.chat_id')))]))
            .where((eb) => eb.or([eb('project_id', 'is', null), eb.not(eb.exists(eb.selectFrom('projects').select('projects.id').whereRef('projects.id', '=', 'files.project_id').where('projects.updated_at', '>=', anonymousBefore)))]))
            .limit(batchSize)
            .execute()
        ).map((row) => row.id),
      deps.removeFiles,
    )
    counts.projects += await sweepIds(
      async () => (await db.selectFrom('projects').select('id').where('updated_at', '<', anonymousBefore).where(anonymous('projects.owner_id')).limit(batchSize).execute()).map((row) => row.id),
      (ids) => db.deleteFrom('projects').where('id', 'in', ids).execute(),
    )
    counts.settings += await sweepIds(
      async () => (await db.selectFrom('settings').select('owner_id').where('updated_at', '<', anonymousBefore).where(anonymous('settings.owner_id')).limit(batchSize).execute()).map((row) => row.owner_id),
      (ids) => db.deleteFrom('settings').where('owner_id', 'in', ids).execute(),
    )
    // Signed out (revoked) or past their absolute lifetime: such a row can never sign anyone in.
    counts.sessions += await sweepIds(
      async () =>
        (
          await db
            .selectFrom('sessions')
            .select('id')
            .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('created_at', '<', at - settings.sessionMaxAgeMs)]))
            .limit(batchSize)
            .execute()
        ).map((row) => row.id),
      (ids) => db.deleteFrom('sessions').where('id', 'in', ids).execute(),
    )
    return counts
  }

  return {
    sweep,
    /** Sweeps if no replica has this period; null when another one has (or had) it. */
    async runIfDue(): Promise<SweepCounts | null> {
      const at = now()
      if (!(await claim(at))) return null
      return sweep(at)
    },
  }
}

export type RetentionSweeper = ReturnType<typeof createRetentionSweeper>
