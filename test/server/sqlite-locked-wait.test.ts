// SQLite on a file has a second connection (the delete worker's: background-deletes.ts). When the
// app's connection finds the file locked, its statement waits with timers (sqlite-dialect.ts), not
// in SQLite's busy handler, which would sleep inside the call: every request and every answer
// streaming would wait with it.
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { buildApp } from '../helpers/build-app.ts'
import { openSqlite } from '../../server/db/sqlite-driver.ts'
import { seedHistory } from '../../scripts/seed-history.ts'

async function appOnFile(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'locked-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'app.db')
  const { app } = await buildApp(t, { DATABASE_PATH: path })
  // Another connection to the same file, as the delete worker has.
  const other = openSqlite(path)
  t.teardown(() => other.close())
  return { app, other }
}

// npm test's PostgreSQL leg builds every app on PostgreSQL: these are about SQLite's file only.
if (process.env.TEST_DATABASE !== 'postgres') {
  t.test('a write that finds the file locked waits without holding the event loop, then goes', async (t) => {
    const { app, other } = await appOnFile(t)
    const [chat] = await seedHistory(app.db, 'owner-locked', { chats: 1, messages: 2, idPrefix: 'locked' })
    const title = () => (other.prepare('SELECT title FROM chats WHERE id = ?').get(chat) as { title: string }).title
    other.exec('BEGIN IMMEDIATE')
    const writing = app.db.updateTable('chats').set({ title: 'Renamed while locked' }).where('id', '=', chat!).execute()
    // The lock is given up from this same thread: with SQLite's busy handler sleeping inside the
    // write's call, these timers could not run until the write had failed.
    const started = performance.now()
    let turns = 0
    while (performance.now() - started < 150) {
      await sleep(5)
      turns++
    }
    t.ok(turns >= 10, `timers ran while the write waited (${turns} turns of 5 ms in 150 ms)`)
    t.not(title(), 'Renamed while locked', 'the write had not gone while the file was locked')
    other.exec('COMMIT')
    await writing
    t.equal(title(), 'Renamed while locked', 'it went once the lock was given up')
  })

  t.test('a transaction waits for the lock the same way, and writes what it read', async (t) => {
    const { app, other } = await appOnFile(t)
    const [chat] = await seedHistory(app.db, 'owner-locked', { chats: 1, messages: 2, idPrefix: 'locked' })
    other.exec('BEGIN IMMEDIATE')
    const renaming = app.db.transaction().execute(async (trx) => {
      const { title } = await trx.selectFrom('chats').select('title').where('id', '=', chat!).executeTakeFirstOrThrow()
      await trx.updateTable('chats').set({ title: `${title}, again` }).where('id', '=', chat!).execute()
    })
    await sleep(100)
    // Written by the other connection while the transaction waits to begin: it must read this.
    other.prepare('UPDATE chats SET title = ? WHERE id = ?').run('Renamed by the other', chat)
    other.exec('COMMIT')
    await renaming
    t.equal((await app.db.selectFrom('chats').select('title').where('id', '=', chat!).executeTakeFirstOrThrow()).title, 'Renamed by the other, again')
  })

}
