// Import benchmark: `npm run bench:import` (after `npm run build`).
//
// Generates a ChatGPT export of about IMPORT_BENCH_MB megabytes (default 100: conversations of 20
// messages with branches, tool steps and code), starts the production app on a file database, signs
// up, and imports it through POST /api/import while another visitor keeps reading their chat list.
// Printed, measured in the same run: the app's peak memory growth against the file's size (the file
// must never be held whole, let alone twice), the other visitor's request latency during the import
// against before it (the import must not block the server), and the import's rate. Then the shapes
// that once held the event loop for seconds (test/fixtures/imports/shapes.ts: a Claude answer with
// 40,000 versions, a ChatGPT line of 250,000 messages, a mapping of 700,000 nodes, the last two as
// large as one conversation may be, about 55 MB; each also at half that size;
// IMPORT_BENCH_SHAPE_PERCENT scales them, default 100), each imported while /healthz
// is asked one request after the other: the longest answer (the longest the server was held), and
// what the full size cost against the half in wall time and in the app's CPU time (all its threads;
// it barely changes with the machine's other load) (×2 is linear, ×4 quadratic), and first the same probe
// with no import running (the idle baseline the holds compare with). A fourth shape: a chat of
// pasted documents (long messages, the search index's heaviest rows). Measured, never
// asserted: the exit code is 0 unless something crashed. BENCH_APP_NODE_ARGS: node flags for the app.
import { spawn } from 'node:child_process'
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import { ROOT, ensureBuild, freePort, positiveIntEnv, productionAppEnv } from './bench-app.ts'
import { chatGptLine, chatGptNodes, chatGptPasted, claudeVersions } from '../../test/fixtures/imports/shapes.ts'

const TARGET_MB = positiveIntEnv('IMPORT_BENCH_MB', 100)
const SHAPE_PERCENT = positiveIntEnv('IMPORT_BENCH_SHAPE_PERCENT', 100)
const SHAPES: Array<{ name: string; full: number; make: (count: number, id: string) => string; unit: string }> = [
  { name: 'Claude: one answer, many versions', full: 40_000, make: claudeVersions, unit: 'versions' },
  { name: 'ChatGPT: one line of messages', full: 250_000, make: chatGptLine, unit: 'messages' },
  { name: 'ChatGPT: a mapping of many nodes, nearly all empty', full: 700_000, make: chatGptNodes, unit: 'nodes' },
  { name: 'ChatGPT: pasted documents (80 KB a message)', full: 240, make: (count, id) => chatGptPasted(count, 80_000, id), unit: 'messages' },
]
// Node flags for the app, e.g. `--max-old-space-size=96`: an import that streams fits under a cap
// that does not grow with the file (without one, V8 lets garbage pile up and RSS grows anyway).
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)
const HOST = '127.0.0.1'

function progress(message: string) {
  process.stderr.write(`· ${message}\n`)
}

/** One ChatGPT conversation: a user/assistant line of `turns` turns, a regenerated answer, a python step. */
function conversation(index: number, turns: number): string {
  const mapping: Record<string, unknown> = { root: { id: 'root', message: null, parent: null, children: [`u0-${index}`] } }
  const filler = `Paragraph ${index}: the quick brown fox jumps over the lazy dog while the bench measures memory and latency. `.repeat(22)
  let parent = 'root'
  let time = 1_700_000_000 + index * 3600
  for (let turn = 0; turn < turns; turn++) {
    const user = `u${turn}-${index}`
    const answer = `a${turn}-${index}`
    const answers = turn === 1 ? [answer, `${answer}-v2`] : [answer]
    ;(mapping[parent] as { children: string[] }).children = parent === 'root' ? [user] : (mapping[parent] as { children: string[] }).children
    mapping[user] = { id: user, parent, children: answers, message: { id: user, author: { role: 'user' }, create_time: time++, content: { content_type: 'text', parts: [`Question ${turn} of conversation ${index}: ${filler.slice(0, 400)}`] }, metadata: {}, recipient: 'all' } }
    for (const id of answers) {
      mapping[id] = { id, parent: user, children: [], message: { id, author: { role: 'assistant' }, create_time: time++, content: { content_type: 'text', parts: [`${filler}\n\n\`\`\`python\nprint(${turn})\n\`\`\``] }, metadata: { model_slug: 'gpt-4o' }, recipient: 'all' } }
    }
    parent = answer
    if (turn + 1 < turns) (mapping[parent] as { children: string[] }).children = [`u${turn + 1}-${index}`]
  }
  return JSON.stringify({ title: `Bench conversation ${index}`, create_time: 1_700_000_000 + index * 3600, update_time: time, conversation_id: `bench-${index}`, current_node: parent, mapping })
}

async function writeExport(path: string): Promise<number> {
  const out = createWriteStream(path)
  let bytes = 0
  let index = 0
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text)
    if (!out.write(text)) await once(out, 'drain')
  }
  await write('[')
  while (bytes < TARGET_MB * 1_000_000) {
    await write(`${index > 0 ? ',' : ''}\n${conversation(index, 10)}`)
    index++
  }
  await write(']\n')
  out.end()
  await once(out, 'finish')
  return index
}

/** The app process's resident memory now and at its peak (Linux /proc), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

/**
 * The app process's CPU time so far (user and system, all its threads; Linux /proc), in seconds:
 * unlike the import's wall time, it barely changes with what else the machine runs.
 */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN

async function timedRequests(origin: string, cookie: string, until: () => boolean, minimum: number): Promise<number[]> {
  const times: number[] = []
  while (times.length < minimum || !until()) {
    const started = performance.now()
    const response = await fetch(`${origin}/api/chats?limit=30`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })
    await response.arrayBuffer()
    times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return times
}

/**
 * The longest the app's event loop was held since the last call, in ms: prom-client's
 * `nodejs_eventloop_lag_max_seconds` (monitorEventLoopDelay, reset at every scrape). Measured in
 * the app itself, so unlike /healthz's answer time it does not count waiting for a CPU.
 */
async function eventLoopHoldMs(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text()
  const value = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1]
  return value === undefined ? Number.NaN : Number(value) * 1000
}

/** Imports `file` for the account of `cookie` while /healthz is asked one request after the other. */
async function importShape(origin: string, cookie: string, file: string) {
  let running = true
  let longest = 0
  const pinger = (async () => {
    while (running) {
      const started = performance.now()
      await (await fetch(`${origin}/healthz`)).arrayBuffer()
      longest = Math.max(longest, performance.now() - started)
    }
  })()
  await eventLoopHoldMs(origin)
  const started = performance.now()
  try {
    const form = new FormData()
    form.append('file', await openAsBlob(file), 'conversations.json')
    const response = await fetch(`${origin}/api/import`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin', origin }, body: form })
    let view = (await response.json()) as Record<string, unknown>
    if (response.status !== 202) throw new Error(`import refused: ${JSON.stringify(view)}`)
    while (view.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100))
      view = (await (await fetch(`${origin}/api/import/${String(view.id)}`, { headers: { cookie } })).json()) as Record<string, unknown>
    }
    return { view, seconds: (performance.now() - started) / 1000, longest, hold: await eventLoopHoldMs(origin) }
  } finally {
    running = false
    await pinger
  }
}

async function shapes(origin: string, dir: string, pid: number) {
  console.log(`\n## Shapes that once held the event loop (${SHAPE_PERCENT} % of the probe's sizes)\n`)
  console.log('| shape | size | file | result | import | app CPU | longest event-loop hold (the app’s own) | longest /healthz | app memory growth |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  // The same probe with no import: what the machine and the app hold anyway.
  {
    let running = true
    let longest = 0
    await eventLoopHoldMs(origin)
    const pinger = (async () => {
      while (running) {
        const started = performance.now()
        await (await fetch(`${origin}/healthz`)).arrayBuffer()
        longest = Math.max(longest, performance.now() - started)
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 5000))
    running = false
    await pinger
    console.log(`| no import (idle baseline, 5 s) | | | | | | ${(await eventLoopHoldMs(origin)).toFixed(0)} ms | ${longest.toFixed(0)} ms | |`)
  }
  let account = 0
  for (const shape of SHAPES) {
    const full = Math.max(2, Math.round((shape.full * SHAPE_PERCENT) / 100))
    const times: number[] = []
    const cpus: number[] = []
    for (const count of [Math.round(full / 2), full]) {
      const file = join(dir, `shape-${account}.json`)
      writeFileSync(file, shape.make(count, `bench-shape-${account}`))
      const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin }
      const signUp = await fetch(`${origin}/api/auth/local/sign-up`, { method: 'POST', headers, body: JSON.stringify({ email: `shape${account++}@example.com`, password: 'correct horse battery', name: 'Shape' }) })
      const cookie = signUp.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
      const before = memoryOf(pid).rss
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 100)
      const cpuBefore = cpuSecondsOf(pid)
      const { view, seconds, longest, hold } = await importShape(origin, cookie, file).finally(() => clearInterval(sampler))
      const cpu = cpuSecondsOf(pid) - cpuBefore
      times.push(seconds)
      cpus.push(cpu)
      console.log(`| ${shape.name} | ${count.toLocaleString('en-US')} ${shape.unit} | ${(statSync(file).size / 1e6).toFixed(1)} MB | ${String(view.status)}, ${String(view.imported)} imported | ${seconds.toFixed(1)} s | ${cpu.toFixed(1)} s | ${hold.toFixed(0)} ms | ${longest.toFixed(0)} ms | ${((peak - before) / 1e6).toFixed(0)} MB |`)
      rmSync(file, { force: true })
    }
    console.log(`| ${shape.name}: full size against half | ×2 | | | ×${(times[1]! / times[0]!).toFixed(2)} | ×${(cpus[1]! / cpus[0]!).toFixed(2)} | | | |`)
  }
}

async function main() {
  ensureBuild()
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'))
  try {
    const file = join(dir, 'conversations.json')
    progress(`writing a ChatGPT export of about ${TARGET_MB} MB`)
    const conversations = await writeExport(file)
    const size = statSync(file).size
    const port = await freePort()
    const child = spawn(process.execPath, [...APP_NODE_ARGS, 'dist/node/server/main.js'], { cwd: ROOT, env: productionAppEnv(port, { DATABASE_PATH: join(dir, 'bench.db'), UPLOADS_DIR: join(dir, 'uploads') }), stdio: ['ignore', 'ignore', 'inherit'] })
    process.once('exit', () => child.kill('SIGTERM'))
    const origin = `http://${HOST}:${port}`
    for (let attempt = 0; attempt < 150 && !(await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)); attempt++) await new Promise((resolve) => setTimeout(resolve, 200))

    const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin }
    const signUp = await fetch(`${origin}/api/auth/local/sign-up`, { method: 'POST', headers, body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' }) })
    const importer = signUp.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
    // Another visitor with chats of their own, reading their list meanwhile.
    const created = await fetch(`${origin}/api/chats`, { method: 'POST', headers, body: JSON.stringify({ message: { role: 'user', parts: [{ type: 'text', text: 'Hello' }] } }) })
    const reader = created.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')

    progress('measuring the other visitor\'s requests before the import')
    const before = await timedRequests(origin, reader, () => true, 200)
    const idle = memoryOf(child.pid!)

    progress(`importing ${(size / 1e6).toFixed(1)} MB (${conversations} conversations)`)
    const form = new FormData()
    form.append('file', await openAsBlob(file), 'conversations.json')
    const started = performance.now()
    const response = await fetch(`${origin}/api/import`, { method: 'POST', headers: { cookie: importer, 'sec-fetch-site': 'same-origin', origin }, body: form })
    const job = (await response.json()) as { id: string; status: string }
    if (response.status !== 202) throw new Error(`import refused: ${JSON.stringify(job)}`)
    const uploaded = performance.now()
    let view: Record<string, unknown> = job
    let peakDuring = idle.rss
    const poll = (async () => {
      while (view.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 250))
        view = (await (await fetch(`${origin}/api/import/${job.id}`, { headers: { cookie: importer } })).json()) as Record<string, unknown>
        peakDuring = Math.max(peakDuring, memoryOf(child.pid!).rss)
      }
    })()
    const during = await timedRequests(origin, reader, () => view.status !== 'running', 20)
    await poll
    const ended = performance.now()
    const after = memoryOf(child.pid!)

    const mb = (bytes: number) => (bytes / 1e6).toFixed(1)
    console.log(`# Import of a ${mb(size)} MB ChatGPT export (${conversations} conversations, 20 messages and a second version each)\n`)
    console.log(`- result: ${view.status}, ${view.imported} imported, ${view.duplicates} already there, ${view.skipped} skipped`)
    console.log(`- upload ${((uploaded - started) / 1000).toFixed(1)} s, import ${((ended - uploaded) / 1000).toFixed(1)} s (${(size / 1e6 / ((ended - uploaded) / 1000)).toFixed(1)} MB/s, ${(Number(view.imported) / ((ended - uploaded) / 1000)).toFixed(0)} conversations/s)`)
    console.log(`- app memory: ${mb(idle.rss)} MB before; peak resident ${mb(Math.max(peakDuring, after.peak))} MB; growth ${mb(Math.max(peakDuring, after.peak) - idle.rss)} MB = ×${((Math.max(peakDuring, after.peak) - idle.rss) / size).toFixed(2)} of the file's size (×2 would be the file held twice)`)
    console.log(`- the other visitor's GET /api/chats: median ${median(before).toFixed(1)} ms before, ${median(during).toFixed(1)} ms during the import (×${(median(during) / median(before)).toFixed(2)}); p95 ${p95(before).toFixed(1)} → ${p95(during).toFixed(1)} ms (×${(p95(during) / p95(before)).toFixed(2)}); ${during.length} requests during`)
    await shapes(origin, dir, child.pid!)
    child.kill('SIGTERM')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
