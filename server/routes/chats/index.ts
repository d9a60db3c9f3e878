// The chat API (issue: chats that persist and answers that stream). Only the owner may read or
// change a private chat; anyone may read a public one; everyone else gets 404, never 403, so the
// existence of a chat is never revealed.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from 'typebox'
import {
  JsonToSseTransformStream,
  UI_MESSAGE_STREAM_HEADERS,
  convertToModelMessages,
  createUIMessageStream,
  generateText,
  streamText,
  type UIMessage,
  type UIMessageChunk,
} from 'ai'
import { AppError } from '../../../shared/errors.ts'
import { CHAT_ID_PATTERN } from '../../../shared/constants.ts'
import { DEFAULT_TITLE, decodeCursor, type ChatMessage } from '../../services/chat-store.ts'
import { createAttemptLimiter } from '../../services/attempt-limiter.ts'
import { describeModelError, TITLE_SYSTEM_PROMPT } from '../../services/llm/index.ts'
import { chatToMarkdown } from '../../services/chat-export.ts'
import { createChatSearch } from '../../services/chat-search.ts'
import { titleFrom } from '../../services/chat-title.ts'

const Id = Type.String({ pattern: CHAT_ID_PATTERN.source })
// PostgreSQL text cannot hold NUL: a NUL in a stored or looked-up string would be a 500 there.
const NO_NUL = '^[^\\u0000]*$'
const MessageId = Type.String({ minLength: 1, maxLength: 128, pattern: NO_NUL })
const TextPart = Type.Object({ type: Type.Literal('text'), text: Type.String() }, { additionalProperties: true })
const AnyPart = Type.Object({ type: Type.String() }, { additionalProperties: true })
const UserMessage = Type.Object(
  { id: Type.Optional(MessageId), role: Type.Optional(Type.Literal('user')), parts: Type.Array(AnyPart, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: true },
)
const ChatSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  visibility: Type.Union([Type.Literal('private'), Type.Literal('public')]),
  model: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
})
const StoredMessage = Type.Object({
  id: Type.String(),
  role: Type.String(),
  parts: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  status: Type.String(),
  createdAt: Type.Number(),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
})
const Vote = Type.Object({ messageId: Type.String(), value: Type.Union([Type.Literal('up'), Type.Literal('down')]) })
const ErrorBody = Type.Object({ statusCode: Type.Number(), code: Type.String(), message: Type.String() })
const Params = Type.Object({ id: Id })
const SearchHit = Type.Object({
  chatId: Type.String(),
  title: Type.String(),
  snippet: Type.String(),
  highlights: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
  messageId: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Number(),
})
/** Paths under /api/chats/ that are not chats: GET /api/chats/search would never reach a chat with this id. */
const RESERVED_IDS = new Set(['search'])

const notFound = () => new AppError(404, 'CHAT_NOT_FOUND', 'Chat not found')

function textOf(parts: Array<Record<string, unknown>>): string {
  return parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n')
}

export default async function chatRoutes(app: FastifyInstance) {
  const { messageMaxChars, sendRateLimitPerMinute } = app.config
  const sendLimiter = createAttemptLimiter({ max: sendRateLimitPerMinute, windowMs: 60_000 })
  const chatSearch = createChatSearch(app.db, app.dbDialect)

  /** The chat if this visitor may see it (owner, or public for reading); 404 otherwise. */
  async function access(request: FastifyRequest, id: string, mode: 'read' | 'write') {
    const chat = await app.chats.get(id)
    if (!chat) throw notFound()
    const ownerId = await request.getOwnerId()
    const isOwner = chat.ownerId === ownerId
    if (!isOwner && (mode === 'write' || chat.visibility !== 'public')) throw notFound()
    return { chat, isOwner }
  }

  function validateText(parts: Array<Record<string, unknown>>) {
    const text = textOf(parts)
    if (!text.trim()) throw new AppError(400, 'EMPTY_MESSAGE', 'The message is empty.')
    if (text.length > messageMaxChars) {
      throw new AppError(400, 'MESSAGE_TOO_LONG', `The message is ${text.length} characters long; the limit is ${messageMaxChars}.`)
    }
    return text
  }

  function rateLimit(reply: FastifyReply, ownerId: string) {
    const waitMs = sendLimiter.retryAfterMs(ownerId)
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000)
      reply.header('retry-after', String(seconds))
      throw new AppError(429, 'RATE_LIMITED', `You are sending messages too quickly. Try again in ${seconds} seconds.`)
    }
    sendLimiter.recordFailure(ownerId)
  }

  /** The requested model; a chat's stored model that is no longer configured falls back to the default. */
  async function resolveModel(requested: string | undefined, stored: string | null) {
    if (requested) return { id: requested, model: await app.llm.resolve(requested) }
    if (stored) {
      try {
        return { id: stored, model: await app.llm.resolve(stored) }
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'UNKNOWN_MODEL') throw error
      }
    }
    const id = await app.llm.defaultModelId()
    return { id, model: await app.llm.resolve(id) }
  }

  app.get<{ Querystring: { limit?: number; cursor?: string } }>(
    '/api/chats',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), cursor: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: Type.Object({ chats: Type.Array(ChatSummary), nextCursor: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null
      if (request.query.cursor && !cursor) throw new AppError(400, 'BAD_CURSOR', 'cursor is not a cursor this API returned')
      return app.chats.list(await request.getOwnerId(), request.query.limit ?? 30, cursor)
    },
  )

  // A static path: find-my-way matches it before the parametric /api/chats/:id.
  app.get<{ Querystring: { q: string; limit?: number } }>(
    '/api/chats/search',
    {
      schema: {
        querystring: Type.Object({ q: Type.String({ maxLength: 1000 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        response: { 200: Type.Object({ results: Type.Array(SearchHit) }), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const q = request.query.q.trim()
      if (q.length < 1 || q.length > 200) throw new AppError(400, 'BAD_QUERY', 'q must be 1 to 200 characters (after trimming spaces)')
      return { results: await chatSearch.search(await request.getOwnerId(), q, request.query.limit ?? 20) }
    },
  )

  app.post<{ Body: { id?: string; message: Static<typeof UserMessage>; model?: string } }>(
    '/api/chats',
    {
      schema: {
        body: Type.Object({ id: Type.Optional(Id), message: UserMessage, model: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
        response: { 201: ChatSummary, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      if (request.body.id && RESERVED_IDS.has(request.body.id)) throw new AppError(400, 'BAD_CHAT_ID', `"${request.body.id}" cannot be a chat id.`)
      validateText(request.body.message.parts)
      const ownerId = await request.getOwnerId()
      const modelId = request.body.model ?? (await app.llm.defaultModelId())
      await app.llm.resolve(modelId)
      const chat = await app.chats.create({
        id: request.body.id ?? randomUUID(),
        ownerId,
        model: modelId,
        message: { id: request.body.message.id ?? randomUUID(), parts: request.body.message.parts },
      })
      if (!chat) throw new AppError(409, 'CHAT_EXISTS', 'A chat with this id already exists.')
      return reply.code(201).send(chat)
    },
  )

  app.get<{ Params: Static<typeof Params> }>(
    '/api/chats/:id',
    {
      schema: {
        params: Params,
        response: {
          200: Type.Object({
            chat: Type.Intersect([ChatSummary, Type.Object({ isOwner: Type.Boolean(), streaming: Type.Boolean() })]),
            messages: Type.Array(StoredMessage),
            votes: Type.Array(Vote),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { chat, isOwner } = await access(request, request.params.id, 'read')
      const { ownerId: _owner, ...summary } = chat
      return {
        chat: { ...summary, isOwner, streaming: Boolean(app.answers.get(chat.id)) },
        messages: await app.chats.messages(chat.id),
        votes: isOwner ? await app.chats.votes(chat.id) : [],
      }
    },
  )

  app.patch<{ Params: Static<typeof Params>; Body: { title?: string; visibility?: 'private' | 'public' } }>(
    '/api/chats/:id',
    {
      schema: {
        params: Params,
        body: Type.Object(
          { title: Type.Optional(Type.String({ maxLength: 1000, pattern: NO_NUL })), visibility: Type.Optional(Type.Union([Type.Literal('private'), Type.Literal('public')])) },
          { additionalProperties: false },
        ),
        response: { 200: ChatSummary },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      const changes: { title?: string; visibility?: 'private' | 'public' } = {}
      if (request.body.title !== undefined) {
        const title = request.body.title.trim()
        if (title.length < 1 || title.length > 100) throw new AppError(400, 'BAD_TITLE', 'title must be 1 to 100 characters (after trimming spaces)')
        changes.title = title
      }
      if (request.body.visibility) changes.visibility = request.body.visibility
      return (await app.chats.update(request.params.id, changes))!
    },
  )

  app.delete<{ Params: Static<typeof Params> }>('/api/chats/:id', { schema: { params: Params } }, async (request, reply) => {
    await access(request, request.params.id, 'write')
    app.answers.stop(request.params.id)
    await app.chats.remove(request.params.id)
    return reply.code(204).send()
  })

  app.delete<{ Params: Static<typeof Params>; Body: { messageId: string; type: 'edit' | 'regenerate' } }>(
    '/api/chats/:id/messages',
    {
      schema: {
        params: Params,
        body: Type.Object({ messageId: MessageId, type: Type.Union([Type.Literal('edit'), Type.Literal('regenerate')]) }, { additionalProperties: false }),
        response: { 200: Type.Object({ messages: Type.Array(StoredMessage) }) },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      if (app.answers.get(request.params.id)) throw new AppError(409, 'ANSWER_RUNNING', 'Stop the running answer first.')
      const message = await app.chats.message(request.params.id, request.body.messageId)
      if (!message) throw new AppError(404, 'MESSAGE_NOT_FOUND', 'Message not found')
      // edit: the user message and everything after go (the edited text is sent again);
      // regenerate: the answer and everything after go (the question stays, also when it is the
      // question's id that was given).
      if (request.body.type === 'edit' && message.role !== 'user') throw new AppError(400, 'BAD_MESSAGE', 'Only your own messages can be edited.')
      await app.chats.truncate(request.params.id, request.body.messageId, message.role !== 'user' || request.body.type === 'edit')
      return { messages: await app.chats.messages(request.params.id) }
    },
  )

  app.get<{ Params: Static<typeof Params> }>(
    '/api/chats/:id/votes',
    { schema: { params: Params, response: { 200: Type.Object({ votes: Type.Array(Vote) }) } } },
    async (request) => {
      await access(request, request.params.id, 'write')
      return { votes: await app.chats.votes(request.params.id) }
    },
  )

  app.post<{ Params: Static<typeof Params>; Body: { messageId: string; value: 'up' | 'down' | null } }>(
    '/api/chats/:id/votes',
    {
      schema: {
        params: Params,
        body: Type.Object(
          { messageId: MessageId, value: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Null()]) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ votes: Type.Array(Vote) }) },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      const message = await app.chats.message(request.params.id, request.body.messageId)
      if (!message || message.role !== 'assistant') throw new AppError(404, 'MESSAGE_NOT_FOUND', 'Only answers in this chat can be voted on.')
      await app.chats.vote(request.params.id, request.body.messageId, request.body.value)
      return { votes: await app.chats.votes(request.params.id) }
    },
  )

  app.post<{ Params: Static<typeof Params> }>(
    '/api/chats/:id/stop',
    { schema: { params: Params, response: { 200: Type.Object({ stopped: Type.Boolean() }) } } },
    async (request) => {
      await access(request, request.params.id, 'write')
      const run = app.answers.get(request.params.id)
      const stopped = app.answers.stop(request.params.id)
      // Answer only once the partial answer is stored, so a reload right after shows it.
      if (run) await run.settled
      return { stopped }
    },
  )

  app.get<{ Params: Static<typeof Params>; Querystring: { format?: 'md' | 'json' } }>(
    '/api/chats/:id/export',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('md'), Type.Literal('json')])) }),
      },
    },
    async (request, reply) => {
      const { chat } = await access(request, request.params.id, 'read')
      const messages = await app.chats.messages(chat.id)
      const { ownerId: _owner, ...summary } = chat
      const filename = `chat-${chat.id}`
      reply.header('cache-control', 'no-store')
      if (request.query.format === 'json') {
        reply.header('content-disposition', `attachment; filename="${filename}.json"`)
        return reply.type('application/json; charset=utf-8').send(JSON.stringify({ chat: summary, messages }, null, 2))
      }
      reply.header('content-disposition', `attachment; filename="${filename}.md"`)
      return reply.type('text/markdown; charset=utf-8').send(chatToMarkdown(summary, messages))
    },
  )

  /** Resume: what the running answer has sent so far, then the rest (204 when nothing runs). */
  app.get<{ Params: Static<typeof Params> }>('/api/chats/:id/stream', { schema: { params: Params }, compress: false }, async (request, reply) => {
    await access(request, request.params.id, 'read')
    const stream = app.answers.subscribe(request.params.id)
    if (!stream) return reply.code(204).send()
    return sendUiStream(reply, stream)
  })

  app.post<{
    Params: Static<typeof Params>
    Body: { messages: Array<Static<typeof UserMessage> & { role?: string }>; trigger?: 'submit-message' | 'regenerate-message'; messageId?: string; model?: string }
  }>(
    '/api/chats/:id',
    {
      compress: false,
      schema: {
        params: Params,
        body: Type.Object(
          {
            id: Type.Optional(Type.String()),
            messages: Type.Array(Type.Object({ id: Type.Optional(MessageId), role: Type.String(), parts: Type.Array(AnyPart) }, { additionalProperties: true }), { minItems: 1, maxItems: 1000 }),
            trigger: Type.Optional(Type.Union([Type.Literal('submit-message'), Type.Literal('regenerate-message')])),
            messageId: Type.Optional(Type.String()),
            model: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      const { chat } = await access(request, request.params.id, 'write')
      if (app.answers.get(chat.id)) throw new AppError(409, 'ANSWER_RUNNING', 'An answer is already being written in this chat.')
      const ownerId = await request.getOwnerId()
      const { id: modelId, model } = await resolveModel(request.body.model, chat.model)

      // The context comes from what is stored, not from what the client says was said.
      let stored = await app.chats.messages(chat.id)
      const trigger = request.body.trigger ?? 'submit-message'
      if (trigger === 'submit-message') {
        const incoming = request.body.messages[request.body.messages.length - 1]!
        if (incoming.role !== 'user') throw new AppError(400, 'BAD_MESSAGE', 'The last message must be the user\'s.')
        const alreadyStored = incoming.id && stored.some((message) => message.id === incoming.id)
        if (!alreadyStored) {
          validateText(incoming.parts)
          rateLimit(reply, ownerId)
          await app.chats.append(chat.id, [{ id: incoming.id ?? randomUUID(), role: 'user', parts: incoming.parts, status: 'complete' }])
          stored = await app.chats.messages(chat.id)
        } else if (stored[stored.length - 1]?.id !== incoming.id) {
          throw new AppError(409, 'ALREADY_ANSWERED', 'This message already has an answer.')
        } else {
          rateLimit(reply, ownerId)
        }
      } else {
        // Regenerate: drop the last answer (and anything after the question), answer again.
        const lastUser = [...stored].reverse().find((message) => message.role === 'user')
        if (!lastUser) throw new AppError(400, 'NOTHING_TO_REGENERATE', 'There is no question to answer again.')
        rateLimit(reply, ownerId)
        const index = stored.findIndex((message) => message.id === lastUser.id)
        const after = stored[index + 1]
        if (after) await app.chats.truncate(chat.id, after.id, true)
        stored = stored.slice(0, index + 1)
      }

      const assistantId = randomUUID()
      await app.chats.append(chat.id, [{ id: assistantId, role: 'assistant', parts: [], status: 'streaming', model: modelId }])
      const history = stored.filter((message) => message.status !== 'streaming') as unknown as UIMessage[]
      const modelMessages = await convertToModelMessages(history.map(({ id, role, parts }) => ({ id, role, parts }) as UIMessage))
      const needsTitle = chat.title === DEFAULT_TITLE && stored.filter((message) => message.role === 'assistant').length === 0
      const firstQuestion = textOf(stored.find((message) => message.role === 'user')?.parts ?? [])

      function modelFailed(error: unknown): string {
        failed = true
        const described = describeModelError(error)
        request.log.warn({ err: error, chatId: chat.id, code: described.code }, 'chats: model call failed')
        return described.message
      }

      let outcome: { parts: ChatMessage['parts']; status: 'complete' | 'partial' | 'error' } = { parts: [], status: 'partial' }
      let usage: unknown
      let failed = false

      app.answers.start({
        chatId: chat.id,
        messageId: assistantId,
        produce: (signal) =>
          createUIMessageStream({
            // An upstream error can surface here (thrown from the merged stream) or in the inner onError.
            onError: modelFailed,
            execute: async ({ writer }) => {
              // No retries: a retried 429/5xx would only delay the error the user is waiting to see.
              const result = streamText({ model, messages: modelMessages, abortSignal: signal, maxRetries: 0 })
              writer.merge(
                result.toUIMessageStream({
                  generateMessageId: () => assistantId,
                  messageMetadata: ({ part }) => (part.type === 'finish' ? { model: modelId, usage: part.totalUsage } : part.type === 'start' ? { model: modelId } : undefined),
                  onError: modelFailed,
                  onFinish: ({ responseMessage, isAborted }) => {
                    outcome = {
                      parts: responseMessage.parts as ChatMessage['parts'],
                      status: failed ? 'error' : isAborted || signal.aborted ? 'partial' : 'complete',
                    }
                  },
                }),
              )
              if (needsTitle) {
                const title = await generateTitle(model, firstQuestion, signal)
                await app.chats.update(chat.id, { title })
                writer.write({ type: 'data-chat-title', data: { title }, transient: true })
              }
              try {
                usage = await result.totalUsage
              } catch {
                // Aborted or failed: no usage to record.
              }
            },
          }),
        onSettled: async () => {
          // An error reported after onFinish (e.g. from the merged stream) still marks the answer failed.
          if (failed) outcome = { ...outcome, status: 'error' }
          await app.chats.finishMessage(assistantId, { ...outcome, usage })
        },
      })

      const stream = app.answers.subscribe(chat.id)!
      return sendUiStream(reply, stream)
    },
  )

  async function generateTitle(model: Awaited<ReturnType<typeof app.llm.resolve>>, question: string, signal: AbortSignal): Promise<string> {
    try {
      const { text } = await generateText({ model, maxRetries: 0, system: TITLE_SYSTEM_PROMPT, prompt: question, abortSignal: AbortSignal.any([signal, AbortSignal.timeout(15_000)]) })
      return titleFrom(text, question)
    } catch {
      return titleFrom('', question)
    }
  }
}

/** The AI SDK UI message stream over SSE (`x-vercel-ai-ui-message-stream: v1`), unbuffered. */
function sendUiStream(reply: FastifyReply, stream: ReadableStream<UIMessageChunk>) {
  reply.headers({ ...UI_MESSAGE_STREAM_HEADERS, 'x-accel-buffering': 'no' })
  const body = stream.pipeThrough(new JsonToSseTransformStream()).pipeThrough(new TextEncoderStream())
  return reply.send(Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>))
}
