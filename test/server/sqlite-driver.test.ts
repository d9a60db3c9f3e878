// The SQLite driver matches the Node it runs on (server/db/sqlite-driver.ts). npm test runs this on
// the machine's Node and on the Docker image's Node, so each leg checks its own pick.
import t from 'tap'
import { createRequire } from 'node:module'
import { sql } from 'kysely'
import { createDatabase, migrateToLatest } from '../../server/plugins/db.ts'
import { SQLITE_DRIVER } from '../../server/db/sqlite-driver.ts'

const nodeMajor = Number(process.versions.node.split('.')[0])
const require = createRequire(import.meta.url)

t.test('Node 22 and later use better-sqlite3 13; Node 20 uses 12', async (t) => {
  const { version } = require(`${SQLITE_DRIVER}/package.json`) as { version: string }
  t.equal(Number(version.split('.')[0]), nodeMajor >= 22 ? 13 : 12, `Node ${process.versions.node} loads ${SQLITE_DRIVER}@${version}`)
})

t.test('the picked driver opens a database, runs the migrations and full-text search', async (t) => {
  const { db } = await createDatabase({ databaseUrl: undefined, databasePath: ':memory:' })
  t.teardown(() => db.destroy())
  await migrateToLatest(db)
  // The search index is an FTS5 table: the driver's SQLite must have been built with FTS5.
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name IN ('chats', 'chat_search') ORDER BY name`.execute(db)
  t.same(rows.map((row) => row.name), ['chat_search', 'chats'])
})
