// The benchmark's baseline: a bare Fastify with no plugins beyond static files, run as a child of
// scripts/bench/ssr.ts so that it does not share an event loop with autocannon.
//
//   GET /bare      the app's `/` HTML captured once by the parent (same bytes), uncompressed like
//                  the app's answer to autocannon, which sends no Accept-Encoding.
//   GET /static    the same HTML for the browser comparison, brotli-compressed once up front when
//                  the browser accepts it (the app compresses its HTML stream too).
//   GET /static-app-headers
//                  the same again with the app's response headers (CSP with the HTML's nonce, COOP,
//                  Origin-Agent-Cluster…), to tell the cost of the headers from the cost of SSR.
//   GET /*         dist/client (assets, favicon) with the build's precompressed .br/.gz files, so
//                  the static copy loads exactly the stylesheet and scripts the app page loads.
//
// Input: BENCH_HTML_FILE (the captured HTML), BENCH_HEADERS_FILE (its response headers as JSON),
// BENCH_CLIENT_DIR (dist/client). Output: sends
// { port } to the parent over IPC once listening. Exits when the parent goes away.
import { readFileSync } from 'node:fs'
import { brotliCompressSync } from 'node:zlib'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'

const htmlFile = process.env.BENCH_HTML_FILE
const headersFile = process.env.BENCH_HEADERS_FILE
const clientDir = process.env.BENCH_CLIENT_DIR
if (!htmlFile || !headersFile || !clientDir || !process.send) {
  console.error('bare-server: run me from scripts/bench/ssr.ts (needs BENCH_HTML_FILE, BENCH_HEADERS_FILE, BENCH_CLIENT_DIR and an IPC channel)')
  process.exit(2)
}

const html = readFileSync(htmlFile)
const htmlBrotli = brotliCompressSync(html)
const appHeaders = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>

const app = Fastify({ logger: false })

app.get('/bare', async (_request, reply) => {
  return reply.type('text/html; charset=utf-8').send(html)
})

function sendStatic(request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding')
  const accepts = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(htmlBrotli)
  return reply.send(html)
}

app.get('/static', async (request, reply) => sendStatic(request, reply))

app.get('/static-app-headers', async (request, reply) => sendStatic(request, reply.headers(appHeaders)))

await app.register(fastifyStatic, { root: clientDir, prefix: '/', preCompressed: true, wildcard: true })

await app.listen({ host: '127.0.0.1', port: 0 })
const address = app.server.address()
if (address === null || typeof address === 'string') throw new Error('bare-server: no TCP address')
process.send({ port: address.port, htmlBytes: html.length, htmlBrotliBytes: htmlBrotli.length })

// The parent owns this process: if it dies (even by SIGKILL), the IPC channel closes and we follow.
process.on('disconnect', () => process.exit(0))
process.on('SIGTERM', () => process.exit(0))
