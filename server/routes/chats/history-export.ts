// Every chat of the visitor in one file (streamed, so a big history costs no memory):
// `GET /api/export` → a JSON array of this app's chat exports (`{ chat, messages }`, each the whole
// tree, as `GET /api/chats/:id/export?format=json` gives its owner), which `POST /api/import` takes
// back. Written one chat at a time as the client reads it: memory stays flat for 10,000 chats.
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { ownerExport } from './common.ts'

export async function historyExportRoutes(app: FastifyInstance) {
  // No schema of its own but an empty one: the API document lists the route (route-docs.ts says what it sends).
  app.get('/api/export', { schema: {} }, async (request, reply) => {
    const ownerId = await request.peekOwnerId()
    reply.header('cache-control', 'no-store')
    reply.header('content-disposition', `attachment; filename="chats-${new Date().toISOString().slice(0, 10)}.json"`)
    reply.type('application/json; charset=utf-8')
    return reply.send(Readable.from(ownerId === null ? ['[]\n'] : historyJson(app, ownerId), { objectMode: false }))
  })
}

async function* historyJson(app: FastifyInstance, ownerId: string): AsyncGenerator<string> {
  yield '['
  let first = true
  for (const id of await app.chats.idsOf(ownerId)) {
    const chat = await app.chats.get(id)
    // Deleted while the export ran.
    if (!chat) continue
    yield `${first ? '\n' : ',\n'}${JSON.stringify(await ownerExport(app, chat))}`
    first = false
  }
  yield '\n]\n'
}
