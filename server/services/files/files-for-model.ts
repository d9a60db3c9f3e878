// Files users attached, as the model gets them: from our storage, never as a URL anyone fetches.
// Text files become text parts wrapped in a <file …> header with the name (capped, with a visible
// note); images and PDFs become file parts holding their bytes (a data: URL, which the AI SDK
// decodes instead of downloading). A file whose bytes are gone becomes a short note.
import type { UIMessage } from 'ai'
import type { FileStorage } from './file-storage.ts'
import { fileIdOf } from '../chats/message-parts.ts'

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
export function fileHeader(filename: string, mediaType: string, size: number): string {
  const attribute = (value: string) => value.replace(/["<>\n]/g, '_')
  return `<file name="${attribute(filename)}" type="${mediaType}" size="${size}">`
}

/** `history` with every attached file turned into what the model can read. */
export async function filesForModel(history: UIMessage[], storage: FileStorage, maxChars: number): Promise<UIMessage[]> {
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
        const text = bytes.toString('utf8')
        const cut = text.length > maxChars
        const note = cut ? `\n[Cut here: the model gets the first ${maxChars} of ${text.length} characters of this file (ATTACHMENT_TEXT_MAX_CHARS).]` : ''
        parts.push({ type: 'text', text: `${fileHeader(name, part.mediaType, bytes.length)}\n${cut ? text.slice(0, maxChars) : text}${note}\n</file>` })
      } else {
        parts.push({ type: 'file', mediaType: part.mediaType, filename: name, url: `data:${part.mediaType};base64,${bytes.toString('base64')}` })
      }
    }
    out.push({ ...message, parts })
  }
  return out
}
