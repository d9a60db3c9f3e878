// Answers: send a message and stream the answer (AI SDK UI message stream over SSE), resume a
// running answer after a reload, stop it. The answer runs in the background (app.answers), so a
// browser that goes away does not stop it.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { convertToModelMessages, generateText } from 'ai'
import { AppError } from '../../../shared/errors.ts'
import { DEFAULT_TITLE, MessageIdTakenError, type ChatMessage } from '../../services/chats/chat-store.ts'
import { describeModelError, OFFLINE_MODEL_ID, TITLE_SYSTEM_PROMPT } from '../../services/llm/index.ts'
import { CONTINUE_PROMPT, composeSystemPrompt } from '../../services/llm/prompts.ts'
import { relayAnswer, toModelPrompt, type RelayOutcome } from '../../services/llm/relay.ts'
import { provisionalTitle, titleFrom } from '../../services/chats/chat-title.ts'
import { modelContext, userParts } from '../../services/chats/message-parts.ts'
import { messageChars } from '../../services/chats/message-size.ts'
import { filesForModel, projectFilesText } from '../../services/files/files-for-model.ts'
import { claimFiles } from '../../services/files/file-store.ts'
import { IMAGE_MAX_SIDE, readsOnlyText, textOnlyPatterns } from '../../services/files/image-for-model.ts'
import { deadline } from '../../services/deadline.ts'
import { artifactsPromptSection } from '../../services/artifacts/artifact-prompt.ts'
import { UPDATE_ARTIFACT_TOOL } from '../../../shared/artifacts.ts'
import { AnyPart, MessageId, Params, UserMessage, attachFiles, chatAccess, messageIdTaken, textOf, validateUserMessage } from './common.ts'
import { storedSize, type VisitorLimits } from './limits.ts'
import { sendUiStream, withWrittenParts } from './ui-stream.ts'

/** A chat's title (a second, short model call beside its first answer) is given up after this long. */
const TITLE_TIMEOUT_MS = 15_000

export default async function answerRoutes(app: FastifyInstance, options: { limits: VisitorLimits }) {
  const { messageMaxChars } = app.config
  const textOnlyModels = textOnlyPatterns(app.files.limits.textOnlyModels)
  const { limits } = options
  const access = chatAccess(app)

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

  /** The parent a client named for a new message (a message of this chat, or null), else the chat's current leaf. */
  async function parentOf(chatId: string, named: string | null | undefined): Promise<string | null> {
    if (named === undefined) return app.chats.currentLeaf(chatId)
    if (named === null) return null
    if (!(await app.chats.message(chatId, named))) throw new AppError(409, 'CHAT_CHANGED', 'The message this one follows is no longer in the chat: reload the chat and send it again.')
    return named
  }

  /** An answer that may be continued: the last of its branch, stopped or cut for length, text only. */
  async function continuable(chatId: string, messageId: string): Promise<ChatMessage> {
    const answer = await app.chats.message(chatId, messageId)
    if (!answer || answer.role !== 'assistant') throw new AppError(404, 'MESSAGE_NOT_FOUND', 'This chat has no such answer.')
    const cut = answer.status === 'partial' || (answer.metadata?.details as { finishReason?: string } | undefined)?.finishReason === 'length'
    if (!cut) throw new AppError(409, 'NOT_CUT', 'Only an answer that was stopped or cut for length can be continued.')
    if (await app.chats.hasChildren(chatId, answer.id)) throw new AppError(409, 'NOT_LAST', 'Only the last answer of a conversation can be continued.')
    if ((answer.metadata?.details as { cutAtChars?: number } | undefined)?.cutAtChars !== undefined || messageChars(answer.parts) >= app.config.messageStoredMaxChars) {
      throw new AppError(409, 'MESSAGE_FULL', `This answer holds as much as one message may (${app.config.messageStoredMaxChars.toLocaleString('en-US')} characters): ask a new question to go on.`)
    }
    if (answer.parts.some((part) => part.type !== 'text' && part.type !== 'reasoning' && part.type !== 'step-start')) {
      throw new AppError(409, 'CANNOT_CONTINUE', 'An answer with tool results cannot be continued: regenerate it instead.')
    }
    return answer
  }

  app.post<{ Params: Static<typeof Params> }>(
    '/api/chats/:id/stop',
    { schema: { params: Params, response: { 200: Type.Object({ stopped: Type.Boolean() }) } } },
    async (request) => {
      await access(request, request.params.id, 'write')
      // Resolves only once the partial answer is stored, so a reload right after shows it.
      return { stopped: await app.answers.stop(request.params.id) }
    },
  )

  /** The user's decision on a tool call that asked for approval (on whichever replica runs the answer). */
  app.post<{ Params: Static<typeof Params>; Body: { approvalId: string; approved: boolean; reason?: string } }>(
    '/api/chats/:id/approvals',
    {
      schema: {
        params: Params,
        body: Type.Object(
          { approvalId: Type.String({ minLength: 1, maxLength: 100 }), approved: Type.Boolean(), reason: Type.Optional(Type.String({ maxLength: 500 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ ok: Type.Boolean() }) },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      const { approvalId, approved, reason } = request.body
      if (!(await app.answers.approve(request.params.id, approvalId, { approved, ...(reason?.trim() ? { reason: reason.trim() } : {}) }))) {
        throw new AppError(409, 'NOT_WAITING', 'No tool call in this chat is waiting for that approval.')
      }
      return { ok: true }
    },
  )

  /** Resume: what the running answer has sent so far, then the rest (204 when nothing runs). */
  app.get<{ Params: Static<typeof Params> }>('/api/chats/:id/stream', { schema: { params: Params }, compress: false }, async (request, reply) => {
    await access(request, request.params.id, 'read')
    const stream = await app.answers.subscribe(request.params.id)
    if (!stream) return reply.code(204).send()
    return sendUiStream(reply, stream)
  })

  app.post<{
    Params: Static<typeof Params>
    Body: { messages: Array<Static<typeof UserMessage> & { role?: string }>; trigger?: 'submit-message' | 'regenerate-message'; messageId?: string; model?: string; parentId?: string | null; continue?: string }
  }>(
    '/api/chats/:id',
    {
      compress: false,
      schema: {
        params: Params,
        body: Type.Object(
          {
            id: Type.Optional(Type.String()),
            messages: Type.Array(
              Type.Object({ id: Type.Optional(MessageId), role: Type.String(), parts: Type.Array(AnyPart, { maxItems: 50 }) }, { additionalProperties: true }),
              { minItems: 1, maxItems: 1000 },
            ),
            trigger: Type.Optional(Type.Union([Type.Literal('submit-message'), Type.Literal('regenerate-message')])),
            messageId: Type.Optional(Type.String()),
            model: Type.Optional(Type.String({ maxLength: 200 })),
            // The message the new one follows on the sender's screen (null: it is a chat's first).
            parentId: Type.Optional(Type.Union([MessageId, Type.Null()])),
            // An answer that was stopped or cut for length, to write on from where it ended.
            continue: Type.Optional(MessageId),
          },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      // What a user can send is text; whatever else a client put in (a file URL, forged reasoning
      // or tool output) is refused by name, on every trigger, before anything is stored.
      for (const message of request.body.messages) if (message.role === 'user') userParts(message.parts)
      const { chat } = await access(request, request.params.id, 'write')
      if (await app.answers.isRunning(chat.id)) throw new AppError(409, 'ANSWER_RUNNING', 'An answer is already being written in this chat.')
      const ownerId = chat.ownerId
      const { id: modelId, model } = await resolveModel(request.body.model, chat.model)
      // Picked in the chat's composer: the chat goes on with that model.
      if (request.body.model && request.body.model !== chat.model) await app.chats.update(chat.id, { model: request.body.model })

      // The context comes from what is stored, not from what the client says was said: the branch
      // the new message or answer continues (chat-tree.ts), nothing from the other versions.
      let stored: Array<Pick<ChatMessage, 'id' | 'role' | 'parts' | 'status'>>
      // Stored together with the answer's placeholder, in one transaction.
      const toStore: Parameters<typeof app.chats.append>[1] = []
      const trigger = request.body.trigger ?? 'submit-message'
      /** What the first stored message follows (undefined: the chat's current leaf). */
      let parentId: string | null | undefined
      /** Files the new question carries: attached to the chat once it is stored. */
      let fileIds: string[] = []
      const incoming = request.body.messages[request.body.messages.length - 1]!
      const storedIncoming = incoming.id ? await app.chats.message(chat.id, incoming.id) : null
      /** Continue: the answer that goes on (its parts stay, the new ones follow). */
      let continued: ChatMessage | undefined
      if (request.body.continue) {
        continued = await continuable(chat.id, request.body.continue)
        await limits.beforeSend(request, reply, ownerId, 0)
        stored = await app.chats.messages(chat.id, continued.id)
      } else if (trigger === 'submit-message') {
        if (incoming.role !== 'user') throw new AppError(400, 'BAD_MESSAGE', 'The last message must be the user\'s.')
        if (!storedIncoming) {
          // A new message follows the one the sender's screen showed before it: an edit is a new
          // version of the message it replaces (same parent; null for a chat's first message).
          parentId = await parentOf(chat.id, request.body.parentId)
          stored = parentId === null ? [] : await app.chats.messages(chat.id, parentId)
          const checked = await attachFiles(app, ownerId, chat.id, validateUserMessage(incoming.parts, messageMaxChars))
          const parts = checked.parts
          fileIds = checked.fileIds
          await limits.beforeSend(request, reply, ownerId, storedSize(parts))
          const question = { id: incoming.id ?? randomUUID(), role: 'user' as const, parts, status: 'complete' as const }
          toStore.push(question)
          stored = [...stored, question]
        } else if (storedIncoming.role !== 'user' || (await app.chats.hasChildren(chat.id, storedIncoming.id))) {
          throw new AppError(409, 'ALREADY_ANSWERED', 'This message already has an answer.')
        } else {
          // A question stored without an answer (a new chat's first): answer it.
          await limits.beforeSend(request, reply, ownerId, 0)
          parentId = storedIncoming.id
          stored = await app.chats.messages(chat.id, storedIncoming.id)
        }
      } else {
        // Regenerate: a new version of the answer to the question the screen shows last (the
        // old answer stays, one version back); without one, the last question of the shown branch.
        const question = storedIncoming?.role === 'user' ? storedIncoming : [...(await app.chats.messages(chat.id))].reverse().find((message) => message.role === 'user')
        if (!question) throw new AppError(400, 'NOTHING_TO_REGENERATE', 'There is no question to answer again.')
        await limits.beforeSend(request, reply, ownerId, 0)
        parentId = question.id
        stored = await app.chats.messages(chat.id, question.id)
      }

      const history = modelContext(stored.filter((message) => message.status !== 'streaming'))
      // Never stored nor shown: the model is asked to write on after its own words.
      if (continued) history.push({ id: 'continue', role: 'user', parts: [{ type: 'text', text: CONTINUE_PROMPT }] })
      // Attached files reach the model from our storage (bytes or text), never as URLs.
      const modelFiles = await filesForModel(history, app.files.storage, {
        maxChars: app.files.limits.textMaxChars,
        nativePdf: /^(anthropic|google):/.test(modelId),
        textOnly: readsOnlyText(modelId, textOnlyModels),
        // The offline demo describes the files as the user sent them (their pixel size and bytes).
        imageMaxSide: modelId === OFFLINE_MODEL_ID ? Infinity : IMAGE_MAX_SIDE,
      })
      // Custom instructions, then the project's, then the chat's own system prompt.
      // A project's files come with its instructions, as text.
      // Last, the artifacts of the branch as they are now (what "make the button blue" refers to).
      const onPath = stored.map((message) => message.id)
      const [{ instructions }, project, projectFiles, artifacts] = await Promise.all([
        app.settings.get(ownerId),
        chat.projectId ? app.projects.get(chat.projectId) : null,
        chat.projectId ? app.files.store.ofProject(chat.projectId).then((files) => projectFilesText(files, app.files.storage, app.files.limits.textMaxChars)) : '',
        app.artifacts.current(chat.id, onPath),
      ])
      const assistantId = continued?.id ?? randomUUID()
      // The artifact tools make versions that belong to this answer, on its branch.
      const answerContext = { chatId: chat.id, messageId: assistantId, onPath: [...new Set([...onPath, assistantId])], store: app.artifacts, maxBytes: app.config.artifacts.maxBytes }
      const tools = app.tools.forAnswer(chat.toolsOff, answerContext)
      const artifactsSection = artifactsPromptSection(artifacts, { canUpdate: tools.some((tool) => tool.name === UPDATE_ARTIFACT_TOOL) })
      const system = composeSystemPrompt(instructions, project?.instructions, projectFiles, chat.systemPrompt, artifactsSection)
      const prompt = await toModelPrompt(model, await convertToModelMessages(modelFiles), system)
      // Taken before anything changes: a refusal here leaves the chat as it was (the old answer too).
      const releaseSlot = await limits.answerSlot(request, reply, assistantId)
      if (!continued) toStore.push({ id: assistantId, role: 'assistant', parts: [], status: 'streaming', model: modelId })
      /** An edited question or a regenerated answer: every version of it (the switchers' lists). */
      let versions: string[] | undefined
      try {
        if (continued) await app.chats.reopen(assistantId)
        else versions = await app.chats.append(chat.id, toStore, parentId, (trx) => claimFiles(trx, fileIds, chat.id))
      } catch (error) {
        await releaseSlot()
        throw error instanceof MessageIdTakenError ? messageIdTaken() : error
      }
      const firstQuestion = textOf(stored.find((message) => message.role === 'user')?.parts ?? [])
      // The first answer names the chat, unless its owner already renamed it.
      const autoTitled = chat.title === DEFAULT_TITLE || chat.title === provisionalTitle(firstQuestion)
      const needsTitle = autoTitled && stored.filter((message) => message.role === 'assistant').length === 0

      /** The error code of a failed answer, for the usage counts (the admin page's failures by kind). */
      let failureKind: string | undefined
      function modelFailed(error: unknown): string {
        const described = describeModelError(error)
        failureKind = described.code
        app.metrics.upstreamErrors.inc({ upstream: 'model', kind: described.code })
        request.log.warn({ err: error, chatId: chat.id, code: described.code }, 'chats: model call failed')
        return described.message
      }

      // The upstream (an OpenAI-compatible server, a gateway) can log the same id as we do.
      const traced = { 'x-request-id': request.id }
      let outcome: RelayOutcome = { parts: [], status: 'partial', details: { totalMs: 0, finishReason: 'stopped' } }
      // Saved about once a second while it streams (answer-checkpoints.ts).
      // A continued answer keeps its parts: the new ones are added after them.
      const draft = { parts: continued ? structuredClone(continued.parts) : [], version: 0 }
      app.answerCheckpoints.track(assistantId, draft)

      const { sender } = app.answers.start({
        chatId: chat.id,
        messageId: assistantId,
        withSender: true,
        // A continued answer's stream first repeats what it had; a new one is the relay's as it is.
        produce: (signal) =>
          withWrittenParts(continued?.parts, relayAnswer({
            model,
            prompt,
            signal,
            messageId: assistantId,
            metadata: { model: modelId },
            describeError: modelFailed,
            headers: traced,
            draft,
            tools,
            maxSteps: app.config.tools.maxSteps,
            maxChars: app.config.messageStoredMaxChars,
            toolLimits: { timeoutMs: app.config.tools.timeoutMs },
            awaitApproval: (approvalId, approvalSignal) => app.answers.awaitApproval(chat.id, approvalId, approvalSignal),
            onEnd: (ended) => (outcome = ended),
          })),
        alongside:
          versions || needsTitle
            ? async (signal, emit) => {
                // A new version: the switchers' lists (by message id, each version's the same) go
                // out as a transient data part (a reload reads them from the chat).
                if (versions) emit({ type: 'data-versions', data: Object.fromEntries(versions.map((id) => [id, versions])), transient: true })
                // The first answer of a chat also names it; the title goes out as a transient data part.
                if (!needsTitle) return
                const title = await generateTitle(model, firstQuestion, signal, traced)
                await app.chats.update(chat.id, { title })
                emit({ type: 'data-chat-title', data: { title }, transient: true })
              }
            : undefined,
        describeError: modelFailed,
        onSettled: async () => {
          app.answerCheckpoints.untrack(assistantId)
          const { parts, status, usage, details } = outcome
          try {
            await app.chats.finishMessage(assistantId, { parts: parts as unknown as ChatMessage['parts'], status, usage, details })
            // Counted against the owner's daily quota and shown on the admin page.
            await app.quotas
              .count({
                ownerId,
                model: modelId,
                inputTokens: usage?.inputTokens ?? 0,
                outputTokens: usage?.outputTokens ?? 0,
                failedKind: status === 'error' ? (failureKind ?? 'UNKNOWN') : undefined,
              })
              .catch((error: unknown) => request.log.warn({ err: error }, 'chats: counting an answer\'s usage failed'))
          } finally {
            await releaseSlot().catch((error: unknown) => request.log.warn({ err: error }, 'chats: releasing an answer slot failed'))
          }
        },
      })

      // The model request was created in start(); Node writes it on a later tick. Let it go out
      // before answering the browser: the upstream round trip is the longest wait before the
      // first token, and the response headers are not on that path. The sender's stream was
      // subscribed in start(), so an answer that has already ended by now is still all there.
      await new Promise<void>((resolve) => setImmediate(resolve))
      return sendUiStream(reply, sender!)
    },
  )

  async function generateTitle(model: Awaited<ReturnType<typeof app.llm.resolve>>, question: string, signal: AbortSignal, headers: Record<string, string>): Promise<string> {
    const limit = deadline(signal, TITLE_TIMEOUT_MS, () => new DOMException('The title took too long', 'TimeoutError'))
    try {
      const { text } = await generateText({ model, maxRetries: 0, headers, system: TITLE_SYSTEM_PROMPT, prompt: question, abortSignal: limit.signal })
      return titleFrom(text, question)
    } catch {
      return titleFrom('', question)
    } finally {
      limit.clear()
    }
  }
}
