// What a message may carry, as the AI SDK's UIMessage parts (DESIGN §5). A user can send only what a
// user can type: text parts. Anything else — a `file` part with a URL (which the AI SDK would fetch
// before calling the model), `reasoning` or `tool-…` parts (which would pass for the model's own in
// a shared chat) — is refused by name. The model's context is built from stored messages through
// the same rule, so rows written before it (or by anything else) can never make the server fetch.
import type { UIMessage } from 'ai'
import { AppError } from '../../../shared/errors.ts'

export type Part = Record<string, unknown>
export type TextPart = { type: 'text'; text: string }

/** A part type as it can be shown in an error message: short, printable. */
function describeType(type: unknown): string {
  if (typeof type !== 'string') return `a part without a type (${type === undefined ? 'missing' : typeof type})`
  const printable = type.replace(/[^\x20-\x7e]/g, '?')
  return `"${printable.length > 40 ? `${printable.slice(0, 40)}…` : printable}"`
}

/**
 * The parts of a message a user sends, reduced to what is kept: `{ type: 'text', text }` each, no
 * other fields (a `providerMetadata` on a text part would reach the provider). Throws a 400 that
 * names the first part that is not text.
 */
export function userParts(parts: readonly Part[]): TextPart[] {
  return parts.map((part, index) => {
    if (part.type !== 'text') {
      throw new AppError(
        400,
        'UNSUPPORTED_PART',
        `Part ${index + 1} of the message is ${describeType(part.type)}: a message you send may contain only text parts ("text").`,
      )
    }
    if (typeof part.text !== 'string') throw new AppError(400, 'BAD_PART', `Part ${index + 1} of the message is a text part without text.`)
    return { type: 'text', text: part.text }
  })
}

/** Only text parts survive, without other fields: for user messages as stored and as shown. */
export function textPartsOnly(parts: readonly Part[]): TextPart[] {
  const texts: TextPart[] = []
  for (const part of parts) if (part.type === 'text' && typeof part.text === 'string') texts.push({ type: 'text', text: part.text })
  return texts
}

/**
 * The model's view of a chat: each message's text, nothing else. Reasoning is never sent back to
 * a model, and no part that names a URL reaches the AI SDK, whose prompt conversion would
 * download it. Messages left without text (an answer stopped before its first word) are dropped.
 */
export function modelContext(messages: ReadonlyArray<{ id: string; role: string; parts: readonly Part[] }>): UIMessage[] {
  const context: UIMessage[] = []
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue
    const parts = textPartsOnly(message.parts)
    if (parts.length === 0) continue
    context.push({ id: message.id, role: message.role, parts })
  }
  return context
}
