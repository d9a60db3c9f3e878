// Three replicas vs one: `npx tsx scripts/bench/replicas.ts` (or `npm run bench:replicas`).
//
// What `docker compose up --scale app=3` buys on this machine: the same app processes (PostgreSQL
// and Redis shared, as in compose), first one, then three, each loaded by autocannon (the three
// at once, connections split between them: the share a round-robin proxy would give each). Two
// rows, each as requests/s with one process, with three, and the ratio:
//
//   SSR    GET / (a full server render)
//   sends  a chat send: POST /api/chats (new chat with its question) then POST /api/chats/:id,
//          read to the end of its answer stream (offline model without pacing)
//
// Needs PostgreSQL (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test: a fresh
// database is made and dropped) and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379: a key
// prefix of its own). Environment: BENCH_SECONDS (each phase, default 10), BENCH_CONNECTIONS (total,
// default 30). A machine with fewer cores than processes shows less than 3x: the ratio says what
// this machine gets. Timings are reported, never asserted.
import { ONE_ADDRESS_ENV } from '../../test/helpers/one-address-env.ts'
import { randomBytes, randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import pg from 'pg'
import { Redis } from 'ioredis'
import autocannon, { type Result } from 'autocannon'
import { startAppProcess, type AppProcess } from '../../test/helpers/app-process.ts'
import { positiveIntEnv } from './bench-app.ts'

const SECONDS = positiveIntEnv('BENCH_SECONDS', 10)
const CONNECTIONS = positiveIntEnv('BENCH_CONNECTIONS', 30)
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const progress = (message: string) => process.stderr.write(`· ${message}\n`)

async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    await client.query(query)
  } finally {
    await client.end()
  }
}

/** A visitor's cookie on `replica` (all replicas read it: one SESSION_KEY). */
async function visitorCookie(replica: AppProcess): Promise<string> {
  const res = await fetch(`${replica.url}/api/chats`, {
    method: 'POST',
    headers: { 'user-agent': UA, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ message: { role: 'user', parts: [{ type: 'text', text: 'warm-up' }] } }),
  })
  const line = res.headers.getSetCookie()[0]
  if (res.status !== 201 || !line) throw new Error(`could not get a visitor cookie: ${res.status}`)
  return line.split(';')[0]!
}

function ssrLoad(replica: AppProcess, connections: number) {
  return autocannon({ url: `${replica.url}/`, connections, duration: SECONDS, headers: { 'user-agent': UA, accept: 'text/html', 'accept-encoding': 'br' } })
}

function sendLoad(replica: AppProcess, connections: number, cookie: string) {
  const headers = { 'user-agent': UA, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', cookie }
  const parts = [{ type: 'text', text: 'How do replicas share state?' }]
  return autocannon({
    url: replica.url,
    connections,
    duration: SECONDS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/chats',
        headers,
        setupRequest(request, context) {
          context.chatId = randomUUID()
          context.messageId = randomUUID()
          return { ...request, body: JSON.stringify({ id: context.chatId, message: { id: context.messageId, role: 'user', parts } }) }
        },
      },
      {
        method: 'POST',
        headers,
        setupRequest(request, context) {
          return { ...request, path: `/api/chats/${context.chatId}`, body: JSON.stringify({ messages: [{ id: context.messageId, role: 'user', parts }] }) }
        },
      },
    ],
  })
}

interface Row {
  name: string
  one: number
  three: number
  errors: string
}

/** Requests/s over all targets, and anything that was not a 2xx. */
function total(results: Result[], perOperation = 1): { rps: number; errors: string } {
  const rps = results.reduce((sum, result) => sum + result.requests.total / result.duration, 0) / perOperation
  const bad = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0)
  return { rps, errors: bad ? `${bad} failed` : '' }
}

async function measure(replicas: AppProcess[], cookies: string[]) {
  const split = (index: number) => Math.floor(CONNECTIONS / replicas.length) + (index < CONNECTIONS % replicas.length ? 1 : 0)
  // Warm-up (JIT, pools, caches) is not reported.
  await Promise.all(replicas.map((replica, index) => autocannon({ url: `${replica.url}/`, connections: split(index), duration: 2, headers: { 'user-agent': UA } })))
  const ssr = total(await Promise.all(replicas.map((replica, index) => ssrLoad(replica, split(index)))))
  // A send is two requests (create the chat, send and read the answer).
  const sends = total(await Promise.all(replicas.map((replica, index) => sendLoad(replica, split(index), cookies[index]!))), 2)
  return { ssr, sends }
}

async function main() {
  const database = `chat_bench_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`
  const prefix = `bench:${randomBytes(4).toString('hex')}:`
  try {
    await admin(`CREATE DATABASE ${database} TEMPLATE template0`)
  } catch (error) {
    console.error(`PostgreSQL at ${new URL(ADMIN_URL).host} is needed (TEST_POSTGRES_URL): ${(error as Error).message}`)
    process.exit(1)
  }
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString()
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    SESSION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    OFFLINE_TOKEN_DELAY_MS: '0',
    ...ONE_ADDRESS_ENV,
  }
  const started: AppProcess[] = []
  const watchdog = setTimeout(() => {
    console.error('bench: watchdog fired after 10 minutes')
    for (const replica of started) replica.child.kill('SIGKILL')
    process.exit(1)
  }, 10 * 60_000)
  try {
    progress('one process')
    started.push(await startAppProcess('A', env))
    // Each measurement sends as new visitors, so the per-visitor send limit never interferes.
    const one = await measure(started, [await visitorCookie(started[0]!)])
    progress('three processes')
    started.push(...(await Promise.all([startAppProcess('B', env), startAppProcess('C', env)])))
    const three = await measure(started, await Promise.all(started.map(visitorCookie)))

    const rows: Row[] = [
      { name: 'SSR GET /', one: one.ssr.rps, three: three.ssr.rps, errors: [one.ssr.errors, three.ssr.errors].filter(Boolean).join('; ') },
      { name: 'chat sends (create + send + whole answer)', one: one.sends.rps, three: three.sends.rps, errors: [one.sends.errors, three.sends.errors].filter(Boolean).join('; ') },
    ]
    console.log(`\nThree replicas vs one — ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}, ${CONNECTIONS} connections, ${SECONDS} s per phase, PostgreSQL + Redis shared\n`)
    console.log('| Load | 1 process (req/s) | 3 processes (req/s) | Ratio | Failures |')
    console.log('|---|---:|---:|---:|---|')
    for (const row of rows) console.log(`| ${row.name} | ${row.one.toFixed(0)} | ${row.three.toFixed(0)} | ${(row.three / row.one).toFixed(2)}x | ${row.errors || 'none'} |`)
  } finally {
    clearTimeout(watchdog)
    await Promise.all(started.map((replica) => replica.stop()))
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  }
}

await main()
