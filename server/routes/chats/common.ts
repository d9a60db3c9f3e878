// What the chat routes share: schemas, the ownership rule and message checks.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { CHAT_ID_PATTERN } from '../../../shared/constants.ts'
import type { ChatListPage, ChatPageData, ChatSummary as ChatSummaryShape } from '../../../shared/page-data.ts'
import type { ChatCursor, ChatListView, ChatMessage } from '../../services/chats/chat-store.ts'
import { fileIdOf, storedUserParts, userParts, type UserPart } from '../../services/chats/message-parts.ts'
import { forPage } from '../../services/chats/message-size.ts'
import { fileInOtherChat } from '../../services/files/file-store.ts'
import { exportedVersion } from '../../services/artifacts/artifact-export.ts'

export const Id = Type.String({ pattern: CHAT_ID_PATTERN.source })
// PostgreSQL text cannot hold NUL: a NUL in a stored or looked-up string would be a 500 there.
export const NO_NUL = '^[^\\u0000]*$'
export const MessageId = Type.String({ minLength: 1, maxLength: 128, pattern: NO_NUL })
export const AnyPart = Type.Object({ type: Type.String() }, { additionalProperties: true })
export const UserMessage = Type.Object(
  { id: Type.Optional(MessageId), role: Type.Optional(Type.Literal('user')), parts: Type.Array(AnyPart, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: true },
)
export const ChatSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  visibility: Type.Union([Type.Literal('private'), Type.Literal('public')]),
  model: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
  pinnedAt: Type.Optional(Type.Number()),
  archivedAt: Type.Optional(Type.Number()),
  projectId: Type.Optional(Type.String()),
})
export const Project = Type.Object({ id: Type.String(), name: Type.String(), instructions: Type.String(), createdAt: Type.Number(), updatedAt: Type.Number() })
export const StoredMessage = Type.Object({
  id: Type.String(),
  role: Type.String(),
  parts: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  status: Type.String(),
  createdAt: Type.Number(),
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  versions: Type.Optional(Type.Array(Type.String())),
})
/** Names of the tools a chat turned off (kept even for tools not on offer right now). */
export const ToolsOff = Type.Array(Type.String({ minLength: 1, maxLength: 200, pattern: NO_NUL }), { maxItems: 100 })
export const Vote = Type.Object({ messageId: Type.String(), value: Type.Union([Type.Literal('up'), Type.Literal('down')]) })
export const ErrorBody = Type.Object({ statusCode: Type.Number(), code: Type.String(), message: Type.String() })
export const Params = Type.Object({ id: Id })
export const SearchHit = Type.Object({
  chatId: Type.String(),
  title: Type.String(),
  snippet: Type.String(),
  highlights: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
  messageId: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.Number(),
})
/** Paths under /api/chats/ that are not chats: GET /api/chats/search would never reach a chat with this id. */
export const RESERVED_IDS = new Set(['search'])

export const notFound = () => new AppError(404, 'CHAT_NOT_FOUND', 'Chat not found')

export function textOf(parts: Array<Record<string, unknown>>): string {
  return parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n')
}

/**
 * The chat if this visitor may see it (owner, or public for reading); 404 otherwise — never 403,
 * so the existence of someone else's chat is never revealed.
 */
export function chatAccess(app: FastifyInstance) {
  return async function access(request: FastifyRequest, id: string, mode: 'read' | 'write') {
    const chat = await app.chats.get(id)
    if (!chat) throw notFound()
    const ownerId = await request.peekOwnerId()
    const isOwner = ownerId !== null && chat.ownerId === ownerId
    if (!isOwner && (mode === 'write' || chat.visibility !== 'public')) throw notFound()
    return { chat, isOwner }
  }
}

/**
 * A page of the visitor's own chats (none for a visitor who has never chatted). The first page of
 * the sidebar's history also brings the pinned chats and the projects: the sidebar draws all three
 * from the one answer (and from the page's inlined copy of it on a first load).
 */
export async function ownChatsPage(request: FastifyRequest, limit: number, cursor: ChatCursor | null, view: ChatListView = { kind: 'history' }): Promise<ChatListPage> {
  const ownerId = await request.peekOwnerId()
  if (ownerId === null) return { chats: [], nextCursor: null, ...(view.kind === 'history' && !cursor && { pinned: [], projects: [] }) }
  const { chats, projects } = request.server
  if (view.kind !== 'history' || cursor) return chats.list(ownerId, limit, cursor, view)
  const [page, pinned, projectList] = await Promise.all([chats.list(ownerId, limit, null, view), chats.pinned(ownerId), projects.list(ownerId)])
  return { ...page, pinned, projects: projectList }
}

/** The project if it is the visitor's own; 404 otherwise (like a chat: never reveal that it exists). */
export async function ownProject(request: FastifyRequest, projectId: string) {
  const project = await request.server.projects.get(projectId)
  const ownerId = await request.peekOwnerId()
  if (!project || ownerId === null || project.ownerId !== ownerId) throw new AppError(404, 'PROJECT_NOT_FOUND', 'Project not found')
  return project
}

/**
 * A message as a user may send it, reduced to what is stored: text parts and files (400 naming any
 * other part), not empty, at most `maxChars` characters of text in all. That bounds what a message
 * stores too: its parts' JSON is at most a few bytes per character. Files are checked against
 * their uploads by attachFiles.
 */
export function validateUserMessage(parts: Array<Record<string, unknown>>, maxChars: number): UserPart[] {
  const kept = userParts(parts)
  const text = textOf(kept)
  if (!text.trim() && !kept.some((part) => part.type === 'file')) throw new AppError(400, 'EMPTY_MESSAGE', 'The message is empty.')
  if (text.length > maxChars) {
    throw new AppError(400, 'MESSAGE_TOO_LONG', `The message is ${text.length} characters long; the limit is ${maxChars}.`)
  }
  return kept
}

/**
 * The message's files as stored: each must be one of the sender's own uploads, not already sent
 * in another chat, at most UPLOAD_MAX_FILES of them; their type and name come from the upload.
 * Returns the parts to store and the ids to attach to the chat once the message is stored.
 */
export async function attachFiles(app: FastifyInstance, ownerId: string, chatId: string | null, parts: UserPart[]): Promise<{ parts: UserPart[]; fileIds: string[] }> {
  const fileIds: string[] = []
  const resolved: UserPart[] = []
  // The file parts this chat's messages already hold, by URL: read once, only when a file is gone.
  let named: Map<string, UserPart> | undefined
  for (const part of parts) {
    if (part.type !== 'file') {
      resolved.push(part)
      continue
    }
    const id = fileIdOf(part.url)!
    const file = await app.files.store.get(id)
    if (!file && chatId !== null) {
      // A file its owner deleted, sent again by an edit of the message that carried it: still named
      // (as removed), as stored, whatever the client says it was.
      named ??= new Map((await app.chats.allMessages(chatId)).flatMap((message) => (message.role === 'user' ? storedUserParts(message.parts) : [])).filter((stored) => stored.type === 'file').map((stored) => [stored.url, stored]))
      const stored = named.get(part.url)
      if (stored) {
        resolved.push(stored)
        continue
      }
    }
    // Someone else's upload is as unknown as one that does not exist.
    if (!file || file.ownerId !== ownerId) throw new AppError(400, 'UNKNOWN_FILE', `The file ${part.url} is not one of your uploads: upload it with POST /api/files first.`)
    if (file.projectId) throw new AppError(400, 'FILE_IN_PROJECT', `“${file.filename}” is one of a project's files: upload it again to send it in a message.`)
    if (file.chatId && file.chatId !== chatId) throw fileInOtherChat(file.filename)
    if (!fileIds.includes(id)) fileIds.push(id)
    resolved.push({ type: 'file', url: part.url, mediaType: file.mediaType, filename: file.filename })
  }
  const { maxFiles } = app.files.limits
  if (fileIds.length > maxFiles) throw new AppError(400, 'TOO_MANY_FILES', `The message has ${fileIds.length} files; a message may carry at most ${maxFiles}.`)
  return { parts: resolved, fileIds }
}

export const messageIdTaken = () =>
  new AppError(409, 'MESSAGE_ID_TAKEN', 'A message with this id already exists. Send it again with a new id.')

/** A chat with its messages (and the owner's votes) as this visitor may see it: the chat API's GET and the chat page's loader. */
/** A chat's messages as a reader of a shared chat sees them: the chosen branch, nothing of other versions. */
export function withoutVersions<M extends { versions?: string[] }>(messages: M[]): Array<Omit<M, 'versions'>> {
  return messages.map(({ versions: _versions, ...message }) => message)
}

/**
 * A chat as its owner exports it (JSON): the whole tree, every message with its parent, the leaf of
 * the branch it shows, its system prompt and where it is filed. One chat of `GET /api/export` too.
 */
export async function ownerExport(app: FastifyInstance, chat: NonNullable<Awaited<ReturnType<FastifyInstance['chats']['get']>>>) {
  const { ownerId: _owner, systemPrompt, ...summary } = chat
  const [messages, currentLeafId, artifacts] = await Promise.all([app.chats.allMessages(chat.id), app.chats.currentLeaf(chat.id), app.artifacts.allVersions(chat.id)])
  // Every version of every artifact, each naming its message: an import puts them back on their
  // branches. A chat without artifacts exports as it always did.
  return { chat: { ...summary, ...(systemPrompt && { systemPrompt }), currentLeafId }, messages, ...(artifacts.length > 0 && { artifacts: artifacts.map(exportedVersion) }) }
}

/** The JSON export of a shared chat for a reader: the branch it is shown, with the artifact versions on it (no `artifacts` when none). */
export async function readerExport<S extends object>(app: FastifyInstance, chatId: string, summary: S) {
  const [branch, currentLeafId, artifacts] = await Promise.all([app.chats.messages(chatId), app.chats.currentLeaf(chatId), app.artifacts.allVersions(chatId)])
  const onBranch = new Set(branch.map((message) => message.id))
  const shown = artifacts.filter((version) => onBranch.has(version.messageId))
  return {
    chat: { ...summary, currentLeafId },
    messages: withoutVersions(branch).map((message, index) => ({ ...message, parentId: branch[index - 1]?.id ?? null })),
    ...(shown.length > 0 && { artifacts: shown.map(exportedVersion) }),
  }
}

/** A chat as a reader of a shared chat sees it: nothing of how its owner files it. */
export function readerSummary<S extends ChatSummaryShape>(summary: S): Omit<S, 'pinnedAt' | 'archivedAt' | 'projectId'> {
  const { pinnedAt: _pinned, archivedAt: _archived, projectId: _project, ...rest } = summary
  return rest
}

/** A window of the shown branch: its last `limit` messages, before `before` when given. */
export interface MessageWindow {
  limit: number
  before?: string
}

export async function readChat(app: FastifyInstance, request: FastifyRequest, id: string, window?: MessageWindow): Promise<ChatPageData> {
  const { chat, isOwner } = await chatAccess(app)(request, id, 'read')
  const { ownerId: _owner, toolsOff: _toolsOff, systemPrompt, ...summary } = chat
  let messages: ChatMessage[]
  let hasEarlier = false
  if (window) {
    const latest = await app.chats.latestMessages(chat.id, window.limit, window.before)
    if (!latest) throw new AppError(400, 'BAD_BEFORE', 'before is not a message of this chat')
    ;({ messages, hasEarlier } = latest)
  } else {
    messages = await app.chats.messages(chat.id)
  }
  return {
    // The system prompt, pins, archive and project are the owner's business, not a reader's.
    chat: isOwner ? { ...summary, ...(systemPrompt && { systemPrompt }), isOwner, streaming: await app.answers.isRunning(chat.id) } : { ...readerSummary(summary), isOwner, streaming: await app.answers.isRunning(chat.id) },
    // Versions are for the owner's switcher. A long message comes as its start (the rest on demand).
    messages: forPage(isOwner ? messages : withoutVersions(messages)),
    ...(hasEarlier && { hasEarlier }),
    votes: isOwner ? await app.chats.votes(chat.id) : [],
    fileSizes: await app.files.store.sizesOfChat(chat.id),
  }
}
