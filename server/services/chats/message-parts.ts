// What a message may carry, as the AI SDK's UIMessage parts. A user can send what a
// user can type (text parts) and files they uploaded (`file` parts whose url is one of our own
// /api/files/<id>, checked against the uploader by the chat routes). Anything else — a `file` part
// with any other URL (which the AI SDK would fetch before calling the model), `reasoning` or
// `tool-…` parts (which would pass for the model's own in a shared chat) — is refused by name. The
// model's context is built from stored messages through the same rule, so rows written before it
// (or by anything else) can never make the server fetch; files reach the model from our storage.
import type { UIMessage } from 'ai'
import { AppError } from '../../../shared/errors.ts'
import { FILE_ID } from '../files/file-storage.ts'

export type Part = Record<string, unknown>
export type TextPart = { type: 'text'; text: string }
/** A file a user attached: `url` is always /api/files/<id>; type and name come from the upload's row. */
export type FilePart = { type: 'file'; mediaType: string; filename: string; url: string }
export type UserPart = TextPart | FilePart

const FILE_URL = new RegExp(`^/api/files/(${FILE_ID})$`)

/** The upload id of one of our file URLs, or null for any other value. */
export function fileIdOf(url: unknown): string | null {
  return typeof url === 'string' ? (FILE_URL.exec(url)?.[1] ?? null) : null
}

/** A part type as it can be shown in an error message: short, printable. */
function describeType(type: unknown): string {
  if (typeof type !== 'string') return `a part without a type (${type === undefined ? 'missing' : typeof type})`
  const printable = type.replace(/[^\x20-\x7e]/g, '?')
  return `"${printable.length > 40 ? `${printable.slice(0, 40)}…` : printable}"`
}

/**
 * The parts of a message a user sends, reduced to what is kept: `{ type: 'text', text }` and
 * `{ type: 'file', url }` (type and name are filled in from the upload), no other fields (a
 * `providerMetadata` on a text part would reach the provider). Throws a 400 that names the first
 * part that is neither.
 */
export function userParts(parts: readonly Part[]): UserPart[] {
  return parts.map((part, index): UserPart => {
    if (part.type === 'file') {
      if (!fileIdOf(part.url)) {
        throw new AppError(400, 'BAD_FILE_PART', `Part ${index + 1} of the message is a file whose url is not one of your uploads (/api/files/<id>, as POST /api/files returns it).`)
      }
      return { type: 'file', url: part.url as string, mediaType: '', filename: '' }
    }
    if (part.type !== 'text') {
      throw new AppError(
        400,
        'UNSUPPORTED_PART',
        `Part ${index + 1} of the message is ${describeType(part.type)}: a message you send may contain only text parts ("text") and files you uploaded ("file").`,
      )
    }
    if (typeof part.text !== 'string') throw new AppError(400, 'BAD_PART', `Part ${index + 1} of the message is a text part without text.`)
    return { type: 'text', text: part.text }
  })
}

/** Only text parts survive, without other fields. */
export function textPartsOnly(parts: readonly Part[]): TextPart[] {
  const texts: TextPart[] = []
  for (const part of parts) if (part.type === 'text' && typeof part.text === 'string') texts.push({ type: 'text', text: part.text })
  return texts
}

/** A user message as stored and as shown: its text parts and its files (ours only), without other fields. */
export function storedUserParts(parts: readonly Part[]): UserPart[] {
  const kept: UserPart[] = []
  for (const part of parts) {
    if (part.type === 'text' && typeof part.text === 'string') kept.push({ type: 'text', text: part.text })
    else if (part.type === 'file' && fileIdOf(part.url) && typeof part.mediaType === 'string' && typeof part.filename === 'string') {
      kept.push({ type: 'file', url: part.url as string, mediaType: part.mediaType, filename: part.filename })
    }
  }
  return kept
}

/**
 * The model's view of a chat: each message's text, and the files users attached (still as our own
 * /api/files URLs: the answer route turns them into bytes or text from storage before the AI SDK
 * sees them, files-for-model.ts). Reasoning is never sent back to a model, and no part that names
 * any other URL reaches the AI SDK, whose prompt conversion would download it. Messages left
 * without content (an answer stopped before its first word) are dropped.
 */
export function modelContext(messages: ReadonlyArray<{ id: string; role: string; parts: readonly Part[] }>): UIMessage[] {
  const context: UIMessage[] = []
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue
    const parts: UserPart[] = message.role === 'user' ? storedUserParts(message.parts) : textPartsOnly(message.parts)
    if (parts.length === 0) continue
    context.push({ id: message.id, role: message.role, parts })
  }
  return context
}
