// The chat API (issue: chats that persist and answers that stream). Only the owner may read or
// change a private chat; anyone may read a public one; everyone else gets 404, never 403, so the
// existence of a chat is never revealed.
import { historyExportRoutes } from './history-export.ts'
import { findRoutes } from './find.ts'
import { messageRestRoutes } from './message-rest.ts'
import { fileIdOf } from '../../services/chats/message-parts.ts'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { CHAT_PAGE_MESSAGES, SIDEBAR_PAGE_SIZE } from '../../../shared/constants.ts'
import { ChatIdRetiredError } from '../../services/chats/retired-chat-ids.ts'
import { claimFiles } from '../../services/files/file-store.ts'
import { MessageIdTakenError, decodeCursor, type ChatChanges, type ChatListView } from '../../services/chats/chat-store.ts'
import { DELETE_ALL_CHATS_CONFIRMATION, SYSTEM_PROMPT_MAX_CHARS } from '../../../shared/personal.ts'
import { chatToMarkdown, exportDisposition } from '../../services/chats/chat-export.ts'
import { fileNamesTitle, provisionalTitle } from '../../services/chats/chat-title.ts'
import { createChatSearch } from '../../services/chats/chat-search.ts'
import { ChatSummary, ErrorBody, Id, MessageId, NO_NUL, Params, RESERVED_IDS, SearchHit, StoredMessage, ToolsOff, UserMessage, Vote, chatAccess, messageIdTaken, ownChatsPage, readChat, textOf, validateUserMessage, attachFiles, ownProject, Project, readerSummary, ownerExport, readerExport } from './common.ts'
import { storedSize, visitorLimits } from './limits.ts'
import { forPage } from '../../services/chats/message-size.ts'
import answerRoutes from './answers.ts'

export default async function chatRoutes(app: FastifyInstance) {
  const chatSearch = createChatSearch(app.db, app.dbDialect)
  const access = chatAccess(app)
  const limits = visitorLimits(app)

  async function ownDefaultModel(ownerId: string): Promise<string | null> {
    const { defaultModel } = await app.settings.get(ownerId)
    return defaultModel && (await app.llm.list()).some((model) => model.id === defaultModel) ? defaultModel : null
  }

  app.get<{ Querystring: { limit?: number; cursor?: string; archived?: boolean; project?: string } }>(
    '/api/chats',
    {
      schema: {
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          cursor: Type.Optional(Type.String({ maxLength: 200 })),
          // The archived chats instead of the history; or one project's chats.
          archived: Type.Optional(Type.Boolean()),
          project: Type.Optional(Id),
        }),
        response: { 200: Type.Object({ chats: Type.Array(ChatSummary), nextCursor: Type.Union([Type.String(), Type.Null()]), pinned: Type.Optional(Type.Array(ChatSummary)), projects: Type.Optional(Type.Array(Project)) }), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { cursor: given, archived, project } = request.query
      const cursor = given ? decodeCursor(given) : null
      if (given && !cursor) throw new AppError(400, 'BAD_CURSOR', 'cursor is not a cursor this API returned')
      if (archived && project) throw new AppError(400, 'BAD_QUERY', 'Ask for archived chats or for a project\'s chats, not both.')
      if (project) await ownProject(request, project)
      const view: ChatListView = archived ? { kind: 'archived' } : project ? { kind: 'project', projectId: project } : { kind: 'history' }
      return ownChatsPage(request, request.query.limit ?? SIDEBAR_PAGE_SIZE, cursor, view)
    },
  )

  // Deletes every chat of the visitor (the settings dialog's "Delete all chats"), with a typed
  // confirmation so that no stray request can do it.
  app.delete<{ Body: { confirm: string } }>(
    '/api/chats',
    {
      schema: {
        body: Type.Object({ confirm: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ deleted: Type.Integer() }), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (request.body.confirm.trim().toLowerCase() !== DELETE_ALL_CHATS_CONFIRMATION) {
        throw new AppError(400, 'CONFIRMATION_REQUIRED', `Type “${DELETE_ALL_CHATS_CONFIRMATION}” to confirm.`)
      }
      const ownerId = await request.peekOwnerId()
      if (ownerId === null) return { deleted: 0 }
      // Answers still being written stop first: nothing is stored in a deleted chat.
      for (const id of await app.chats.idsAnswering(ownerId)) await app.answers.stop(id)
      const fileIds = await app.files.store.idsInChatsOf(ownerId)
      const deleted = await app.chats.removeAllOf(ownerId)
      await app.files.remove(fileIds)
      request.log.info({ deleted }, 'chats: deleted all chats of an owner')
      return { deleted }
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
      const ownerId = await request.peekOwnerId()
      return { results: ownerId === null ? [] : await chatSearch.search(ownerId, q, request.query.limit ?? 20) }
    },
  )

  app.post<{ Body: { id?: string; message: Static<typeof UserMessage>; model?: string; toolsOff?: string[]; projectId?: string } }>(
    '/api/chats',
    {
      schema: {
        body: Type.Object(
          { id: Type.Optional(Id), message: UserMessage, model: Type.Optional(Type.String({ maxLength: 200 })), toolsOff: Type.Optional(ToolsOff), projectId: Type.Optional(Id) },
          { additionalProperties: false },
        ),
        response: { 201: ChatSummary, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      if (request.body.id && RESERVED_IDS.has(request.body.id)) throw new AppError(400, 'BAD_CHAT_ID', `"${request.body.id}" cannot be a chat id.`)
      const checked = validateUserMessage(request.body.message.parts, app.config.messageMaxChars)
      const ownerId = await request.getOwnerId()
      // Without a model named: the owner's default (when it is still on offer), else the server's.
      const modelId = request.body.model ?? (await ownDefaultModel(ownerId)) ?? (await app.llm.defaultModelId())
      await app.llm.resolve(modelId)
      if (request.body.projectId) await ownProject(request, request.body.projectId)
      const { parts, fileIds } = await attachFiles(app, ownerId, null, checked)
      await limits.beforeCreate(request, reply, ownerId, storedSize(parts))
      const chatId = request.body.id ?? randomUUID()
      const chat = await app.chats
        // Named at once from its question (a chat started through the API may never be answered);
        // the model's title replaces this one with the first answer.
        .create({
          id: chatId,
          ownerId,
          model: modelId,
          // A message that is files alone is named after them, as written.
          title: textOf(parts).trim() ? provisionalTitle(textOf(parts)) : fileNamesTitle(parts),
          toolsOff: request.body.toolsOff && [...new Set(request.body.toolsOff)],
          projectId: request.body.projectId ?? null,
          message: { id: request.body.message.id ?? randomUUID(), parts },
        }, (trx) => claimFiles(trx, fileIds, chatId))
        .catch((error: unknown) => {
          if (error instanceof ChatIdRetiredError) throw new AppError(409, 'CHAT_ID_RETIRED', 'This chat id belonged to a deleted chat and is never used again: send no id to get a new one.')
          throw error instanceof MessageIdTakenError ? messageIdTaken() : error
        })
      if (!chat) throw new AppError(409, 'CHAT_EXISTS', 'A chat with this id already exists.')
      return reply.code(201).send(chat)
    },
  )

  app.get<{ Params: Static<typeof Params>; Querystring: { before?: string; limit?: number } }>(
    '/api/chats/:id',
    {
      schema: {
        params: Params,
        // Without either: every message of the shown branch. With limit (or before): the last
        // `limit` (default CHAT_PAGE_MESSAGES) before message `before`, and hasEarlier.
        querystring: Type.Object({ before: Type.Optional(Type.String({ maxLength: 100 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: {
          200: Type.Object({
            chat: Type.Intersect([ChatSummary, Type.Object({ isOwner: Type.Boolean(), streaming: Type.Boolean(), systemPrompt: Type.Optional(Type.String()) })]),
            messages: Type.Array(StoredMessage),
            hasEarlier: Type.Optional(Type.Boolean()),
            votes: Type.Array(Vote),
            fileSizes: Type.Record(Type.String(), Type.Number()),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { before, limit } = request.query
      return readChat(app, request, request.params.id, before !== undefined || limit !== undefined ? { limit: limit ?? CHAT_PAGE_MESSAGES, before } : undefined)
    },
  )

  app.patch<{ Params: Static<typeof Params>; Body: { title?: string; visibility?: 'private' | 'public'; toolsOff?: string[]; systemPrompt?: string; pinned?: boolean; archived?: boolean; projectId?: string | null } }>(
    '/api/chats/:id',
    {
      schema: {
        params: Params,
        body: Type.Object(
          {
            title: Type.Optional(Type.String({ maxLength: 1000, pattern: NO_NUL })),
            visibility: Type.Optional(Type.Union([Type.Literal('private'), Type.Literal('public')])),
            toolsOff: Type.Optional(ToolsOff),
            // Checked below, so that a long one is refused with its length.
            systemPrompt: Type.Optional(Type.String({ maxLength: 100_000, pattern: NO_NUL })),
            pinned: Type.Optional(Type.Boolean()),
            archived: Type.Optional(Type.Boolean()),
            // null: out of its project.
            projectId: Type.Optional(Type.Union([Id, Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Intersect([ChatSummary, Type.Object({ toolsOff: Type.Array(Type.String()), systemPrompt: Type.String() })]), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      const { title, visibility, toolsOff, systemPrompt, pinned, archived, projectId } = request.body
      const changes: ChatChanges = { visibility, pinned, archived }
      // Names of tools that may not be on offer right now (an MCP server that is down) are kept.
      if (toolsOff) changes.toolsOff = [...new Set(toolsOff)]
      if (title !== undefined) {
        const trimmed = title.trim()
        if (trimmed.length < 1 || trimmed.length > 100) throw new AppError(400, 'BAD_TITLE', 'title must be 1 to 100 characters (after trimming spaces)')
        changes.title = trimmed
      }
      if (systemPrompt !== undefined) {
        const trimmed = systemPrompt.trim()
        if (trimmed.length > SYSTEM_PROMPT_MAX_CHARS) throw new AppError(400, 'SYSTEM_PROMPT_TOO_LONG', `The system prompt is ${trimmed.length} characters long; the limit is ${SYSTEM_PROMPT_MAX_CHARS}.`)
        changes.systemPrompt = trimmed
      }
      if (projectId !== undefined) {
        if (projectId !== null) await ownProject(request, projectId)
        changes.projectId = projectId
      }
      await app.chats.update(request.params.id, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)))
      const { ownerId: _owner, ...chat } = (await app.chats.get(request.params.id))!
      return chat
    },
  )

  app.delete<{ Params: Static<typeof Params> }>('/api/chats/:id', { schema: { params: Params } }, async (request, reply) => {
    await access(request, request.params.id, 'write')
    await app.answers.stop(request.params.id)
    await app.chats.remove(request.params.id)
    // The files its messages carried go with it.
    await app.files.remove(await app.files.store.idsOfChat(request.params.id))
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
      if (await app.answers.isRunning(request.params.id)) throw new AppError(409, 'ANSWER_RUNNING', 'Stop the running answer first.')
      const message = await app.chats.message(request.params.id, request.body.messageId)
      if (!message) throw new AppError(404, 'MESSAGE_NOT_FOUND', 'Message not found')
      // edit: the user message and everything after go (the edited text is sent again);
      // regenerate: the answer and everything after go (the question stays, also when it is the
      // question's id that was given).
      if (request.body.type === 'edit' && message.role !== 'user') throw new AppError(400, 'BAD_MESSAGE', 'Only your own messages can be edited.')
      await app.chats.removeBelow(request.params.id, request.body.messageId, message.role !== 'user' || request.body.type === 'edit')
      // Files only the removed messages carried go with them: a public chat no longer serves them.
      await app.files.removeFromChatExcept(request.params.id, async () => (await app.chats.allMessages(request.params.id)).flatMap((kept) => kept.parts.map((part) => fileIdOf(part.url))))
      return { messages: forPage(await app.chats.messages(request.params.id)) }
    },
  )

  // Shows another version: the branch through the message (its newest continuation), kept as the
  // chat's choice for every device, the share page and the export.
  app.post<{ Params: Static<typeof Params>; Body: { messageId: string } }>(
    '/api/chats/:id/branch',
    {
      schema: {
        params: Params,
        body: Type.Object({ messageId: MessageId }, { additionalProperties: false }),
        response: { 200: Type.Object({ messages: Type.Array(StoredMessage), switched: Type.Boolean() }), 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await access(request, request.params.id, 'write')
      if (await app.answers.isRunning(request.params.id)) throw new AppError(409, 'ANSWER_RUNNING', 'An answer is being written in this chat: stop it or wait for it to switch versions.')
      const result = await app.chats.switchTo(request.params.id, request.body.messageId)
      if (!result) throw new AppError(404, 'MESSAGE_NOT_FOUND', 'This chat has no such message.')
      // switched: false when the chat already showed that message.
      // Long messages as a page carries them: their start (the screen keeps what it already shows whole).
      return { messages: forPage(await app.chats.messages(request.params.id)), switched: result.switched }
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

  app.get<{ Params: Static<typeof Params>; Querystring: { format?: 'md' | 'json' } }>(
    '/api/chats/:id/export',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('md'), Type.Literal('json')])) }),
      },
    },
    async (request, reply) => {
      const { chat, isOwner } = await access(request, request.params.id, 'read')
      const { ownerId: _owner, toolsOff, systemPrompt, ...all } = chat
      // Its owner's export keeps the system prompt and where the chat is filed; a reader's does not.
      const summary = isOwner ? { ...all, toolsOff, ...(systemPrompt && { systemPrompt }) } : readerSummary(all)
      reply.header('cache-control', 'no-store')
      if (request.query.format === 'json') {
        // The whole tree for its owner. A reader of a shared chat gets the branch it is shown.
        const document = isOwner
          ? await ownerExport(app, chat)
          : await readerExport(app, chat.id, summary)
        reply.header('content-disposition', exportDisposition(chat.title, 'json'))
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(document, null, 2))
      }
      // Markdown is for reading: the branch the chat shows.
      reply.header('content-disposition', exportDisposition(chat.title, 'md'))
      return reply.type('text/markdown; charset=utf-8').send(chatToMarkdown(summary, await app.chats.messages(chat.id), await app.artifacts.current(chat.id, await app.artifacts.pathOf(chat.id))))
    },
  )

  // Sending, resuming and stopping answers.
  await app.register(answerRoutes, { limits })
  await app.register(historyExportRoutes)
  await app.register(findRoutes)
  await app.register(messageRestRoutes)
}
