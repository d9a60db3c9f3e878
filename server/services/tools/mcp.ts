// MCP servers: the operator lists them in MCP_CONFIG, in the format Claude Desktop,
// Cursor and VS Code use (`{ "mcpServers": { "<name>": { "url", "headers" } | { "command", "args",
// "env" } } }`). Each is connected in the background — Streamable HTTP with a fallback to the older
// SSE transport, or a child process over stdio — and its tools join the answer loop as
// `mcp__<server>__<tool>` (AI SDK dynamic tools). A server that is down, slow or answers garbage
// only makes its own tools unavailable: the app starts and answers anyway, says which server fails
// (log, /readyz detail) and reconnects with growing pauses.
import { readFile } from 'node:fs/promises'
import type { JSONSchema7 } from '@ai-sdk/provider'
import { Type, type Static } from 'typebox'
import Schema from 'typebox/schema'
import type { ChatTool } from './tool-types.ts'
import { ToolError } from './tool-types.ts'

const ServerName = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })
const HttpServer = Type.Object({
  url: Type.String({ pattern: '^https?://' }),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
  trust: Type.Optional(Type.Boolean()),
})
const StdioServer = Type.Object({
  command: Type.String({ minLength: 1 }),
  args: Type.Optional(Type.Array(Type.String())),
  env: Type.Optional(Type.Record(Type.String(), Type.String())),
  cwd: Type.Optional(Type.String()),
  trust: Type.Optional(Type.Boolean()),
})
const McpFile = Type.Object({ mcpServers: Type.Record(Type.String(), Type.Union([HttpServer, StdioServer])) })

export interface McpServerConfig {
  name: string
  transport: { kind: 'http'; url: string; headers: Record<string, string> } | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  /** `"trust": true`: its tools run without asking the user first. */
  trust: boolean
}

/** The servers of an MCP_CONFIG file; throws an Error naming what is wrong with it. */
export async function readMcpConfig(path: string): Promise<McpServerConfig[]> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new Error(`MCP_CONFIG: cannot read ${path}: ${(error as Error).message}`)
  }
  const [valid, errors] = Schema.Errors(McpFile as never, data)
  if (!valid) {
    const first = errors.find((error) => error.keyword !== 'boolean' && error.keyword !== 'anyOf') ?? errors[0]
    throw new Error(`MCP_CONFIG: ${path} is not an mcpServers file: ${first?.instancePath || '(top)'} ${first?.message ?? ''} (each server needs "url" or "command")`)
  }
  return Object.entries((data as Static<typeof McpFile>).mcpServers).map(([name, entry]) => {
    if (!Schema.Check(ServerName as never, name)) throw new Error(`MCP_CONFIG: server name "${name.slice(0, 60)}" must be 1 to 40 letters, digits, "_" or "-"`)
    const trust = entry.trust === true
    if ('url' in entry) return { name, trust, transport: { kind: 'http', url: entry.url, headers: entry.headers ?? {} } }
    return { name, trust, transport: { kind: 'stdio', command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, cwd: entry.cwd } }
  })
}

export interface McpServerStatus {
  name: string
  state: 'connecting' | 'ready' | 'failing'
  tools: number
  /** Why it is failing (no secrets: no headers, no environment). */
  error?: string
}

export interface McpHub {
  /** The tools of the servers connected now. */
  tools(): ChatTool[]
  status(): McpServerStatus[]
  /** Resolves once every server has connected or failed once (tests; the app does not wait). */
  settled(): Promise<void>
  close(): Promise<void>
}

interface HubLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export interface McpHubOptions {
  servers: McpServerConfig[]
  log: HubLogger
  /** Connecting and listing tools give up after this long. */
  connectTimeoutMs?: number
  /** Pauses before reconnecting a failing server, growing to the last one. */
  retryDelaysMs?: number[]
  /** A tool call's own limit (the answer loop's TOOL_TIMEOUT_MS applies too). */
  callTimeoutMs?: number
}

/** OpenAI and others want tool names of at most 64 characters from [A-Za-z0-9_-]. */
export const mcpToolName = (server: string, tool: string) => `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)

interface Connection {
  config: McpServerConfig
  state: McpServerStatus['state']
  error?: string
  tools: ChatTool[]
  client?: import('@modelcontextprotocol/sdk/client/index.js').Client
  retry: number
  timer?: NodeJS.Timeout
  firstAttempt: Promise<void>
}

export function createMcpHub(options: McpHubOptions): McpHub {
  const { log } = options
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000
  const delays = options.retryDelaysMs ?? [2_000, 5_000, 15_000, 30_000, 60_000]
  let closed = false

  const connections = options.servers.map((config) => {
    const connection: Connection = { config, state: 'connecting', tools: [], retry: 0, firstAttempt: Promise.resolve() }
    connection.firstAttempt = attempt(connection)
    return connection
  })

  async function attempt(connection: Connection): Promise<void> {
    const { config } = connection
    try {
      const client = await connectClient(config, connectTimeoutMs)
      if (closed) return void (await client.close().catch(() => {}))
      const listed = await client.listTools(undefined, { timeout: connectTimeoutMs })
      connection.client = client
      connection.tools = listed.tools.map((tool) => toChatTool(connection, tool))
      connection.state = 'ready'
      connection.error = undefined
      connection.retry = 0
      log.info({ server: config.name, tools: connection.tools.map((tool) => tool.name) }, 'mcp: server connected')
      // A server that goes away later (a crash, a restart) is reconnected.
      client.onclose = () => {
        if (closed || connection.client !== client) return
        fail(connection, new Error('the connection closed'))
      }
    } catch (error) {
      fail(connection, error)
    }
  }

  function fail(connection: Connection, error: unknown) {
    const client = connection.client
    connection.client = undefined
    connection.tools = []
    connection.state = 'failing'
    connection.error = describe(error)
    client?.close().catch(() => {})
    if (closed) return
    const delay = delays[Math.min(connection.retry, delays.length - 1)]!
    connection.retry += 1
    log.warn({ server: connection.config.name, reason: connection.error, retryInMs: delay }, 'mcp: server unavailable; its tools are off until it reconnects')
    clearTimeout(connection.timer)
    connection.timer = setTimeout(() => void attempt(connection), delay)
    connection.timer.unref()
  }

  function toChatTool(connection: Connection, tool: McpTool): ChatTool {
    const { config } = connection
    return {
      name: mcpToolName(config.name, tool.name),
      label: tool.title ?? tool.annotations?.title ?? inWords(tool.name),
      group: config.name,
      description: (tool.description ?? `The ${tool.name} tool of the ${config.name} MCP server.`).slice(0, 2000),
      inputSchema: (tool.inputSchema ?? { type: 'object' }) as JSONSchema7,
      dynamic: true,
      needsApproval: !config.trust && tool.annotations?.readOnlyHint !== true,
      async execute(input, { signal }) {
        const client = connection.client
        if (!client) throw new ToolError(`The MCP server “${config.name}” is not connected.`)
        const result = await client.callTool({ name: tool.name, arguments: input as Record<string, unknown> }, undefined, { signal, timeout: options.callTimeoutMs ?? 60_000 })
        const content = Array.isArray(result.content) ? (result.content as Array<{ type: string; text?: string }>) : []
        const text = content.filter((item) => item.type === 'text' && typeof item.text === 'string').map((item) => item.text).join('\n')
        if (result.isError) throw new ToolError(text || `The ${tool.name} tool reported an error.`)
        if (result.structuredContent) return result.structuredContent
        return content.every((item) => item.type === 'text') ? text : content
      },
    }
  }

  return {
    tools: () => connections.flatMap((connection) => connection.tools),
    status: () => connections.map(({ config, state, tools, error }) => ({ name: config.name, state, tools: tools.length, ...(error ? { error } : {}) })),
    settled: () => Promise.all(connections.map((connection) => connection.firstAttempt)).then(() => {}),
    async close() {
      closed = true
      await Promise.all(
        connections.map(async (connection) => {
          clearTimeout(connection.timer)
          await connection.client?.close().catch(() => {})
        }),
      )
    },
  }
}

interface McpTool {
  name: string
  title?: string
  description?: string
  inputSchema?: object
  annotations?: { title?: string; readOnlyHint?: boolean }
}

/** A connected client: Streamable HTTP (falling back to SSE for older servers) or stdio. */
async function connectClient(config: McpServerConfig, timeoutMs: number) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
  const newClient = () => new Client({ name: 'chat-template', version: '1.0.0' })
  const { transport } = config
  if (transport.kind === 'stdio') {
    const { StdioClientTransport, getDefaultEnvironment } = await import('@modelcontextprotocol/sdk/client/stdio.js')
    const client = newClient()
    const stdio = new StdioClientTransport({ command: transport.command, args: transport.args, env: { ...getDefaultEnvironment(), ...transport.env }, cwd: transport.cwd, stderr: 'ignore' })
    await withTimeout(client.connect(stdio, { timeout: timeoutMs }), timeoutMs, () => void stdio.close())
    return client
  }
  const url = new URL(transport.url)
  const requestInit = { headers: transport.headers }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
  const client = newClient()
  try {
    await withTimeout(client.connect(new StreamableHTTPClientTransport(url, { requestInit }), { timeout: timeoutMs }), timeoutMs)
    return client
  } catch (streamableError) {
    await client.close().catch(() => {})
    // An older server speaks only HTTP+SSE (the 2024-11-05 transport).
    const { SSEClientTransport } = await import('@modelcontextprotocol/sdk/client/sse.js')
    const fallback = newClient()
    try {
      await withTimeout(fallback.connect(new SSEClientTransport(url, { requestInit }), { timeout: timeoutMs }), timeoutMs)
      return fallback
    } catch {
      await fallback.close().catch(() => {})
      throw streamableError
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        onTimeout?.()
        reject(new Error(`no answer within ${ms} ms`))
      }, ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

/** "delete_note" → "Delete note": a tool's name in words when its server gives no title. */
function inWords(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1) || name
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : ''
  const message = error instanceof Error ? error.message : String(error)
  return `${message.split('\n')[0]!.slice(0, 300)}${code}`
}
