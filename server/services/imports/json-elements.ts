// Reads a JSON document from a stream one top-level element at a time: each element of a top-level
// array (a ChatGPT or Claude `conversations.json`), or the document itself when it is an object (our
// own export of one chat). Only the element being read is held in memory, never the whole document,
// so a 100 MB export costs about as much memory as its largest conversation.
//
// It scans bytes, not characters: every byte JSON's structure depends on (brackets, braces, quotes,
// backslashes, commas) is ASCII, and no byte of a multi-byte UTF-8 character is below 0x80.

export class JsonShapeError extends Error {
  override name = 'JsonShapeError'
}

const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}

export interface JsonElementsOptions {
  /** An element larger than this is not parsed: it is yielded as `{ tooLarge: bytes }`. */
  maxElementBytes: number
  /** Called with the bytes read so far, as they are read (progress). */
  onBytes?: (bytesRead: number) => void
}

export type JsonElement = { value: unknown } | { tooLarge: number }

/**
 * The top-level elements, parsed, in order. Throws JsonShapeError when the document is neither an
 * array nor an object, or is cut short; a SyntaxError when an element is not valid JSON.
 */
export async function* jsonElements(source: AsyncIterable<Buffer>, options: JsonElementsOptions): AsyncGenerator<JsonElement> {
  /** 'start': before the document; 'array': between elements; 'element': inside one; 'end': after the array. */
  let mode: 'start' | 'array' | 'element' | 'single' | 'end' = 'start'
  let depth = 0
  let inString = false
  let escaped = false
  let pieces: Buffer[] = []
  let size = 0
  let oversized = false
  let bytesRead = 0

  function finish(): JsonElement {
    const element: JsonElement = oversized ? { tooLarge: size } : { value: JSON.parse(Buffer.concat(pieces, size).toString('utf8')) }
    pieces = []
    size = 0
    oversized = false
    return element
  }

  for await (const chunk of source) {
    bytesRead += chunk.length
    options.onBytes?.(bytesRead)
    // Where the element being read starts in this chunk (0 when it began in an earlier one).
    let from = mode === 'element' || mode === 'single' ? 0 : -1
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!
      if (mode === 'element' || mode === 'single') {
        if (inString) {
          if (escaped) escaped = false
          else if (byte === BACKSLASH) escaped = true
          else if (byte === QUOTE) inString = false
          continue
        }
        if (byte === QUOTE) inString = true
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth--
          if (depth === 0) {
            keep(chunk.subarray(from, index + 1))
            from = -1
            yield finish()
            mode = mode === 'single' ? 'end' : 'array'
          }
        }
        continue
      }
      if (isSpace(byte)) continue
      if (mode === 'start') {
        if (byte === OPEN_BRACKET) mode = 'array'
        else if (byte === OPEN_BRACE) {
          mode = 'single'
          depth = 1
          from = index
        } else throw new JsonShapeError('The file is not a JSON array or object.')
        continue
      }
      if (mode === 'array') {
        if (byte === COMMA) continue
        if (byte === CLOSE_BRACKET) {
          mode = 'end'
          continue
        }
        if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          mode = 'element'
          depth = 1
          from = index
          continue
        }
        throw new JsonShapeError('The array holds something other than objects.')
      }
      // After the end: only white space may follow.
      throw new JsonShapeError('The file has more after its JSON.')
    }
    if (from >= 0) keep(chunk.subarray(from))
  }
  if (mode !== 'end') throw new JsonShapeError(mode === 'start' ? 'The file is empty.' : 'The file ends in the middle of its JSON (is it complete?).')

  function keep(piece: Buffer) {
    size += piece.length
    if (oversized) return
    if (size > options.maxElementBytes) {
      oversized = true
      pieces = []
      return
    }
    // A copy: the stream may reuse its chunk's memory.
    pieces.push(Buffer.from(piece))
  }
}
