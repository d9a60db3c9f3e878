// Tools: decorates `app.tools` with the registry of tools answers may call.
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { createToolRegistry, type ToolRegistry } from '../services/tools/tool-registry.ts'
import { createMcpHub, readMcpConfig, type McpHub } from '../services/tools/mcp.ts'

declare module 'fastify' {
  interface FastifyInstance {
    tools: ToolRegistry
    /** The MCP servers of MCP_CONFIG (null without one). */
    mcp: McpHub | null
  }
}

export default fp(
  async function tools(app, options: { config: AppConfig }) {
    const { mcpConfig } = options.config.tools
    let mcp: McpHub | undefined
    if (mcpConfig) {
      // A file that cannot be read or is not an mcpServers file stops the start: it is a mistake to fix.
      const servers = await readMcpConfig(mcpConfig)
      mcp = createMcpHub({ servers, log: app.log, callTimeoutMs: options.config.tools.timeoutMs })
      app.addHook('onClose', () => mcp!.close())
      // Never "not ready" for an MCP server: the app answers without its tools. The detail says which fail.
      app.readinessChecks.set('mcp', async () =>
        mcp!
          .status()
          .map((server) => `${server.name}: ${server.state}${server.state === 'ready' ? ` (${server.tools} tools)` : server.error ? ` (${server.error})` : ''}`)
          .join('; '),
      )
    }
    const registry = createToolRegistry(options.config.tools, { mcp })
    app.log.info({ tools: registry.list().map((tool) => tool.name), mcpServers: mcp?.status().map((server) => server.name) ?? [] }, 'tools: on offer to models')
    app.decorate('tools', registry)
    app.decorate('mcp', mcp ?? null)
  },
  { name: 'tools' },
)
