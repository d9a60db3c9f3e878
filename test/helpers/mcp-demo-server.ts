// A real MCP server built with the official SDK, for tests: read-only tools (echo, add), one that
// needs approval (delete_note: no readOnlyHint), one that fails. Served over Streamable HTTP
// (stateless, a fresh server per request) or over stdio (mcp-stdio-server.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'

export const deleted: string[] = []

export function buildDemoMcpServer(): McpServer {
  const server = new McpServer({ name: 'demo', version: '1.0.0' })
  server.registerTool(
    'echo',
    { title: 'Echo', description: 'Says the text back.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  )
  server.registerTool(
    'add',
    { title: 'Add numbers', description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() }, outputSchema: { sum: z.number() }, annotations: { readOnlyHint: true } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  )
  server.registerTool('delete_note', { description: 'Deletes a note.', inputSchema: { id: z.string() } }, async ({ id }) => {
    deleted.push(id)
    return { content: [{ type: 'text', text: `deleted ${id}` }] }
  })
  server.registerTool('broken', { description: 'Always fails.', annotations: { readOnlyHint: true } }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'The broken tool always fails.' }],
  }))
  return server
}

/** One MCP request over Streamable HTTP, stateless: a fresh server and transport for it. */
export async function handleMcpRequest(req: IncomingMessage, res: ServerResponse) {
  const server = buildDemoMcpServer()
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  res.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(req, res)
}

export async function startMcpHttpServer(t: Test): Promise<{ url: string; requests: number }> {
  const state = { url: '', requests: 0 }
  const http = createServer(async (req, res) => {
    state.requests++
    if (req.url !== '/mcp') {
      res.statusCode = 404
      return res.end()
    }
    await handleMcpRequest(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => http.close(() => resolve())))
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`
  return state
}
