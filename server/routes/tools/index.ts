// The tools models may call, for the Tools control and for API clients.
import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'

const ToolInfo = Type.Object({ name: Type.String(), label: Type.String(), group: Type.String(), description: Type.String(), needsApproval: Type.Boolean() })

export default async function toolRoutes(app: FastifyInstance) {
  app.get('/api/tools', { schema: { response: { 200: Type.Object({ tools: Type.Array(ToolInfo) }) } } }, async (_request, reply) => {
    // MCP servers come and go: ask again rather than keep a stale list.
    reply.header('cache-control', 'no-cache')
    return { tools: app.tools.list() }
  })
}
