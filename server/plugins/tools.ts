// Tools (DESIGN §5): decorates `app.tools` with the registry of tools answers may call.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createToolRegistry, type ToolRegistry } from '../services/tools/tool-registry.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tools: ToolRegistry
  }
}

export default fp(
  async function tools(app, options: { config: AppConfig }) {
    const registry = createToolRegistry(options.config.tools)
    app.log.info({ tools: registry.list().map((tool) => tool.name) }, 'tools: on offer to models')
    app.decorate('tools', registry)
  },
  { name: 'tools' },
)
