// Group commit for SQLite: the writes an answer makes (its start, its title, its end) each used to
// be a transaction of their own, and with the search index a commit costs about 0.5 ms of the one
// thread that also relays every answer's words (better-sqlite3 is synchronous). Writes asked for in
// the same turn of the event loop now share one transaction, and every caller hears back only once
// it is committed, as before. When one of them fails, the group is rolled back and each write runs
// again in a transaction of its own, so that the failing one alone gets its error (failures are
// rare: an id sent twice; a savepoint around every write made each grouped write cost about twice
// as much: 0.21 ms instead of 0.10–0.14).
// 1,000 answers' ends on the app's schema: 0.5 ms each alone, 0.15–0.2 ms in groups of 10,
// 0.08–0.13 ms in groups of 50.
// PostgreSQL keeps one transaction per write: its commits do not hold up this process's thread,
// and a shared transaction would hold row locks that other replicas wait for.
import { SqliteAdapter, type Kysely, type Transaction } from 'kysely'

/** Runs `work` in a transaction (a shared one on SQLite), resolving after the commit. */
export type GroupedWrite<DB> = <T>(work: (trx: Transaction<DB>) => Promise<T>) => Promise<T>

/**
 * At most this many writes per transaction, the others in the next: a group holds the thread for
 * all of its writes at once (~0.1 ms each, so ~3 ms), where single writes gave it back between them.
 */
export const MAX_GROUP = 32

interface Pending<DB> {
  work: (trx: Transaction<DB>) => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const writers = new WeakMap<object, GroupedWrite<never>>()

/** The database's grouped writer (one per database, so that all its writes can share a commit). */
export function groupedWrites<DB>(db: Kysely<DB>): GroupedWrite<DB> {
  let writer = writers.get(db) as GroupedWrite<DB> | undefined
  if (!writer) {
    writer = db.getExecutor().adapter instanceof SqliteAdapter ? createGroups(db) : (work) => db.transaction().execute(work)
    writers.set(db, writer as unknown as GroupedWrite<never>)
  }
  return writer
}

function createGroups<DB>(db: Kysely<DB>): GroupedWrite<DB> {
  const queue: Array<Pending<DB>> = []
  let scheduled = false

  function schedule() {
    if (scheduled) return
    scheduled = true
    // After this turn's I/O callbacks: every write they asked for goes into the same group.
    setImmediate(() => void flush())
  }

  async function flush() {
    scheduled = false
    const group = queue.splice(0, MAX_GROUP)
    if (queue.length > 0) schedule()
    if (group.length > 1) {
      let values: unknown[]
      try {
        values = await db.transaction().execute(async (trx) => {
          const results: unknown[] = []
          for (const pending of group) results.push(await pending.work(trx))
          return results
        })
      } catch {
        // Rolled back as a whole: each write again on its own, below.
        values = []
      }
      if (values.length === group.length) {
        group.forEach((pending, index) => pending.resolve(values[index]))
        return
      }
    }
    for (const pending of group) await db.transaction().execute(pending.work).then(pending.resolve, pending.reject)
  }

  return <T>(work: (trx: Transaction<DB>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
      schedule()
    })
}
