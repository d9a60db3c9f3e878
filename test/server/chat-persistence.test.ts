// Nothing is lost: a browser that disconnects still gets its answer stored complete; Stop stores
// the partial answer; an upstream failure stores what arrived with status error. Real sockets.
import t, { type Test } from 'tap'
import { request } from 'node:http'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, visitor, type Visitor } from '../helpers/chat.ts'
import { scriptedModel, useModel } from '../helpers/scripted-model.ts'

const WORDS = Array.from({ length: 40 }, (_, i) => `w${i} `)

async function startChat(t: Test, script: Parameters<typeof scriptedModel>[0]) {
  const { app } = await buildApp(t)
  useModel(app, scriptedModel(script))
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const v = visitor()
  const chat = (await createChat(app, v, 'Tell me forty words')).json()
  const question = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json().messages[0]
  return { app, port, v, chat, question }
}

/** POSTs the send over a real socket; `onChunk` sees raw SSE text; returns the request to abort. */
function send(port: number, v: Visitor, chatId: string, question: unknown, onChunk: (text: string) => void) {
  const body = JSON.stringify({ id: chatId, messages: [question], trigger: 'submit-message' })
  const req = request({ host: '127.0.0.1', port, path: `/api/chats/${chatId}`, method: 'POST', headers: { ...v.headers(true), 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.on('data', (chunk: Buffer) => onChunk(chunk.toString()))
    res.on('error', () => {})
  })
  req.on('error', () => {})
  req.end(body)
  return req
}

async function storedAnswer(app: Awaited<ReturnType<typeof buildApp>>['app'], v: Visitor, chatId: string) {
  const { messages } = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json()
  const answer = messages[1]
  return { status: answer?.status as string, text: (answer?.parts ?? []).filter((p: { type: string }) => p.type === 'text').map((p: { text: string }) => p.text).join('') }
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

t.test('the browser goes away mid-answer: the answer finishes and is stored complete', async (t) => {
  const { app, port, v, chat, question } = await startChat(t, { words: WORDS, delayMs: 10 })
  let received = ''
  const req = send(port, v, chat.id, question, (text) => {
    received += text
    if (received.includes('w3 ')) req.destroy()
  })
  await until(async () => (await storedAnswer(app, v, chat.id)).status === 'complete')
  const answer = await storedAnswer(app, v, chat.id)
  t.equal(answer.text, WORDS.join(''), 'every word, although the browser left after four')
})

t.test('Stop keeps the partial answer, stored as partial', async (t) => {
  const { app, port, v, chat, question } = await startChat(t, { words: WORDS, delayMs: 20 })
  let received = ''
  let stopped = false
  const finished = new Promise<void>((resolve) => {
    const req = send(port, v, chat.id, question, (text) => {
      received += text
      if (!stopped && received.includes('w5 ')) {
        stopped = true
        void app.inject({ method: 'POST', url: `/api/chats/${chat.id}/stop`, headers: v.headers() })
      }
    })
    req.on('response', (res) => res.on('end', resolve))
  })
  await finished
  const answer = await storedAnswer(app, v, chat.id)
  t.equal(answer.status, 'partial')
  t.ok(answer.text.startsWith('w0 w1 w2 w3 w4 w5 '), 'what arrived is kept')
  t.ok(answer.text.length < WORDS.join('').length, 'and nothing after the stop')
  const { chunks, done } = parseUiStream(received)
  t.ok(done, 'the stream to the browser ended cleanly')
  t.ok(chunks.some((c) => c.type === 'abort' || c.type === 'finish'), 'with an abort or finish chunk')
})

t.test('an upstream failure mid-answer stores the partial text with status error and tells the browser', async (t) => {
  const { app, port, v, chat, question } = await startChat(t, { words: WORDS, delayMs: 2, failAfter: { words: 6, error: new Error('upstream connection reset (secret-key-123)') } })
  let received = ''
  await new Promise<void>((resolve) => {
    const req = send(port, v, chat.id, question, (text) => (received += text))
    req.on('response', (res) => res.on('end', resolve))
  })
  const { chunks } = parseUiStream(received)
  const error = chunks.find((c) => c.type === 'error')
  t.ok(error, 'an error part the client can show')
  t.notMatch(String(error?.errorText), /secret-key-123/, 'no upstream details leak')
  await until(async () => (await storedAnswer(app, v, chat.id)).status !== 'streaming')
  const answer = await storedAnswer(app, v, chat.id)
  t.equal(answer.status, 'error')
  t.equal(answer.text, WORDS.slice(0, 6).join(''))
})

t.test('reloading during an answer resumes it from the server', async (t) => {
  const { app, port, v, chat, question } = await startChat(t, { words: WORDS, delayMs: 15 })
  let received = ''
  const req = send(port, v, chat.id, question, (text) => {
    received += text
  })
  await until(async () => received.includes('w4 '))
  req.destroy()
  const page = (await app.inject({ url: `/api/chats/${chat.id}`, headers: v.headers() })).json()
  t.equal(page.chat.streaming, true, 'the chat says an answer is running')
  const resumed = await app.inject({ url: `/api/chats/${chat.id}/stream`, headers: v.headers() })
  t.equal(resumed.statusCode, 200)
  const { chunks, done } = parseUiStream(resumed.body)
  t.ok(done)
  t.equal(chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join(''), WORDS.join(''), 'from the first word to the last')
  t.equal((await app.inject({ url: `/api/chats/${chat.id}/stream`, headers: v.headers() })).statusCode, 204, 'nothing to resume afterwards')
})

t.test('shutdown waits for a running answer and stores it', async (t) => {
  const { app, port, v, chat, question } = await startChat(t, { words: WORDS.slice(0, 10), delayMs: 30 })
  let received = ''
  const req = send(port, v, chat.id, question, (text) => (received += text))
  const responseEnded = new Promise<boolean>((resolve) => req.on('response', (res) => res.on('end', () => resolve(true)).on('error', () => resolve(false))))
  await until(async () => received.includes('w1 '))
  const chats = app.chats
  await app.close()
  const rows = await chats.messages(chat.id).catch(() => null)
  t.equal(rows, null, 'the database is closed after shutdown')
  // The client runs in this process: its last 'data' events may come after close() resolves.
  t.equal(await responseEnded, true, 'the response ended cleanly, not cut off')
  t.match(received, /w9 /, 'the answer was completed before the process closed')
  t.match(received, /data: \[DONE\]/, 'down to the end of the stream')
})
