// The upstreams tools call, faked on one loopback port for the end-to-end tests (Playwright starts
// it beside the app): Open-Meteo's geocoding and forecast APIs, SearXNG's search, an MCP server
// (/mcp). `GET /healthz` says it is up.
import { createServer } from 'node:http'
import { openMeteoHandler } from './fake-open-meteo.ts'
import { searxngHandler } from './fake-searxng.ts'
import { handleMcpRequest } from './mcp-demo-server.ts'

const port = Number(process.argv[2] ?? process.env.PORT ?? 3198)
const openMeteo = openMeteoHandler({ requests: [] })
const searxng = searxngHandler({ requests: [] })
const server = createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok')
  if (req.url === '/mcp') return void handleMcpRequest(req, res)
  if (req.url?.startsWith('/search')) return searxng(req, res)
  return openMeteo(req, res)
})
server.listen(port, '127.0.0.1')
// Playwright stops it with SIGTERM; nothing to keep.
process.on('SIGTERM', () => server.close(() => process.exit(0)))
