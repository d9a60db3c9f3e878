// One import at a time per account: the new import's row is written only if no other import of the
// same owner is running, checked and written in one transaction that holds the owner's lock. A
// check before the write and the write after it (what the route did) let a burst of requests all
// pass the check before any of them wrote.
import { sql, type Kysely } from 'kysely'
import type { Database, ImportsTable } from '../../db/schema.ts'

/**
 * Writes `row` (a running import) unless `row.owner_id` has a running import written after
 * `staleBefore` (an older one was cut off). True when written.
 */
export async function claimImport(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', row: ImportsTable, staleBefore: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: two replicas' transactions would each see no running row; the owner's lock makes
    // the second wait for the first to commit. SQLite's transactions begin immediate (one writer).
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`imports:${row.owner_id}`}))`.execute(trx)
    const running = await trx.selectFrom('imports').select('id').where('owner_id', '=', row.owner_id).where('status', '=', 'running').where('updated_at', '>=', staleBefore).executeTakeFirst()
    if (running) return false
    await trx.insertInto('imports').values(row).execute()
    return true
  })
}
