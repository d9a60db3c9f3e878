// How much one message may hold, and how much of it a page carries. A stored message is capped
// (MESSAGE_STORED_MAX_CHARS) wherever it comes from — a model that keeps going, an import — and
// ends with a note saying where it was cut. A page (its HTML, its _payload.json, the chat API the
// screen reads) carries only the first PAGE_MESSAGE_CHARS of a longer one, and the reader loads
// the rest on demand: one huge answer in a public chat would otherwise be megabytes of HTML for
// every reader, rendered on the server's event loop.

type Part = Record<string, unknown>

/** What a page carries of one message, in characters of text. */
export const PAGE_MESSAGE_CHARS = 100_000

/** A message cut for its page: how much of it is shown, of how much (both in characters). */
export interface ClippedMark {
  shownChars: number
  totalChars: number
}

function isText(part: Part): part is Part & { text: string } {
  return (part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string'
}

/** A part's weight against the caps: its text, or (a tool card, a source) its JSON. */
function sizeOf(part: Part): number {
  return isText(part) ? part.text.length : JSON.stringify(part).length
}

/** The characters a message's parts hold, as the caps count them. */
export function messageChars(parts: readonly Part[]): number {
  let total = 0
  for (const part of parts) total += sizeOf(part)
  return total
}

/** The note that ends a message cut at `maxChars` (its own text part: the text before it stays as written). */
export function cutNote(maxChars: number): { type: 'text'; text: string } {
  return { type: 'text', text: `*[Cut here: a message may hold at most ${maxChars.toLocaleString('en-US')} characters, and this one went on beyond that.]*` }
}

/** How far back from the limit a cut looks for the end of a paragraph, then of a word. */
const PARAGRAPH_LOOKBACK = 2_000
const WORD_LOOKBACK = 200

/**
 * Where to cut `text` at most `limit` characters in: after the last paragraph close enough to the
 * limit, else after the last word, else at the limit (never inside a surrogate pair). A cut in
 * the middle of a word ("Paragr") reads as a bug.
 */
function readableEnd(text: string, limit: number): number {
  const paragraph = text.lastIndexOf('\n\n', limit - 2)
  if (paragraph > 0 && paragraph >= limit - PARAGRAPH_LOOKBACK) return paragraph + 2
  for (let i = limit; i > 0 && i >= limit - WORD_LOOKBACK; i--) if (/\s/.test(text[i] ?? '')) return i
  return /[\uD800-\uDBFF]/.test(text[limit - 1] ?? '') ? limit - 1 : limit
}

/** The first `maxChars` of the parts: the part at the border is cut, the ones after it are left out. */
function firstChars(parts: readonly Part[], maxChars: number): Part[] {
  const kept: Part[] = []
  let left = maxChars
  for (const part of parts) {
    const size = sizeOf(part)
    if (size <= left) {
      kept.push(part)
      left -= size
      continue
    }
    // A tool card is whole or not at all; a text is cut where a reader would stop.
    if (isText(part) && left > 0) {
      const end = readableEnd(part.text, left)
      if (end > 0) kept.push({ ...part, text: part.text.slice(0, end) })
    }
    break
  }
  return kept
}

/**
 * The parts as a message may store them: unchanged within `maxChars`, else their first
 * `maxChars` characters followed by the note. `cut` says which.
 */
export function capParts<P extends Part>(parts: readonly P[], maxChars: number): { parts: P[]; cut: boolean } {
  if (messageChars(parts) <= maxChars) return { parts: [...parts], cut: false }
  return { parts: [...(firstChars(parts, maxChars) as P[]), cutNote(maxChars) as unknown as P], cut: true }
}

/**
 * A message as a page carries it: whole within `maxChars` (and while it is still being written,
 * which the resumed stream replays anyway), else its first `maxChars` characters with
 * `metadata.clipped` saying how much is shown of how much; the rest comes from the message's
 * own API (GET /api/chats/:id/messages/:messageId).
 */
export function clipForPage<M extends { parts: Part[]; status: string; metadata?: object }>(message: M, maxChars = PAGE_MESSAGE_CHARS): M {
  if (message.status === 'streaming') return message
  const totalChars = messageChars(message.parts)
  if (totalChars <= maxChars) return message
  const parts = firstChars(message.parts, maxChars)
  const clipped: ClippedMark = { shownChars: messageChars(parts), totalChars }
  return { ...message, parts, metadata: { ...message.metadata, clipped } }
}

/** Messages as a page carries them: each long one clipped (see clipForPage). */
export function forPage<M extends { parts: Part[]; status: string; metadata?: object }>(messages: readonly M[]): M[] {
  return messages.map((message) => clipForPage(message))
}
