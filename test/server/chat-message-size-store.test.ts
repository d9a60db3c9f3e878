// What one stored message may hold (MESSAGE_STORED_MAX_CHARS, set low here): a model that keeps
// going is stopped at the cap and its answer ends with a note saying so; an edit longer than the
// cap is refused with the limit, and nothing is stored. (Imports: chat-message-size-import.test.ts.)
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import { buildApp } from '../helpers/build-app.ts'
import { createChat, parseUiStream, streamedText, userMessage, visitor, type Visitor } from '../helpers/chat.ts'
import { useModel } from '../helpers/scripted-model.ts'
import { loadConfig } from '../../fastify.config.ts'

const CAP = 1_000
type Part = { type: string; text?: string }
type Message = { id: string; role: string; parts: Part[]; status: string; metadata?: { details?: { finishReason?: string; cutAtChars?: number } } }

/** A model that would write WORDS words of 50 characters (far past the cap), counting what was read of it. */
function endlessModel() {
  const WORDS = 10_000
  const seen = { pulled: 0, cancelled: false }
  const model = new MockLanguageModelV4({
    doGenerate: async () => ({ content: [{ type: 'text', text: 'A title' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] }),
    doStream: async () => {
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] })
          controller.enqueue({ type: 'text-start', id: 't1' })
        },
        pull(controller) {
          if (seen.pulled === WORDS) {
            controller.enqueue({ type: 'text-end', id: 't1' })
            controller.enqueue({ type: 'finish', usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: WORDS, text: WORDS, reasoning: 0 } }, finishReason: { unified: 'stop', raw: 'stop' } })
            return controller.close()
          }
          seen.pulled++
          controller.enqueue({ type: 'text-delta', id: 't1', delta: ` word ${String(seen.pulled).padStart(5, '0')}`.padEnd(50, '.') })
        },
        cancel() {
          seen.cancelled = true
        },
      }, { highWaterMark: 0 })
      return { stream }
    },
  })
  return { model, seen }
}

async function read(app: FastifyInstance, v: Visitor, chatId: string): Promise<Message[]> {
  return (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json().messages
}

t.test('MESSAGE_STORED_MAX_CHARS is checked at boot, and a user message is never allowed above it', async (t) => {
  const env = { SESSION_KEY: '1b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe' }
  t.throws(() => loadConfig({ ...env, MESSAGE_STORED_MAX_CHARS: '10' }), /MESSAGE_STORED_MAX_CHARS/, 'a cap below 1,000 characters is refused by name')
  t.match(loadConfig(env), { messageStoredMaxChars: 1_000_000, messageMaxChars: 32_000 }, 'defaults')
  t.match(loadConfig({ ...env, MESSAGE_STORED_MAX_CHARS: '2000', MESSAGE_MAX_CHARS: '5000' }), { messageStoredMaxChars: 2_000, messageMaxChars: 2_000 })
})

t.test('MESSAGE_STORED_MAX_CHARS caps answers and edits', async (t) => {
  const { app } = await buildApp(t, { OFFLINE_TOKEN_DELAY_MS: '0', MESSAGE_STORED_MAX_CHARS: String(CAP), MESSAGE_MAX_CHARS: '5000' })

  t.test('a model that keeps going is stopped at the cap, and the answer says so', async (t) => {
    const v = visitor()
    const chatId = (await createChat(app, v, 'Write forever')).json().id as string
    const { model, seen } = endlessModel()
    useModel(app, model)
    const [question] = await read(app, v, chatId)
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [question], trigger: 'submit-message' } })
    t.equal(res.statusCode, 200)
    await app.answers.get(chatId)?.settled
    const { chunks, done } = parseUiStream(res.body)
    t.ok(done, 'the stream ends')
    const streamed = streamedText(chunks)
    t.match(streamed, /Cut here: a message may hold at most 1,000 characters/, 'the reader is told, as it streams')
    t.match(chunks.find((chunk) => chunk.type === 'finish'), { finishReason: 'length' })
    t.ok(seen.cancelled, 'the model’s stream was cancelled')
    t.ok(seen.pulled < 100, `and no more of it was read (${seen.pulled} of 10,000 words)`)

    const answer = (await read(app, v, chatId))[1]!
    t.equal(answer.status, 'complete')
    const [text, note, ...rest] = answer.parts
    t.equal(text?.text?.length, CAP, 'the answer is stored up to the cap')
    t.ok(text?.text?.startsWith(' word 00001'))
    t.match(note, { type: 'text', text: /^\*\[Cut here: a message may hold at most 1,000 characters, and this one went on beyond that\.\]\*$/ }, 'then the note')
    t.same(rest, [])
    t.match(answer.metadata?.details, { finishReason: 'length', cutAtChars: CAP })

    // It cannot be continued past the cap.
    const more = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [question], trigger: 'regenerate-message', continue: answer.id } })
    t.equal(more.statusCode, 409)
    t.match(more.json(), { code: 'MESSAGE_FULL', message: /1,000 characters/ })
    t.same((await read(app, v, chatId))[1]!.parts, answer.parts, 'and stays as it was')
  })

  t.test('an edit longer than a message may hold is refused, and nothing is stored', async (t) => {
    const v = visitor()
    const chatId = (await createChat(app, v, 'A short question')).json().id as string
    const before = await read(app, v, chatId)
    const edit = userMessage('y'.repeat(CAP + 500))
    const res = await app.inject({ method: 'POST', url: `/api/chats/${chatId}`, headers: v.headers(true), payload: { id: chatId, messages: [edit], trigger: 'submit-message', parentId: null } })
    t.equal(res.statusCode, 400)
    t.match(res.json(), { code: 'MESSAGE_TOO_LONG', message: 'The message is 1500 characters long; the limit is 1000.' })
    t.same(await read(app, v, chatId), before, 'the chat is as it was')
    // The composer is told the same limit.
    const page = await app.inject({ url: `/chat/${chatId}`, headers: { ...v.headers(), accept: 'text/html' } })
    t.match(page.body, /"messageMaxChars":1000/)
  })
})
