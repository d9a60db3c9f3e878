// Group commit on SQLite (server/db/write-groups.ts): writes asked for in the same turn share one
// transaction; each caller hears back after the commit with its own result or its own error.
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Kysely, SqliteDialect } from 'kysely'
import { loadSqliteDriver } from '../../server/db/sqlite-driver.ts'
import { MAX_GROUP, groupedWrites } from '../../server/db/write-groups.ts'

interface Db {
  notes: { id: string; text: string }
}

async function database(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'write-groups-'))
  const SQLite = loadSqliteDriver()
  const file = new SQLite(join(dir, 'db.sqlite'))
  file.pragma('journal_mode = WAL')
  const begins = { count: 0 }
  const db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: file }),
    log: (event) => {
      if (/^begin/i.test(event.query.sql)) begins.count++
    },
  })
  await db.schema.createTable('notes').addColumn('id', 'text', (col) => col.primaryKey()).addColumn('text', 'text', (col) => col.notNull()).execute()
  t.teardown(async () => {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })
  return { db, begins, file }
}

t.test('writes asked for in the same turn share one transaction, and each gets its own result once it is committed', async (t) => {
  const { db, begins, file } = await database(t)
  const write = groupedWrites(db)
  t.equal(groupedWrites(db), write, 'one writer per database')
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      write(async (trx) => {
        await trx.insertInto('notes').values({ id: `n${i}`, text: `note ${i}` }).execute()
        return i * 2
      }),
    ),
  )
  t.same(results, Array.from({ length: 20 }, (_, i) => i * 2))
  t.equal(begins.count, 1, 'twenty writes, one transaction')
  // Committed: another connection to the file sees them all.
  const reader = new (loadSqliteDriver())(file.name, { readonly: true })
  t.equal((reader.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n, 20)
  reader.close()
})

t.test('a write that fails gets its error alone; the others of its group are stored', async (t) => {
  const { db } = await database(t)
  const write = groupedWrites(db)
  await write((trx) => trx.insertInto('notes').values({ id: 'taken', text: 'first' }).execute())
  const outcomes = await Promise.allSettled([
    write((trx) => trx.insertInto('notes').values({ id: 'a', text: 'a' }).execute()),
    write((trx) => trx.insertInto('notes').values({ id: 'taken', text: 'again' }).execute()),
    write((trx) => trx.insertInto('notes').values({ id: 'b', text: 'b' }).execute()),
  ])
  t.same(outcomes.map((outcome) => outcome.status), ['fulfilled', 'rejected', 'fulfilled'])
  t.match((outcomes[1] as PromiseRejectedResult).reason, { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' })
  const rows = await db.selectFrom('notes').selectAll().orderBy('id').execute()
  t.same(rows, [{ id: 'a', text: 'a' }, { id: 'b', text: 'b' }, { id: 'taken', text: 'first' }], 'the failed write left nothing, the stored note kept its text')
})

t.test('more writes than a group holds go into the next ones; writes of a later turn into a later group', async (t) => {
  const { db, begins } = await database(t)
  const write = groupedWrites(db)
  const writes = 4 * MAX_GROUP + 1
  await Promise.all(Array.from({ length: writes }, (_, i) => write((trx) => trx.insertInto('notes').values({ id: `n${i}`, text: 'x' }).execute())))
  t.equal(begins.count, 5, `${writes} writes: four full groups and one of a single write`)
  await write((trx) => trx.insertInto('notes').values({ id: 'later', text: 'x' }).execute())
  t.equal(begins.count, 6)
  t.equal((await db.selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n, writes + 1)
})
