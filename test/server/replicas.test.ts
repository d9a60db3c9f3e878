// Three replicas behind no proxy at all: what `docker compose up --scale app=3` runs, started by
// hand on loopback ports against this machine's PostgreSQL (a fresh database) and Redis (a key
// prefix of its own). Any replica must serve any request: sessions, rate limits, running answers —
// even after the replica writing an answer is killed.
import t from 'tap'
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { freshPostgresUrl } from '../helpers/postgres.ts'
import { startAppProcess, uiStreamReader, type AppProcess } from '../helpers/app-process.ts'
import { BROWSER_UA, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'
import { INTERRUPTED_REASON } from '../../server/services/answers/answer-bus/redis.ts'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deleted, startMcpHttpServer } from '../helpers/mcp-demo-server.ts'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const SEND_LIMIT = 3
const ACCOUNT_LIMIT = 3

t.setTimeout(180_000)

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null })
  probe.on('error', () => {})
  try {
    await probe.connect()
    await probe.ping()
    return true
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
}

/** A browser tab's view of the API: same-origin requests carrying its session cookie. */
function browserTab() {
  let cookie: string | undefined
  const headers = (json: boolean) => ({
    'user-agent': BROWSER_UA,
    'sec-fetch-site': 'same-origin',
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
  })
  return {
    get cookie() {
      return cookie
    },
    set cookie(value: string | undefined) {
      cookie = value
    },
    async request(replica: AppProcess, method: string, path: string, body?: unknown): Promise<Response> {
      const res = await fetch(replica.url + path, { method, headers: headers(body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) })
      const line = res.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))
      if (line) cookie = line.slice(SESSION_COOKIE.length + 1).split(';')[0] || undefined
      return res
    },
  }
}

type Tab = ReturnType<typeof browserTab>

async function json(res: Response) {
  return (await res.json()) as Record<string, any>
}

/** Creates a chat on `replica` and starts its answer there; resolves once some text has streamed. */
async function startAnswer(tab: Tab, replica: AppProcess, text: string, minChars = 20) {
  const created = await tab.request(replica, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text }] } })
  if (created.status !== 201) throw new Error(`create chat: ${created.status} ${await created.text()}`)
  const chat = await json(created)
  const read = await json(await tab.request(replica, 'GET', `/api/chats/${chat.id}`))
  const question = read.messages[0]
  const res = await tab.request(replica, 'POST', `/api/chats/${chat.id}`, { messages: [{ id: question.id, role: 'user', parts: question.parts }] })
  if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`)
  const stream = uiStreamReader(res)
  await stream.readUntil(() => stream.text().length >= minChars)
  return { chatId: chat.id as string, stream }
}

function assistantOf(chat: Record<string, any>) {
  const answer = chat.messages.find((message: { role: string }) => message.role === 'assistant')
  const text = answer.parts.filter((part: { type: string }) => part.type === 'text').map((part: { text: string }) => part.text).join('')
  return { status: answer.status as string, text: text as string }
}

t.test('three replicas on one PostgreSQL and one Redis serve any request from any replica', async (t) => {
  const databaseUrl = await freshPostgresUrl(t)
  const redisUp = await redisReachable()
  if (!databaseUrl || !redisUp) {
    const missing = [!databaseUrl && 'PostgreSQL (TEST_POSTGRES_URL)', !redisUp && `Redis at ${REDIS_URL}`].filter(Boolean).join(' and ')
    t.comment(`!!!!! ${missing} not reachable: the three-replica test did NOT run !!!!!`)
    return
  }
  const prefix = `test:${randomBytes(4).toString('hex')}:`
  // A real MCP server (official SDK) whose delete_note tool needs the user's approval.
  const mcp = await startMcpHttpServer(t)
  const mcpConfig = join(mkdtempSync(join(tmpdir(), 'replicas-mcp-')), 'mcp.json')
  writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { web: { url: mcp.url } } }))
  // One uploads directory for the three, as one host's replicas would share it.
  const uploadsDir = mkdtempSync(join(tmpdir(), 'replicas-uploads-'))
  t.teardown(() => rmSync(uploadsDir, { recursive: true, force: true }))
  const env = {
    MCP_CONFIG: mcpConfig,
    UPLOADS_DIR: uploadsDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    SESSION_KEY: TEST_SESSION_KEY,
    // Slow enough to stop and kill mid-answer; the offline model needs nothing external.
    OFFLINE_TOKEN_DELAY_MS: '60',
    SEND_RATE_LIMIT_PER_MINUTE: String(SEND_LIMIT),
    AUTH_RATE_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
  }
  // The first replica migrates the fresh database; the others then start side by side.
  const a = await startAppProcess('A', env)
  const [b, c] = await Promise.all([startAppProcess('B', env), startAppProcess('C', env)])
  const replicas = [a, b, c]
  t.teardown(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()))
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })
  t.teardown(() => {
    if (t.passing()) return
    for (const replica of replicas) t.comment(`--- ${replica.name} (last lines) ---\n${replica.output.slice(-15).join('\n')}`)
  })

  await t.test('every replica says at start-up that its state is shared through Redis', async (t) => {
    for (const replica of replicas) {
      const line = replica.output.find((text) => text.includes('redis: rate limits and running answers are shared'))
      t.ok(line, `${replica.name} logged where its state lives`)
    }
  })

  await t.test('signed in on A, the session reads on B; signed out on C, the cookie is refused on A', async (t) => {
    const tab = browserTab()
    const signUp = await tab.request(a, 'POST', '/api/auth/local/sign-up', { email: 'ops@example.com', password: 'correct horse battery', name: 'Ops' })
    t.equal(signUp.status, 201)
    const copied = tab.cookie!
    const onB = await json(await tab.request(b, 'GET', '/api/_auth/session'))
    t.equal(onB.user?.email, 'ops@example.com', 'B knows the user A signed in')
    const signOut = await tab.request(c, 'DELETE', '/api/_auth/session')
    t.ok(signOut.ok, 'C signs out')
    const stale = browserTab()
    stale.cookie = copied
    const onA = await json(await stale.request(a, 'GET', '/api/_auth/session'))
    t.same(onA, {}, 'A treats the copied cookie as anonymous after the sign-out on C')
  })

  await t.test('failed sign-ins are counted across replicas', async (t) => {
    const tab = browserTab()
    await tab.request(a, 'POST', '/api/auth/local/sign-up', { email: 'limit@example.com', password: 'correct horse battery' })
    const statuses = []
    for (const replica of [a, b, c]) {
      statuses.push((await tab.request(replica, 'POST', '/api/auth/local/sign-in', { email: 'limit@example.com', password: 'wrong password!!' })).status)
    }
    t.same(statuses, [401, 401, 401])
    const blocked = await tab.request(a, 'POST', '/api/auth/local/sign-in', { email: 'limit@example.com', password: 'correct horse battery' })
    t.equal(blocked.status, 429, `after ${ACCOUNT_LIMIT} failures on three replicas, A refuses even the right password`)
  })

  await t.test('messages sent are counted across replicas', async (t) => {
    const tab = browserTab()
    const streams = []
    for (const replica of [a, b, c]) streams.push((await startAnswer(tab, replica, `Rate limit ${replica.name}`, 1)).stream)
    const created = await json(await tab.request(b, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'One too many' }] } }))
    const read = await json(await tab.request(b, 'GET', `/api/chats/${created.id}`))
    const res = await tab.request(b, 'POST', `/api/chats/${created.id}`, { messages: [{ id: read.messages[0].id, role: 'user', parts: read.messages[0].parts }] })
    t.equal(res.status, 429, `the ${SEND_LIMIT + 1}th message in a minute is refused, wherever the first ${SEND_LIMIT} went`)
    t.match(await json(res), { code: 'RATE_LIMITED' })
    t.ok(Number(res.headers.get('retry-after')) > 0, 'with Retry-After')
    // Let them finish rather than leave them running into the next test.
    await Promise.all(streams.map((stream) => stream.readUntil()))
  })

  await t.test('an answer started on A is seen running on C and stopped through B', async (t) => {
    const tab = browserTab()
    const { chatId, stream } = await startAnswer(tab, a, 'Tell me about replicas and code')
    const onC = await json(await tab.request(c, 'GET', `/api/chats/${chatId}`))
    t.equal(onC.chat.streaming, true, 'C sees the answer A is writing')
    const busy = await tab.request(c, 'POST', `/api/chats/${chatId}`, { messages: [{ id: onC.messages[0].id, role: 'user', parts: onC.messages[0].parts }] })
    t.equal(busy.status, 409, 'C refuses a second answer in the same chat')
    const stop = await tab.request(b, 'POST', `/api/chats/${chatId}/stop`, {})
    t.same(await json(stop), { stopped: true }, 'B stops it')
    // B answers after A stored the partial answer, so a read anywhere right after shows it.
    const after = await json(await tab.request(c, 'GET', `/api/chats/${chatId}`))
    const answer = assistantOf(after)
    t.equal(after.chat.streaming, false)
    t.equal(answer.status, 'partial', 'stored as partial')
    await stream.readUntil()
    t.ok(stream.done, "the stream on A's tab ended")
    t.equal(answer.text, stream.text(), "what A's tab saw is exactly what was stored")
    t.ok(answer.text.length > 0)
  })

  await t.test('a file uploaded through A is served by B and sent with a message through C', async (t) => {
    const tab = browserTab()
    // A first request gives the tab its cookie.
    await tab.request(a, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'files next' }] } })
    const form = new FormData()
    form.append('file', new Blob(['city,visits\nLisbon,3\n'], { type: 'text/csv' }), 'trips.csv')
    const uploaded = await fetch(`${a.url}/api/files`, { method: 'POST', headers: { 'user-agent': BROWSER_UA, 'sec-fetch-site': 'same-origin', cookie: `${SESSION_COOKIE}=${tab.cookie}` }, body: form })
    t.equal(uploaded.status, 201)
    const file = await json(uploaded)
    const onB = await tab.request(b, 'GET', file.url)
    t.equal(onB.status, 200, 'B serves what A stored')
    t.equal(await onB.text(), 'city,visits\nLisbon,3\n')
    const created = await tab.request(c, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'file', url: file.url }] } })
    t.equal(created.status, 201, 'C takes it in a message')
    await created.text()
  })

  await t.test('a tool loop started on A waits for approval, is approved through B and resumed to its end on C', async (t) => {
    const tab = browserTab()
    // The replicas connect to the MCP server in the background: wait until A offers its tools.
    for (let tries = 0; !/web: ready/.test((await json(await tab.request(a, 'GET', '/readyz'))).checks.mcp?.detail ?? ''); tries++) {
      if (tries > 100) throw new Error('the MCP server never became ready on A')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const created = await json(await tab.request(a, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text: 'mcp__web__delete_note {"id": "r1"}' }] } }))
    const question = (await json(await tab.request(a, 'GET', `/api/chats/${created.id}`))).messages[0]
    const onA = uiStreamReader(await tab.request(a, 'POST', `/api/chats/${created.id}`, { messages: [{ id: question.id, role: 'user', parts: question.parts }] }))
    t.ok(await onA.readUntil(() => onA.chunks.some((chunk) => chunk.type === 'tool-approval-request')), 'A asks for approval')
    const request = onA.chunks.find((chunk) => chunk.type === 'tool-approval-request')!

    // A reload that lands on C picks the loop up where it waits.
    const resumed = await tab.request(c, 'GET', `/api/chats/${created.id}/stream`)
    t.equal(resumed.status, 200, 'C replays the running loop')
    const onC = uiStreamReader(resumed)
    t.ok(await onC.readUntil(() => onC.chunks.some((chunk) => chunk.type === 'tool-approval-request')), 'C shows the same approval request')
    t.same(deleted, [], 'nothing ran unasked')

    const decided = await tab.request(b, 'POST', `/api/chats/${created.id}/approvals`, { approvalId: request.approvalId, approved: true })
    t.equal(decided.status, 200, 'B takes the decision for the loop A runs')
    await onC.readUntil()
    t.ok(onC.done, 'the resumed stream ends')
    t.match(onC.chunks.find((chunk) => chunk.type === 'tool-output-available'), { output: 'deleted r1' }, 'C shows the tool result')
    t.match(onC.text(), /deleted r1/, 'and the answer that used it')
    t.same(deleted, ['r1'], 'the tool ran once')
    await onA.readUntil()
    t.equal(onA.text(), onC.text(), "A's tab saw the same answer")
    const stored = (await json(await tab.request(b, 'GET', `/api/chats/${created.id}`))).messages.at(-1)
    t.equal(stored.status, 'complete')
    t.match(stored.parts.find((part: { type: string }) => part.type === 'dynamic-tool'), { toolName: 'mcp__web__delete_note', state: 'output-available', approval: { approved: true }, output: 'deleted r1' })
  })

  await t.test('after A is killed mid-answer, C resumes it to a clean end and it is stored as interrupted', async (t) => {
    const tab = browserTab()
    const { chatId, stream } = await startAnswer(tab, a, 'Explain failover in a table', 40)
    const seenOnA = stream.text()
    a.child.kill('SIGKILL')
    t.equal(await a.exited, 'SIGKILL')
    const resumed = await tab.request(c, 'GET', `/api/chats/${chatId}/stream`)
    t.equal(resumed.status, 200, 'C replays the answer A was writing')
    const replay = uiStreamReader(resumed)
    await replay.readUntil()
    t.ok(replay.done, 'the resumed stream ends (it does not hang on a dead replica)')
    t.ok(replay.text().startsWith(seenOnA), "the replay holds everything A's tab had seen", { seenOnA, replayed: replay.text() })
    t.match(replay.chunks.at(-1), { type: 'abort', reason: INTERRUPTED_REASON }, 'and ends saying why')
    const stored = await json(await tab.request(b, 'GET', `/api/chats/${chatId}`))
    t.equal(stored.chat.streaming, false)
    t.same(assistantOf(stored), { status: 'interrupted', text: replay.text() }, 'stored as interrupted with all the text written before the crash')
    t.equal(stored.messages[0].role, 'user', 'the question is kept')
    const again = await tab.request(c, 'GET', `/api/chats/${chatId}/stream`)
    t.equal(again.status, 204, 'nothing runs there any more')
  })
})
