// A handle on the app's database that records every statement run through it (SQL and
// parameters), for tests of what a service asks the database for (its query plans, its walks).
import type { CompiledQuery, Kysely } from 'kysely'

export function recordStatements<DB>(db: Kysely<DB>): { db: Kysely<DB>; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = []
  const recording = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      statements.push(db.getExecutor().compileQuery(node, queryId))
      return node
    },
    transformResult: async ({ result }) => result,
  })
  return { db: recording, statements }
}
