// Files users attached, as the model gets them: from our storage, never as a URL anyone fetches.
// Text files become text parts wrapped in a <file …> header with the name (capped, with a visible
// note); images become file parts holding their bytes (a data: URL, which the AI SDK decodes
// instead of downloading); PDFs too for providers that read PDFs themselves (Anthropic, Google),
// and their text page by page for every other model. A file whose bytes are gone becomes a note.
import type { UIMessage } from 'ai'
import type { FileStorage } from './file-storage.ts'
import { fileIdOf } from '../chats/message-parts.ts'
import { pdfText } from './pdf-text.ts'

type AnyPart = UIMessage['parts'][number]

const isTextType = (mediaType: string) => mediaType.startsWith('text/') || mediaType === 'application/json'

async function bytesOf(storage: FileStorage, id: string): Promise<Buffer | null> {
  try {
    const chunks: Buffer[] = []
    for await (const chunk of await storage.read(id)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  } catch {
    return null
  }
}

/** The header the model (and the offline model) reads a text file by. */
export function fileHeader(filename: string, mediaType: string, size: number, pages?: number): string {
  const attribute = (value: string) => value.replace(/["<>\n]/g, '_')
  return `<file name="${attribute(filename)}" type="${mediaType}" size="${size}"${pages === undefined ? '' : ` pages="${pages}"`}>`
}

/** Text for the model, at most `maxChars` of it, with a note the model sees when cut. */
function capped(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text
  return `${text.slice(0, maxChars)}\n[Cut here: the model gets the first ${maxChars} of ${text.length} characters of this file (ATTACHMENT_TEXT_MAX_CHARS).]`
}

async function pdfForModel(name: string, bytes: Buffer, maxChars: number): Promise<AnyPart> {
  try {
    const { pages } = await pdfText(bytes)
    const text = pages.map((page, index) => `--- Page ${index + 1} ---\n${page}`).join('\n\n')
    return { type: 'text', text: `${fileHeader(name, 'application/pdf', bytes.length, pages.length)}\n${capped(text, maxChars)}\n</file>` }
  } catch {
    return { type: 'text', text: `${fileHeader(name, 'application/pdf', bytes.length)}(its text could not be read)</file>` }
  }
}

/**
 * `history` with every attached file turned into what the model can read. `nativePdf`: the
 * provider reads PDFs itself (they go as bytes); otherwise they go as their text.
 */
export async function filesForModel(history: UIMessage[], storage: FileStorage, maxChars: number, nativePdf = false): Promise<UIMessage[]> {
  const out: UIMessage[] = []
  for (const message of history) {
    if (!message.parts.some((part) => part.type === 'file')) {
      out.push(message)
      continue
    }
    const parts: AnyPart[] = []
    for (const part of message.parts) {
      const id = part.type === 'file' ? fileIdOf(part.url) : null
      if (part.type !== 'file') {
        parts.push(part)
        continue
      }
      const name = part.filename ?? 'file'
      const bytes = id ? await bytesOf(storage, id) : null
      if (!bytes) {
        parts.push({ type: 'text', text: `${fileHeader(name, part.mediaType, 0)}(this file is no longer available)</file>` })
      } else if (isTextType(part.mediaType)) {
        parts.push({ type: 'text', text: `${fileHeader(name, part.mediaType, bytes.length)}\n${capped(bytes.toString('utf8'), maxChars)}\n</file>` })
      } else if (part.mediaType === 'application/pdf' && !nativePdf) {
        parts.push(await pdfForModel(name, bytes, maxChars))
      } else {
        parts.push({ type: 'file', mediaType: part.mediaType, filename: name, url: `data:${part.mediaType};base64,${bytes.toString('base64')}` })
      }
    }
    out.push({ ...message, parts })
  }
  return out
}
