// Our own JSON export of a chat (GET /api/chats/:id/export?format=json): `{ chat, messages }`, every
// message with its parent, the chat's current leaf and system prompt. Imported, it is the same chat
// again. Its parts are checked: only what a stored message may hold, links only to web pages.
import { SkippedConversation, mergeParts, timeOf, titleOf, type ImportedChat, type ImportedMessage } from './imported-chat.ts'
import { CHAT_ID_PATTERN } from '../../../shared/constants.ts'
import { SYSTEM_PROMPT_MAX_CHARS } from '../../../shared/personal.ts'
import { readExportedArtifacts } from '../artifacts/import-artifacts.ts'

type Json = Record<string, any>
type Part = Record<string, unknown>

export function isOwnExport(value: unknown): boolean {
  const doc = value as Json | null
  return typeof doc === 'object' && doc !== null && typeof doc.chat === 'object' && doc.chat !== null && Array.isArray(doc.messages)
}

const isWebUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\//i.test(value)

/** The parts of an exported message that are safe to store again; files become a note (their bytes are not in the export). */
function keptParts(parts: unknown, role: 'user' | 'assistant'): Part[] {
  if (!Array.isArray(parts)) return []
  return parts.flatMap((part: Json): Part[] => {
    if (!part || typeof part !== 'object' || typeof part.type !== 'string') return []
    if (part.type === 'text' && typeof part.text === 'string') return [{ type: 'text', text: part.text, ...(part.state === 'done' && { state: 'done' }) }]
    if (part.type === 'file') return [{ type: 'text', text: `📎 *${String(part.filename ?? 'a file')} (files are not in the export)*` }]
    if (role === 'user') return []
    if (part.type === 'reasoning' && typeof part.text === 'string') return [{ type: 'reasoning', text: part.text, state: 'done' }]
    if (part.type === 'source-url' && isWebUrl(part.url)) return [{ type: 'source-url', sourceId: String(part.sourceId ?? part.url), url: part.url, ...(typeof part.title === 'string' && { title: part.title }) }]
    if (part.type === 'step-start') return [{ type: 'step-start' }]
    // A tool call and its result, as they were (the tool card shows them); nothing that runs.
    if ((part.type.startsWith('tool-') || part.type === 'dynamic-tool') && typeof part.toolCallId === 'string' && typeof part.state === 'string') {
      const state = part.state === 'output-available' || part.state === 'output-error' || part.state === 'output-denied' ? part.state : 'output-error'
      return [{ ...part, state, ...(state === 'output-error' && typeof part.errorText !== 'string' && { errorText: 'Not finished when it was exported.' }) }]
    }
    return []
  })
}

export function fromOwnExport(doc: Json, now: number): ImportedChat {
  const chat: Json = doc.chat
  const title = titleOf(chat.title)
  const id = typeof chat.id === 'string' && CHAT_ID_PATTERN.test(chat.id) ? chat.id : undefined
  if (!id) throw new SkippedConversation(title, 'it has no chat id')
  const createdAt = timeOf(chat.createdAt, now)
  const messages: ImportedMessage[] = []
  const ids = new Set<string>()
  for (const [index, message] of (doc.messages as Json[]).entries()) {
    if (!message || typeof message !== 'object' || (message.role !== 'user' && message.role !== 'assistant')) continue
    const sourceId = typeof message.id === 'string' && !ids.has(message.id) ? message.id : `message-${index}`
    const parts = mergeParts(keptParts(message.parts, message.role))
    if (parts.length === 0) continue
    // Parents come first in an export (in order of writing); an unknown one starts a new root.
    const parentSourceId = typeof message.parentId === 'string' && ids.has(message.parentId) ? message.parentId : index === 0 || message.parentId === null ? null : (messages.at(-1)?.sourceId ?? null)
    messages.push({ sourceId, parentSourceId, role: message.role, parts, createdAt: timeOf(message.createdAt, createdAt), model: typeof message.metadata?.model === 'string' ? message.metadata.model : null })
    ids.add(sourceId)
  }
  if (messages.length === 0) throw new SkippedConversation(title, 'it has no messages')
  const currentLeafSourceId = typeof chat.currentLeafId === 'string' && ids.has(chat.currentLeafId) ? chat.currentLeafId : messages.at(-1)!.sourceId
  const systemPrompt = typeof chat.systemPrompt === 'string' ? chat.systemPrompt.trim().slice(0, SYSTEM_PROMPT_MAX_CHARS) : ''
  // Pinned and archived stay so; the project does not (it is the exporter's).
  const when = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? timeOf(value, now) : undefined)
  const artifacts = readExportedArtifacts(doc.artifacts, now)
  return { source: `chat:${id}`, chatId: id, title, createdAt, updatedAt: Math.max(createdAt, timeOf(chat.updatedAt, createdAt)), systemPrompt, messages, currentLeafSourceId, pinnedAt: when(chat.pinnedAt), archivedAt: when(chat.archivedAt), ...(artifacts.length > 0 && { artifacts }) }
}
