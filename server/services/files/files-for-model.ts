// Files users attached, as the model gets them: from our storage, never as a URL anyone fetches.
// Text files become text parts wrapped in a <file …> header with the name (capped, with a visible
// note); images become file parts holding their bytes (a data: URL, which the AI SDK decodes
// instead of downloading), scaled down when larger than 2048 px on a side, or a note for a model
// that reads text only; PDFs too for providers that read PDFs themselves (Anthropic, Google),
// and their text page by page for every other model. A file whose bytes are gone becomes a note.
import type { UIMessage } from 'ai'
import type { FileStorage } from './file-storage.ts'
import { fileIdOf } from '../chats/message-parts.ts'
import { pdfText } from './pdf-text.ts'
import { imageForModel } from './image-for-model.ts'

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

/**
 * PDF text already read, by file id: a file's bytes never change under its id, and every answer in
 * a chat sends its PDFs again, so each is read once per process (the newest few are kept).
 */
const readPdfs = new Map<string, { pages: string[]; chars: number }>()
/** At most this much text is kept (characters, all PDFs together): a few MB of memory. */
const READ_PDFS_MAX_CHARS = 4_000_000
let keptChars = 0

async function pagesOf(id: string, bytes: Buffer): Promise<string[]> {
  const known = readPdfs.get(id)
  if (known) return known.pages
  const { pages } = await pdfText(bytes)
  const chars = pages.reduce((sum, page) => sum + page.length, 0)
  if (chars > READ_PDFS_MAX_CHARS || readPdfs.has(id)) return pages
  readPdfs.set(id, { pages, chars })
  keptChars += chars
  for (const [oldest, entry] of readPdfs) {
    if (keptChars <= READ_PDFS_MAX_CHARS) break
    readPdfs.delete(oldest)
    keptChars -= entry.chars
  }
  return pages
}

async function pdfForModel(id: string, name: string, bytes: Buffer, maxChars: number): Promise<AnyPart> {
  try {
    const pages = await pagesOf(id, bytes)
    const text = pages.map((page, index) => `--- Page ${index + 1} ---\n${page}`).join('\n\n')
    return { type: 'text', text: `${fileHeader(name, 'application/pdf', bytes.length, pages.length)}\n${capped(text, maxChars)}\n</file>` }
  } catch {
    return { type: 'text', text: `${fileHeader(name, 'application/pdf', bytes.length)}(its text could not be read)</file>` }
  }
}

export interface ModelFileOptions {
  /** ATTACHMENT_TEXT_MAX_CHARS: the most text of one file the model gets. */
  maxChars: number
  /** The provider reads PDFs itself (they go as bytes); otherwise they go as their text. */
  nativePdf?: boolean
  /** The model reads text only: an image becomes a note saying so. */
  textOnly?: boolean
  /** Images larger than this on a side are scaled down for the model (Infinity: as stored). */
  imageMaxSide?: number
}

/** `history` with every attached file turned into what the model can read. */
export async function filesForModel(history: UIMessage[], storage: FileStorage, { maxChars, nativePdf = false, textOnly = false, imageMaxSide }: ModelFileOptions): Promise<UIMessage[]> {
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
        parts.push(await pdfForModel(id!, name, bytes, maxChars))
      } else if (part.mediaType.startsWith('image/') && textOnly) {
        parts.push({ type: 'text', text: `${fileHeader(name, part.mediaType, bytes.length)}(an image: this model reads text only, so it cannot see it)</file>` })
      } else {
        const file = part.mediaType.startsWith('image/') ? await imageForModel(bytes, part.mediaType, imageMaxSide) : { bytes, mediaType: part.mediaType }
        parts.push({ type: 'file', mediaType: file.mediaType, filename: name, url: `data:${file.mediaType};base64,${file.bytes.toString('base64')}` })
      }
    }
    out.push({ ...message, parts })
  }
  return out
}

/**
 * A project's files as text for the system prompt of every chat in it: text files and PDFs as their
 * text (capped like an attachment), anything else as a note naming it.
 */
export async function projectFilesText(files: ReadonlyArray<{ id: string; filename: string; mediaType: string }>, storage: FileStorage, maxChars: number): Promise<string> {
  const texts: string[] = []
  for (const file of files) {
    const bytes = await bytesOf(storage, file.id)
    if (!bytes) texts.push(`${fileHeader(file.filename, file.mediaType, 0)}(this file is no longer available)</file>`)
    else if (isTextType(file.mediaType)) texts.push(`${fileHeader(file.filename, file.mediaType, bytes.length)}\n${capped(bytes.toString('utf8'), maxChars)}\n</file>`)
    else if (file.mediaType === 'application/pdf') texts.push(String((await pdfForModel(file.id, file.filename, bytes, maxChars) as { text: string }).text))
    else texts.push(`${fileHeader(file.filename, file.mediaType, bytes.length)}(not text: a project's files reach the model as text only)</file>`)
  }
  return texts.length > 0 ? `The project's files:\n\n${texts.join('\n\n')}` : ''
}
