// MCP servers from MCP_CONFIG: real servers built with the official SDK, over Streamable HTTP and
// over stdio; their read-only tools join the answers (dynamic-tool parts), a failing server only
// loses its own tools and says so at /readyz, and tools that need approval are not run unasked.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor } from '../helpers/chat.ts'
import { deleted, startMcpHttpServer } from '../helpers/mcp-demo-server.ts'
import { readMcpConfig } from '../../server/services/tools/mcp.ts'

const dir = mkdtempSync(join(tmpdir(), 'mcp-test-'))
const file = (name: string, content: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}
const STDIO_SERVER = join(import.meta.dirname, '../helpers/mcp-stdio-server.ts')

/** A new chat of a new visitor, and a function that sends a message in it: the stream's chunks and the stored answer. */
async function newChatAsker(app: FastifyInstance) {
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hello')).json().id as string
  return async (text: string) => {
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { messages: [userMessage(text)] } })
    const stored = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages.at(-1)
    return { chunks: parseUiStream(res.body).chunks, stored }
  }
}

t.test('MCP_CONFIG files that cannot work are refused with a clear message', async (t) => {
  await t.rejects(readMcpConfig(join(dir, 'missing.json')), /MCP_CONFIG: cannot read .*missing\.json/)
  await t.rejects(readMcpConfig(file('bad.json', '{ "mcpServers": ')), /MCP_CONFIG: cannot read/)
  await t.rejects(readMcpConfig(file('shape.json', { mcpServers: { a: { port: 3 } } })), /is not an mcpServers file.*each server needs "url" or "command"/)
  await t.rejects(readMcpConfig(file('name.json', { mcpServers: { 'bad name!': { url: 'http://127.0.0.1:1/mcp' } } })), /server name "bad name!" must be/)
  await t.rejects(buildApp(t, { MCP_CONFIG: join(dir, 'missing.json') }), /MCP_CONFIG: cannot read/)
})

t.test('tools of MCP servers over HTTP and stdio join the answer loop; a down server only loses its own', async (t) => {
  const http = await startMcpHttpServer(t)
  const config = file('mcp.json', {
    mcpServers: {
      web: { url: http.url },
      local: { command: process.execPath, args: ['--import', 'tsx', STDIO_SERVER] },
      down: { url: 'http://127.0.0.1:9/mcp' },
    },
  })
  const { app, logs } = await buildApp(t, { MCP_CONFIG: config, OFFLINE_TOKEN_DELAY_MS: '0' })
  await app.mcp!.settled()

  const tools = app.tools.list()
  t.same(
    tools.filter((tool) => tool.group === 'web').map((tool) => [tool.name, tool.label, tool.needsApproval]),
    [
      ['mcp__web__echo', 'Echo', false],
      ['mcp__web__add', 'Add numbers', false],
      ['mcp__web__delete_note', 'Delete note', true],
      ['mcp__web__broken', 'Broken', false],
    ],
  )
  t.equal(tools.filter((tool) => tool.group === 'local').length, 4, 'the stdio server’s tools too')
  t.same(app.mcp!.status().map((server) => [server.name, server.state]), [
    ['web', 'ready'],
    ['local', 'ready'],
    ['down', 'failing'],
  ])
  t.ok(logs.some((line) => line.server === 'down' && /server unavailable/.test(String(line.msg))), 'the failing server is named in the log')
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200, 'a failing MCP server does not make the app unready')
  t.match(ready.json().checks.mcp.detail, /web: ready \(4 tools\); local: ready \(4 tools\); down: failing \(/)

  const ask = await newChatAsker(app)

  const echo = await ask('Please run mcp__web__echo {"text": "hello there"}')
  t.match(echo.chunks.find((chunk) => chunk.type === 'tool-input-start'), { toolName: 'mcp__web__echo', dynamic: true, title: 'Echo' })
  t.match(echo.chunks.find((chunk) => chunk.type === 'tool-output-available'), { output: 'echo: hello there', dynamic: true })
  t.match(echo.stored.parts[0], { type: 'dynamic-tool', toolName: 'mcp__web__echo', state: 'output-available', input: { text: 'hello there' }, output: 'echo: hello there' })
  t.match(streamedText(echo.chunks), /The mcp__web__echo tool answered/)

  const local = await ask('mcp__local__add {"a": 2, "b": 40}')
  t.match(local.stored.parts[0], { type: 'dynamic-tool', toolName: 'mcp__local__add', state: 'output-available', output: { sum: 42 } }, 'structured content over stdio')

  const broken = await ask('mcp__web__broken {}')
  t.match(broken.stored.parts[0], { state: 'output-error', errorText: 'The broken tool always fails.' })
  t.equal(broken.stored.status, 'complete')

  const invalid = await ask('mcp__web__add {"a": "two"}')
  t.match(invalid.stored.parts[0], { state: 'output-error', errorText: /Invalid input for mcp__web__add/ }, 'the server’s input schema is checked before calling it')

})

t.test('a tool without readOnlyHint waits for the user: approved it runs, denied the model is told; only the owner decides', async (t) => {
  const http = await startMcpHttpServer(t)
  const config = file('approval.json', { mcpServers: { web: { url: http.url } } })
  const { app } = await buildApp(t, { MCP_CONFIG: config, OFFLINE_TOKEN_DELAY_MS: '0' })
  await app.mcp!.settled()
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`
  const { uiStreamReader } = await import('../helpers/app-process.ts')
  const v = visitor()
  const chatId = (await createChat(app, v, 'Hello')).json().id as string
  const decide = (body: object, who = v) => fetch(`${base}/api/chats/${chatId}/approvals`, { method: 'POST', headers: who.headers(true), body: JSON.stringify(body) })

  async function askAndDecide(text: string, decision: { approved: boolean; reason?: string }) {
    const res = await fetch(`${base}/api/chats/${chatId}`, { method: 'POST', headers: v.headers(true), body: JSON.stringify({ messages: [userMessage(text)] }) })
    const stream = uiStreamReader(res)
    t.ok(await stream.readUntil(() => stream.chunks.some((chunk) => chunk.type === 'tool-approval-request')), 'the call asks for approval')
    const request = stream.chunks.find((chunk) => chunk.type === 'tool-approval-request')!
    // Meanwhile the stored answer shows the call waiting (a reload would show Approve and Deny).
    const waiting = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages.at(-1)
    t.equal(waiting.status, 'streaming')
    const stranger = visitor()
    t.equal((await decide({ approvalId: request.approvalId, approved: true }, stranger)).status, 404, 'nobody else can approve')
    t.equal((await decide({ approvalId: 'not-waiting', approved: true })).status, 409)
    t.equal((await decide({ approvalId: request.approvalId, ...decision })).status, 200)
    await stream.readUntil()
    const stored = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages.at(-1)
    return { chunks: stream.chunks, stored, request }
  }

  const approved = await askAndDecide('mcp__web__delete_note {"id": "n1"}', { approved: true })
  t.match(approved.chunks.find((chunk) => chunk.type === 'tool-approval-response'), { approvalId: approved.request.approvalId, approved: true })
  t.match(approved.chunks.find((chunk) => chunk.type === 'tool-output-available'), { output: 'deleted n1' })
  t.same(deleted, ['n1'])
  t.match(approved.stored.parts[0], { type: 'dynamic-tool', state: 'output-available', approval: { approved: true } })

  const denied = await askAndDecide('mcp__web__delete_note {"id": "n2"}', { approved: false, reason: 'keep that one' })
  t.ok(denied.chunks.some((chunk) => chunk.type === 'tool-output-denied'))
  t.same(deleted, ['n1'], 'a denied call does not run')
  t.match(denied.stored.parts[0], { state: 'output-denied', approval: { approved: false, reason: 'keep that one' } })
  t.match(streamedText(denied.chunks), /You did not let the mcp__web__delete_note tool run \(“keep that one”\)/)
  t.equal(denied.stored.status, 'complete')
})

t.test('a published server from the npm registry (@modelcontextprotocol/server-everything, stdio) works as configured in Claude Desktop', async (t) => {
  // Nobody on the team wrote this server: its tool names have hyphens, its titles and annotations are
  // its own, and one tool answers with an image instead of text.
  const everything = join(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js')
  const config = file('everything.json', { mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } })
  const { app } = await buildApp(t, { MCP_CONFIG: config, OFFLINE_TOKEN_DELAY_MS: '0' })
  await app.mcp!.settled()
  t.same(app.mcp!.status().map((server) => [server.name, server.state]), [['everything', 'ready']])
  const byName = new Map(app.tools.list().filter((tool) => tool.group === 'everything').map((tool) => [tool.name, tool]))
  t.match(byName.get('mcp__everything__get-sum'), { label: 'Get Sum Tool', needsApproval: false }, 'readOnlyHint: true runs unasked')
  t.match(byName.get('mcp__everything__echo'), { needsApproval: false })
  t.match(byName.get('mcp__everything__toggle-simulated-logging'), { needsApproval: true }, 'readOnlyHint: false asks first')

  const listed = (await app.inject({ url: '/api/tools' })).json()
  t.ok(JSON.stringify(listed).includes('mcp__everything__get-sum'), 'the Tools control lists them under the server')

  const ask = await newChatAsker(app)
  const sum = await ask('What is mcp__everything__get-sum {"a": 2, "b": 40} ?')
  t.match(sum.stored.parts[0], { type: 'dynamic-tool', toolName: 'mcp__everything__get-sum', state: 'output-available', input: { a: 2, b: 40 }, output: 'The sum of 2 and 40 is 42.' })
  t.match(streamedText(sum.chunks), /The sum of 2 and 40 is 42/, 'the answer uses the result')
  t.equal(sum.stored.status, 'complete')

  const wrong = await ask('mcp__everything__get-sum {"a": "two"}')
  t.match(wrong.stored.parts[0], { state: 'output-error', errorText: /Invalid input for mcp__everything__get-sum/ }, 'its own JSON schema is checked first')

  const image = await ask('mcp__everything__get-tiny-image {}')
  t.match(image.stored.parts[0], { type: 'dynamic-tool', state: 'output-available' }, 'an answer with an image content block is kept as the tool’s output')
  t.match(JSON.stringify(image.stored.parts[0].output), /"type":"image"/)
  t.equal(image.stored.status, 'complete')
})
