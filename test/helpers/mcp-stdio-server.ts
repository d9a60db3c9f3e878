// The demo MCP server (mcp-demo-server.ts) over stdio, as an MCP_CONFIG "command" runs it.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { buildDemoMcpServer } from './mcp-demo-server.ts'

await buildDemoMcpServer().connect(new StdioServerTransport())
