// An orchestrator sends traffic only to a ready replica (/readyz) and restarts only a dead one
// (/healthz): a database that is behind on migrations or unreachable makes a replica not ready,
// never "dead" (restarting it would not help).
import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { buildApp } from '../helpers/build-app.ts'
import { freshPostgresUrl } from '../helpers/postgres.ts'

t.test('readiness fails while a migration is pending; liveness does not', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'readiness-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const { app } = await buildApp(t, { DATABASE_PATH: join(dir, 'app.db') })
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200)
  // As after restoring an older backup under a running replica: the newest migration is not applied.
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(app.db)
  const newest = rows[0]!.name
  await sql`delete from kysely_migration where name = ${newest}`.execute(app.db)
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 503)
  t.match(ready.json(), { status: 'not ready', checks: { database: { ok: false, detail: `pending migrations: ${newest}` } } })
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'alive all the same')
})

t.test('readiness fails while PostgreSQL refuses connections, and recovers; liveness does not fail', async (t) => {
  const databaseUrl = await freshPostgresUrl(t)
  if (!databaseUrl) {
    t.comment('!!!!! PostgreSQL not reachable: readiness against an unreachable database was NOT checked !!!!!')
    return
  }
  const { app } = await buildApp(t, { DATABASE_URL: databaseUrl })
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200)

  const name = new URL(databaseUrl).pathname.slice(1)
  const admin = new pg.Client({ connectionString: databaseUrl.replace(`/${name}`, '/test') })
  await admin.connect()
  t.teardown(() => admin.end())
  // The database stops accepting connections and drops the ones it has (as in a failover).
  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
  // Terminating is asynchronous: wait until the app's connections are really gone.
  while ((await admin.query('select 1 from pg_stat_activity where datname = $1', [name])).rowCount) await new Promise((resolve) => setTimeout(resolve, 20))
  const down = await app.inject({ url: '/readyz' })
  t.equal(down.statusCode, 503)
  t.match(down.json(), { status: 'not ready', checks: { database: { ok: false } } })
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'alive: a restart would not bring the database back')
  // The pool may hold more than one idle connection that died: each answers "Connection terminated
  // unexpectedly" once and is dropped. After them, new connections are refused, and so reported.
  const details: string[] = []
  for (let attempt = 0; attempt < 10 && !/not currently accepting connections/.test(details.at(-1) ?? ''); attempt++) {
    const still = await app.inject({ url: '/readyz' })
    t.equal(still.statusCode, 503, 'still not ready')
    details.push(still.json().checks.database.detail)
  }
  t.match(details.at(-1), /not currently accepting connections/, `new connections are refused, and the check says so (${details.join(' | ')})`)

  await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)
  const back = await app.inject({ url: '/readyz' })
  t.equal(back.statusCode, 200, 'ready again without a restart')
})

t.test('a PostgreSQL connection lost while checked out between two queries is logged, not a crash', async (t) => {
  const databaseUrl = await freshPostgresUrl(t)
  if (!databaseUrl) {
    t.comment('!!!!! PostgreSQL not reachable: a connection lost while checked out was NOT checked !!!!!')
    return
  }
  const { app, logs } = await buildApp(t, { DATABASE_URL: databaseUrl })
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  process.prependListener('uncaughtException', onUncaught)
  t.teardown(() => process.removeListener('uncaughtException', onUncaught))

  // As Kysely holds a client between the queries of a transaction: checked out, no query running.
  const client = await app.dbPool!.connect()
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  t.teardown(() => admin.end())
  await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])
  const deadline = Date.now() + 5000
  while (!logs.some((line) => line.msg === 'db: a PostgreSQL connection was lost') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  client.release()

  t.same(uncaught, [], 'no uncaught exception')
  t.ok(logs.some((line) => line.msg === 'db: a PostgreSQL connection was lost' && line.level === 40), 'logged as a warning')
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200, 'the next query opens a new connection')
})
