// What a user saw is kept whatever happens to the process: a `kill -9` mid-answer loses at most the
// last second of it (running answers are saved as they stream), and a SIGTERM with an answer that
// outlives SHUTDOWN_TIMEOUT_MS stops and stores it, then exits 0 before the timeout. Real processes
// (`node server/main.ts`), SQLite on a file or (TEST_DATABASE=postgres) a fresh PostgreSQL database.
import t, { type Test } from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAppProcess, uiStreamReader, type AppProcess } from '../helpers/app-process.ts'
import { BROWSER_UA, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { freshPostgresUrl } from '../helpers/postgres.ts'
import { SESSION_COOKIE } from '../../server/plugins/session.ts'

t.setTimeout(120_000)

async function databaseEnv(t: Test): Promise<Record<string, string>> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const url = await freshPostgresUrl(t)
    if (!url) throw new Error('TEST_DATABASE=postgres but PostgreSQL is not reachable')
    return { DATABASE_URL: url }
  }
  const dir = mkdtempSync(join(tmpdir(), 'chat-durability-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return { DATABASE_PATH: join(dir, 'app.db') }
}

function client() {
  let cookie = ''
  return async (app: AppProcess, method: string, path: string, body?: unknown) => {
    const res = await fetch(app.url + path, {
      method,
      headers: {
        'user-agent': BROWSER_UA,
        'sec-fetch-site': 'same-origin',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    const line = res.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`))
    if (line) cookie = line.slice(SESSION_COOKIE.length + 1).split(';')[0]!
    return res
  }
}

/** Starts an answer; resolves with its stream once it is under way. */
async function startAnswer(request: ReturnType<typeof client>, app: AppProcess, text: string) {
  const created = await request(app, 'POST', '/api/chats', { message: { role: 'user', parts: [{ type: 'text', text }] } })
  const chat = (await created.json()) as { id: string }
  const { messages } = (await (await request(app, 'GET', `/api/chats/${chat.id}`)).json()) as { messages: Array<{ id: string; parts: unknown[] }> }
  const res = await request(app, 'POST', `/api/chats/${chat.id}`, { messages: [{ id: messages[0]!.id, role: 'user', parts: messages[0]!.parts }] })
  if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`)
  return { chatId: chat.id, stream: uiStreamReader(res) }
}

async function storedAnswer(request: ReturnType<typeof client>, app: AppProcess, chatId: string) {
  const { messages } = (await (await request(app, 'GET', `/api/chats/${chatId}`)).json()) as { messages: Array<{ role: string; status: string; parts: Array<{ type: string; text?: string }> }> }
  const answer = messages.find((message) => message.role === 'assistant')!
  return { status: answer.status, text: answer.parts.filter((part) => part.type === 'text').map((part) => part.text).join('') }
}

const deltas = (stream: ReturnType<typeof uiStreamReader>) => stream.chunks.filter((chunk) => chunk.type === 'text-delta').length

t.test('kill -9 mid-answer: after a restart the answer is partial and holds what was shown, but for the last second', async (t) => {
  const env = { ...(await databaseEnv(t)), SESSION_KEY: TEST_SESSION_KEY, OFFLINE_TOKEN_DELAY_MS: '40' }
  const first = await startAppProcess('first', env)
  t.teardown(() => first.stop())
  const request = client()
  const { chatId, stream } = await startAnswer(request, first, 'Tell me about a long walk in the mountains')
  // What the user had on screen, and when.
  const shown: Array<{ at: number; length: number }> = []
  await stream.readUntil(() => {
    shown.push({ at: Date.now(), length: stream.text().length })
    return deltas(stream) >= 60
  })
  const killedAt = Date.now()
  first.child.kill('SIGKILL')
  t.equal(await first.exited, 'SIGKILL')
  const seen = stream.text()
  const secondBefore = [...shown].reverse().find((sample) => sample.at <= killedAt - 1500)?.length ?? 0
  t.ok(secondBefore > 0, `more than 1.5 s of the answer had been shown (${secondBefore} characters)`)

  const second = await startAppProcess('second', env)
  t.teardown(() => second.stop())
  t.ok(second.output.some((line) => line.includes('marked answers cut by a previous shutdown as interrupted')), 'start-up settles the interrupted answer')
  const kept = await storedAnswer(request, second, chatId)
  t.equal(kept.status, 'interrupted', 'the answer is interrupted, not streaming forever (nor "stopped": nobody pressed Stop)')
  t.ok(kept.text.length >= secondBefore, `it holds all but the last second of what was shown (${kept.text.length} of ${seen.length} characters kept, at least ${secondBefore} needed)`)
  t.ok(seen.startsWith(kept.text) || kept.text.startsWith(seen), 'and it is the same text')
})

t.test('SIGTERM with an answer longer than SHUTDOWN_TIMEOUT_MS: it is stopped, stored, and the process exits 0 in time', async (t) => {
  const env = { ...(await databaseEnv(t)), SESSION_KEY: TEST_SESSION_KEY, OFFLINE_TOKEN_DELAY_MS: '80', SHUTDOWN_TIMEOUT_MS: '3000' }
  const first = await startAppProcess('first', env)
  t.teardown(() => first.stop())
  const request = client()
  const { chatId, stream } = await startAnswer(request, first, 'Tell me about the history of tea')
  await stream.readUntil(() => deltas(stream) >= 20)
  const signalledAt = Date.now()
  first.child.kill('SIGTERM')
  const reading = stream.readUntil()
  const code = await first.exited
  const tookMs = Date.now() - signalledAt
  t.equal(code, '0', 'exit code 0')
  t.ok(tookMs < 3000, `exited within SHUTDOWN_TIMEOUT_MS (${tookMs} ms)`)
  await reading
  t.notOk(first.output.some((line) => line.includes('killed by timeout')), 'not killed by the timer')
  const seen = stream.text()
  t.ok(stream.chunks.some((chunk) => chunk.type === 'abort'), 'the browser was told the answer stopped')

  const second = await startAppProcess('second', env)
  t.teardown(() => second.stop())
  const kept = await storedAnswer(request, second, chatId)
  t.equal(kept.status, 'interrupted', 'cut by the shutdown, not by the user: interrupted')
  t.ok(kept.text.length > 0 && kept.text === seen, `everything streamed is stored (${kept.text.length} of ${seen.length} characters)`)
})

t.test('SIGTERM with nothing running and a browser\'s keep-alive connection open: exits 0 at once', async (t) => {
  const env = { ...(await databaseEnv(t)), SESSION_KEY: TEST_SESSION_KEY, OFFLINE_TOKEN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '5000' }
  const app = await startAppProcess('idle', env)
  t.teardown(() => app.stop())
  const request = client()
  const { stream } = await startAnswer(request, app, 'hello')
  await stream.readUntil()
  t.equal((await request(app, 'GET', '/api/chats')).status, 200)
  const signalledAt = Date.now()
  app.child.kill('SIGTERM')
  const code = await app.exited
  const tookMs = Date.now() - signalledAt
  t.equal(code, '0', 'exit code 0')
  t.ok(tookMs < 2000, `without waiting for the shutdown timer (${tookMs} ms of 5000)`)
})
