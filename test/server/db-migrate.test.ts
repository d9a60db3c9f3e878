// `npm run db:migrate` applies what is pending, and a second run finds nothing to do.
import t from 'tap'
import { migrate } from '../../server/migrate.ts'
import { loadConfig } from '../../fastify.config.ts'
import { TEST_SESSION_KEY } from '../helpers/build-app.ts'

t.test('migrates a new database, then has nothing pending', async (t) => {
  const env = loadConfig({ NODE_ENV: 'test', SESSION_KEY: TEST_SESSION_KEY, DATABASE_PATH: t.testdir() + '/migrate.db' })
  const first = await migrate(env)
  t.ok(first.length >= 3, 'every migration applied')
  for (const line of first) t.match(line, /: Success$/)
  t.same(await migrate(env), [], 'nothing pending the second time')
})
