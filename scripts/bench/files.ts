// Files benchmark: `npm run bench:files` (after `npm run build`).
//
// The production app (dist/node/server/main.js, uploads on disk in a temporary directory) against a
// bare Fastify with @fastify/multipart that streams the same upload to a file (this script run as
// a child with `bare`), both measured in the same run, alternating, so only the ratios mean much:
//
//   1. upload    one 10 MB file (an image's magic bytes, then random bytes), POST as multipart:
//                MB/s, medians of BENCH_RUNS
//   2. download  the same file back (GET /api/files/:id vs a plain file stream): MB/s, medians
//   3. memory    BENCH_CONCURRENT uploads of 10 MB at once (default 20): each server's RSS before
//                and at its peak (sampled every 50 ms): streamed bytes keep the growth far below
//                the 200 MB that went through
//
// Environment: BENCH_RUNS (default 9), BENCH_CONCURRENT (default 20), BENCH_FILE_MB (default 10).
// Everything listens on 127.0.0.1 and stops by itself. Timings are reported, never asserted.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { ROOT, ensureBuild, freePort, positiveIntEnv, productionAppEnv } from './bench-app.ts'

const HOST = '127.0.0.1'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

/** The baseline: Fastify + @fastify/multipart streaming the upload to a file, and the file back. */
async function bareServer() {
  const { default: Fastify } = await import('fastify')
  const { default: multipart } = await import('@fastify/multipart')
  const dir = process.env.BENCH_BARE_DIR!
  const app = Fastify()
  await app.register(multipart, { limits: { files: 1, fileSize: 64 * 1024 * 1024 } })
  let count = 0
  app.post('/upload', async (request, reply) => {
    const part = await request.file()
    const name = `f${count++}`
    await pipeline(part!.file, createWriteStream(join(dir, name)))
    return reply.code(201).send({ url: `/files/${name}` })
  })
  app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => reply.type('application/octet-stream').send(createReadStream(join(dir, request.params.name))))
  await app.listen({ host: HOST, port: Number(process.env.PORT) })
  process.send?.('ready')
  process.on('disconnect', () => process.exit(0))
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : 0
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function waitReady(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('a server exited during start-up')
    const ok = await fetch(`${origin}/healthz`).then((response) => response.status < 500, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${origin} did not start`)
}

async function main() {
  ensureBuild()
  const runs = positiveIntEnv('BENCH_RUNS', 9)
  const concurrent = positiveIntEnv('BENCH_CONCURRENT', 20)
  const size = positiveIntEnv('BENCH_FILE_MB', 10) * 1024 * 1024
  const watchdog = setTimeout(() => {
    console.error('bench: watchdog: still running after 10 minutes, giving up')
    process.exit(1)
  }, 600_000)
  watchdog.unref()

  const uploads = mkdtempSync(join(tmpdir(), 'bench-files-app-'))
  const bareDir = mkdtempSync(join(tmpdir(), 'bench-files-bare-'))
  const children: ChildProcess[] = []
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
    rmSync(uploads, { recursive: true, force: true })
    rmSync(bareDir, { recursive: true, force: true })
  }
  process.once('exit', cleanup)

  const appPort = await freePort()
  const app = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: ROOT,
    env: productionAppEnv(appPort, { UPLOADS_DIR: uploads, UPLOAD_MAX_BYTES: String(size), UPLOAD_QUOTA_ANONYMOUS_BYTES: String(size * (concurrent + runs * 2 + 10)) }),
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(app)
  const barePort = await freePort()
  const bare = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'bare'], { cwd: ROOT, env: { ...process.env, PORT: String(barePort), BENCH_BARE_DIR: bareDir }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  children.push(bare)
  const appOrigin = `http://${HOST}:${appPort}`
  const bareOrigin = `http://${HOST}:${barePort}`
  await waitReady(appOrigin, app)
  await waitReady(bareOrigin, bare)

  // A visitor of the app: its first upload gives it a cookie.
  let cookie = ''
  const file = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)])
  const blob = new Blob([new Uint8Array(file)], { type: 'image/png' })
  async function upload(target: 'app' | 'bare'): Promise<{ ms: number; url: string }> {
    const form = new FormData()
    form.append('file', blob, 'bench.png')
    const started = performance.now()
    const res = await fetch(target === 'app' ? `${appOrigin}/api/files` : `${bareOrigin}/upload`, {
      method: 'POST',
      headers: target === 'app' ? { 'user-agent': UA, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) } : {},
      body: form,
    })
    const body = (await res.json()) as { url: string }
    if (res.status !== 201) throw new Error(`${target} upload: ${res.status} ${JSON.stringify(body)}`)
    if (target === 'app' && !cookie) cookie = res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
    return { ms: performance.now() - started, url: body.url }
  }
  async function download(target: 'app' | 'bare', url: string): Promise<number> {
    const started = performance.now()
    const res = await fetch((target === 'app' ? appOrigin : bareOrigin) + url, { headers: target === 'app' ? { 'user-agent': UA, cookie } : {} })
    const bytes = (await res.arrayBuffer()).byteLength
    if (bytes !== size) throw new Error(`${target} download: ${bytes} bytes`)
    return performance.now() - started
  }

  const mbps = (ms: number) => size / 1024 / 1024 / (ms / 1000)
  const results = { app: { up: [] as number[], down: [] as number[] }, bare: { up: [] as number[], down: [] as number[] } }
  // Warm-up, then alternate so drift on the machine hits both alike.
  for (const target of ['app', 'bare'] as const) await download(target, (await upload(target)).url)
  for (let run = 0; run < runs; run++) {
    for (const target of ['app', 'bare'] as const) {
      const { ms, url } = await upload(target)
      results[target].up.push(mbps(ms))
      results[target].down.push(mbps(await download(target, url)))
    }
  }

  async function memory(target: 'app' | 'bare', pid: number) {
    const before = rssMb(pid)
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50)
    const started = performance.now()
    await Promise.all(Array.from({ length: concurrent }, () => upload(target)))
    const tookS = (performance.now() - started) / 1000
    clearInterval(sampler)
    return { before, peak, tookS }
  }
  const memoryApp = await memory('app', app.pid!)
  const memoryBare = await memory('bare', bare.pid!)

  const fmt = (n: number) => n.toFixed(1)
  console.log(`\n### Files (${size / 1024 / 1024} MB; medians of ${runs} runs each, alternating app and bare Fastify + @fastify/multipart)\n`)
  console.log('| measure | bare | app | app / bare |')
  console.log('|---|---:|---:|---:|')
  for (const [label, key] of [['upload (MB/s)', 'up'], ['download (MB/s)', 'down']] as const) {
    const bareValue = median(results.bare[key])
    const appValue = median(results.app[key])
    console.log(`| ${label} | ${fmt(bareValue)} | ${fmt(appValue)} | ${(appValue / bareValue).toFixed(2)} |`)
  }
  console.log(`\n### ${concurrent} uploads of ${size / 1024 / 1024} MB at once (${fmt((concurrent * size) / 1024 / 1024)} MB in all)\n`)
  console.log('| server | RSS before (MB) | RSS peak (MB) | growth (MB) | took (s) |')
  console.log('|---|---:|---:|---:|---:|')
  for (const [label, m] of [['bare', memoryBare], ['app', memoryApp]] as const) console.log(`| ${label} | ${fmt(m.before)} | ${fmt(m.peak)} | ${fmt(m.peak - m.before)} | ${fmt(m.tookS)} |`)
  console.log('\nThe bench process itself holds the one file it sends; both servers stream to disk.')
  cleanup()
  process.exit(0)
}

// Last: the functions and constants above are initialised by now.
if (process.argv[2] === 'bare') await bareServer()
else await main()
