// Conversation trees benchmark: `npm run bench:chat-tree`.
//
// Does a chat with versions open as fast as a straight one? In one run, on one database:
//   straight  a chat of 1,000 messages in a straight line
//   branched  the same 1,000 shown messages, plus 49 more versions (each with its answer) of the
//             question at ten points: 1,980 messages, of which the same 1,000 are shown
// measured three ways, each as the median of BENCH_RUNS reads taken in turn:
//   - the store's read of the shown branch (chat-tree.ts: a walk up from the current leaf), for
//     both chats, against the linear read chats had before they were trees (every message of the chat
//     by seq, the way chat-store read them) of the straight chat;
//   - GET /api/chats/:id as the owner (the chat page's payload), both chats: time and bytes.
// Only ratios measured in one run mean anything. Timings are reported, never asserted.
//
// Environment: BENCH_RUNS (default 200), BENCH_DATABASE_URL (a PostgreSQL database to use instead
// of in-memory SQLite; its tables are made by the app's migrations).
import { Writable } from 'node:stream'
import { performance } from 'node:perf_hooks'
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../../fastify.config.ts'
import { build } from '../../server/app.ts'
import { countVersions } from '../../server/services/chats/chat-tree.ts'
import { positiveIntEnv } from './bench-app.ts'

const RUNS = positiveIntEnv('BENCH_RUNS', 200)
const SHOWN = 1000
const FORK_POINTS = 10
const VERSIONS = 50

const QUESTION = 'How would you compare these two approaches for a small team, and what would you try first?'
const ANSWER = `${'A fair comparison looks at cost, speed and what the team already knows. '.repeat(8)}\n\n- one\n- two\n- three`

type Row = { id: string; chat_id: string; seq: number; parent_id: string | null; shown: number; role: 'user' | 'assistant'; parts: string; status: 'complete'; usage: string | null; model: string | null; created_at: number }

function parts(text: string): string {
  return JSON.stringify([{ type: 'text', text }])
}

/**
 * A straight line of `SHOWN` messages (question, answer, …); with `branched`, 49 more versions at
 * ten questions, the first versions shown (marked as the app marks a forked chat's shown branch).
 */
function chatRows(chatId: string, branched: boolean): { rows: Row[]; leaf: string } {
  const rows: Row[] = []
  let parent: string | null = null
  const at = Date.now()
  for (let i = 0; i < SHOWN; i++) {
    const role = i % 2 === 0 ? 'user' : 'assistant'
    const id = `${chatId}-m${i}`
    rows.push({ id, chat_id: chatId, seq: i, parent_id: parent, shown: 1, role, parts: parts(role === 'user' ? `${QUESTION} (${i})` : ANSWER), status: 'complete', usage: role === 'assistant' ? '{"inputTokens":120,"outputTokens":140}' : null, model: role === 'assistant' ? 'offline' : null, created_at: at + i })
    parent = id
  }
  const leaf = parent!
  if (branched) {
    let seq = SHOWN
    for (let point = 0; point < FORK_POINTS; point++) {
      // Questions spread over the chat: 0, 100, 200, … (even positions are questions).
      const fork = rows[point * (SHOWN / FORK_POINTS)]!
      for (let version = 1; version < VERSIONS; version++) {
        const question = `${fork.id}-v${version}`
        rows.push({ ...fork, id: question, seq: seq++, shown: 0, parts: parts(`${QUESTION} (version ${version})`), created_at: at + seq })
        rows.push({ id: `${question}-a`, chat_id: chatId, seq: seq++, parent_id: question, shown: 0, role: 'assistant', parts: parts(ANSWER), status: 'complete', usage: null, model: 'offline', created_at: at + seq })
      }
    }
  }
  return { rows, leaf }
}

async function seed(app: FastifyInstance, ownerId: string, chatId: string, branched: boolean) {
  const { rows, leaf } = chatRows(chatId, branched)
  const at = Date.now()
  await app.db.insertInto('chats').values({ id: chatId, owner_id: ownerId, title: chatId, visibility: 'private', model: null, created_at: at, updated_at: at, tools_off: null, current_leaf_id: leaf, forked: branched ? 1 : 0 }).execute()
  for (let start = 0; start < rows.length; start += 200) await app.db.insertInto('messages').values(rows.slice(start, start + 200)).execute()
  // The versions a forked chat keeps with it, as the app writes them.
  if (branched) await app.db.updateTable('chats').set({ versions: JSON.stringify(await countVersions(app.db, chatId)) }).where('id', '=', chatId).execute()
  return rows.length
}

/**
 * The read before chats were trees: every message of the chat, in order of seq. The JSON export still
 * reads a chat that way (every branch), so its read stands in for it.
 */
function linearRead(app: FastifyInstance, chatId: string) {
  return app.chats.allMessages(chatId)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATABASE_PATH: ':memory:' }
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', SESSION_KEY: randomBytes(32).toString('hex'), UPLOADS_DIR: '/tmp/bench-chat-tree-uploads', ...database })
  const app = await build(config, { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
  await app.ready()
  try {
    // An owner with a session: a chat made through the API gives both.
    const created = await app.inject({ method: 'POST', url: '/api/chats', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, payload: { message: { parts: [{ type: 'text', text: 'owner' }] } } })
    const cookie = String(created.headers['set-cookie']).split(';')[0]!
    const ownerId = (await app.db.selectFrom('chats').select('owner_id').where('id', '=', created.json().id).executeTakeFirstOrThrow()).owner_id
    const suffix = randomBytes(4).toString('hex')
    const straight = `straight-${suffix}`
    const branched = `branched-${suffix}`
    const counts = { straight: await seed(app, ownerId, straight, false), branched: await seed(app, ownerId, branched, true) }

    const shown = { straight: (await app.chats.messages(straight)).length, branched: (await app.chats.messages(branched)).length, linear: (await linearRead(app, straight)).length }
    if (shown.straight !== SHOWN || shown.branched !== SHOWN || shown.linear !== SHOWN) throw new Error(`expected ${SHOWN} shown messages, got ${JSON.stringify(shown)}`)
    const withVersions = (await app.chats.messages(branched)).filter((message) => message.versions?.length === VERSIONS).length
    if (withVersions !== FORK_POINTS) throw new Error(`expected ${FORK_POINTS} messages with ${VERSIONS} versions, got ${withVersions}`)

    const get = async (chatId: string) => {
      const res = await app.inject({ url: `/api/chats/${chatId}`, headers: { cookie } })
      if (res.statusCode !== 200) throw new Error(`GET ${chatId}: ${res.statusCode}`)
      return res.rawPayload.length
    }
    const bytes = { straight: await get(straight), branched: await get(branched) }
    const timings: Record<'linear' | 'treeStraight' | 'treeBranched' | 'getStraight' | 'getBranched', number[]> = { linear: [], treeStraight: [], treeBranched: [], getStraight: [], getBranched: [] }
    const time = async (key: keyof typeof timings, task: () => Promise<unknown>) => {
      const start = performance.now()
      await task()
      timings[key].push(performance.now() - start)
    }
    // Warm-up, then the measured runs, each kind in turn so that drift hits them all alike.
    for (let run = 0; run < RUNS + 10; run++) {
      if (run === 10) for (const list of Object.values(timings)) list.length = 0
      await time('linear', () => linearRead(app, straight))
      await time('treeStraight', () => app.chats.messages(straight))
      await time('treeBranched', () => app.chats.messages(branched))
      await time('getStraight', () => get(straight))
      await time('getBranched', () => get(branched))
    }
    const m = Object.fromEntries(Object.entries(timings).map(([key, list]) => [key, median(list)])) as Record<keyof typeof timings, number>
    const ratio = (a: number, b: number) => (a / b).toFixed(2)
    const dialect = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite (in memory)'
    console.log(`# Conversation trees: ${dialect}, median of ${RUNS} reads each`)
    console.log(`straight chat: ${counts.straight} messages; branched chat: ${counts.branched} messages (${VERSIONS} versions at ${FORK_POINTS} questions), ${SHOWN} shown in both\n`)
    console.log('| read | median ms | vs linear read of the straight chat |')
    console.log('| --- | ---: | ---: |')
    console.log(`| linear storage read (before chats were trees), straight chat | ${m.linear.toFixed(2)} | 1.00 |`)
    console.log(`| branch read, straight chat | ${m.treeStraight.toFixed(2)} | ${ratio(m.treeStraight, m.linear)} |`)
    console.log(`| branch read, branched chat | ${m.treeBranched.toFixed(2)} | ${ratio(m.treeBranched, m.linear)} |`)
    console.log('')
    console.log('| GET /api/chats/:id (owner) | median ms | bytes |')
    console.log('| --- | ---: | ---: |')
    console.log(`| straight chat | ${m.getStraight.toFixed(2)} | ${bytes.straight} |`)
    console.log(`| branched chat | ${m.getBranched.toFixed(2)} | ${bytes.branched} |`)
    console.log('')
    console.log(`- branched vs straight: branch read ×${ratio(m.treeBranched, m.treeStraight)}, GET time ×${ratio(m.getBranched, m.getStraight)}, payload ×${ratio(bytes.branched, bytes.straight)} (goal: within ±10 %)`)
    console.log(`- branch read vs the linear read it replaced, straight chat: ×${ratio(m.treeStraight, m.linear)}`)
  } finally {
    await app.close()
  }
}

await main()
