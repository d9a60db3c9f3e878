// Reasoning written inline in the answer's content, as DeepSeek-R1-style models do on Ollama and
// llama.cpp: "<think>…</think>The answer". Only a <think> at the very start of the content opens
// it (a <think> later in an answer is the answer's own text, e.g. code that mentions the tag). The
// tags may arrive split across chunks ("<thi", "nk>"), so a possible tag start is held back until
// the next piece decides it.

export interface ContentPiece {
  type: 'text' | 'reasoning'
  text: string
}

const OPEN = '<think>'
const CLOSE = '</think>'

/** How much of the end of `text` could be the start of `tag` (so it must wait for more). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length
  }
  return 0
}

export function createThinkSplitter() {
  let state: 'start' | 'thinking' | 'text' = 'start'
  let held = ''
  /** Right after </think>: the blank lines that separate the thinking from the answer are dropped. */
  let trimNext = false
  /** Right after <think>: so is the line break that follows the tag. */
  let trimThinking = false

  function text(piece: string, out: ContentPiece[]) {
    if (trimNext) {
      piece = piece.replace(/^\s+/, '')
      if (piece) trimNext = false
    }
    if (piece) out.push({ type: 'text', text: piece })
  }

  function thinking(piece: string, out: ContentPiece[]) {
    if (trimThinking) {
      piece = piece.replace(/^\s+/, '')
      if (!piece) return
      trimThinking = false
    }
    const buffer = held + piece
    held = ''
    const end = buffer.indexOf(CLOSE)
    if (end >= 0) {
      if (end > 0) out.push({ type: 'reasoning', text: buffer.slice(0, end) })
      state = 'text'
      trimNext = true
      text(buffer.slice(end + CLOSE.length), out)
      return
    }
    const wait = partialTagAtEnd(buffer, CLOSE)
    held = buffer.slice(buffer.length - wait)
    const ready = buffer.slice(0, buffer.length - wait)
    if (ready) out.push({ type: 'reasoning', text: ready })
  }

  return {
    /** The pieces this chunk of content makes (possibly none yet). */
    push(piece: string): ContentPiece[] {
      const out: ContentPiece[] = []
      if (state === 'text') text(piece, out)
      else if (state === 'thinking') thinking(piece, out)
      else {
        held += piece
        const start = held.trimStart()
        if (start.startsWith(OPEN)) {
          state = 'thinking'
          trimThinking = true
          const rest = start.slice(OPEN.length)
          held = ''
          thinking(rest, out)
        } else if (!(start.length < OPEN.length && OPEN.startsWith(start))) {
          state = 'text'
          const all = held
          held = ''
          text(all, out)
        }
      }
      return out
    },
    /** What is still held when the content ends. */
    end(): ContentPiece[] {
      const rest = held
      held = ''
      if (!rest) return []
      return [{ type: state === 'thinking' ? 'reasoning' : 'text', text: rest }]
    },
  }
}

/** A whole content at once (a non-streamed answer). */
export function splitThinking(content: string): ContentPiece[] {
  const splitter = createThinkSplitter()
  return [...splitter.push(content), ...splitter.end()]
}
