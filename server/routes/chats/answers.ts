// Answers: send a message and stream the answer (AI SDK UI message stream over SSE), resume a
// running answer after a reload, stop it. The answer runs in the background (app.answers), so a
// browser that goes away does not stop it.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply } from 'fastify'
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
import { DEFAULT_TITLE, type ChatMessage } from '../../services/chat-store.ts'
import { createAttemptLimiter } from '../../services/attempt-limiter.ts'
import { describeModelError, TITLE_SYSTEM_PROMPT } from '../../services/llm/index.ts'
import { titleFrom } from '../../services/chat-title.ts'
import { AnyPart, MessageId, Params, UserMessage, chatAccess, textOf, validateText } from './common.ts'

export default async function answerRoutes(app: FastifyInstance) {
  const { messageMaxChars, sendRateLimitPerMinute } = app.config
  const sendLimiter = createAttemptLimiter({ max: sendRateLimitPerMinute, windowMs: 60_000 })
  const access = chatAccess(app)

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
          validateText(incoming.parts, messageMaxChars)
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
