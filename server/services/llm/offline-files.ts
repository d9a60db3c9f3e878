// What the offline demo model says about files attached to the message, deterministically: each
// file's name, kind and size; for an image its pixel size; for a text or CSV file its line count
// and first line; for a PDF its page count and first line of text. It reads them as every model
// without native PDFs gets them (files-for-model.ts): text files and a PDF's text wrapped in a
// <file …> header, images as file parts holding their bytes.
import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import { imageSize } from 'image-size'
import { formatBytes } from '../../../shared/format-bytes.ts'

type UserContent = Extract<LanguageModelV4Prompt[number], { role: 'user' }>['content']

export interface AttachedFile {
  name: string
  mediaType: string
  size: number
  /** Text files and PDFs: their text. */
  text?: string
  /** PDFs: how many pages. */
  pages?: number
  /** Images and PDFs: their bytes. */
  bytes?: Uint8Array
}

const FILE_BLOCK = /^<file name="([^"]*)" type="([^"]*)" size="(\d+)"(?: pages="(\d+)")?>\n?([\s\S]*?)\n?<\/file>$/

/** The bytes of a prompt's file part: inline data (bytes or base64), or a data: URL. */
function bytesOf(data: unknown): Uint8Array | undefined {
  if (data instanceof Uint8Array) return data
  if (typeof data === 'string') return Buffer.from(data, 'base64')
  if (data && typeof data === 'object') {
    const value = data as { type?: string; data?: unknown; url?: unknown }
    if (value.type === 'data') return bytesOf(value.data)
    const url = String(value.url ?? '')
    if (value.type === 'url' && url.startsWith('data:')) return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
  }
  return undefined
}

/** The message's own words and the files that came with it. */
export function splitAttachments(content: UserContent): { text: string; files: AttachedFile[] } {
  const words: string[] = []
  const files: AttachedFile[] = []
  for (const part of content) {
    if (part.type === 'text') {
      const block = FILE_BLOCK.exec(part.text)
      if (block) files.push({ name: block[1]!, mediaType: block[2]!, size: Number(block[3]), pages: block[4] === undefined ? undefined : Number(block[4]), text: block[5]! })
      else words.push(part.text)
    } else if (part.type === 'file') {
      const bytes = bytesOf(part.data)
      files.push({ name: part.filename ?? 'file', mediaType: part.mediaType, size: bytes?.length ?? 0, bytes })
    }
  }
  return { text: words.join('\n'), files }
}

const KINDS: Record<string, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/webp': 'a WebP image',
  'image/gif': 'a GIF image',
  'application/pdf': 'a PDF',
  'text/csv': 'a CSV file',
  'text/markdown': 'a Markdown file',
  'text/tab-separated-values': 'a TSV file',
  'application/json': 'a JSON file',
  'text/plain': 'a text file',
}

/** One sentence about one file. */
export function describeFile(file: AttachedFile): string {
  const facts = [KINDS[file.mediaType] ?? `a ${file.mediaType} file`, formatBytes(file.size)]
  if (file.mediaType.startsWith('image/') && file.bytes) {
    try {
      const { width, height } = imageSize(file.bytes)
      facts.push(`${width}×${height} pixels`)
    } catch {
      facts.push('its pixel size unreadable')
    }
  }
  if (file.pages !== undefined) {
    const first = (file.text ?? '').split('\n').find((line) => line.trim() && !/^--- Page \d+ ---$/.test(line))?.trim() ?? ''
    facts.push(`${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`)
    if (first) facts.push(`the first line is “${first.length > 80 ? `${first.slice(0, 79)}…` : first}”`)
  } else if (file.mediaType === 'application/pdf') {
    if (!file.bytes) facts.push('its text could not be read')
  } else if (file.text !== undefined) {
    const lines = file.text.split('\n')
    if (lines.at(-1) === '') lines.pop()
    const first = (lines[0] ?? '').trim()
    facts.push(`${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`)
    if (first) facts.push(`the first line is “${first.length > 80 ? `${first.slice(0, 79)}…` : first}”`)
  }
  return `**${file.name}**: ${facts.join(', ')}.`
}

/** The answer's section about the attached files, or '' when there are none. */
export function filesSection(files: AttachedFile[]): string {
  if (files.length === 0) return ''
  const intro = files.length === 1 ? 'You attached one file:' : `You attached ${files.length} files:`
  return [intro, '', ...files.map((file) => `- ${describeFile(file)}`)].join('\n')
}
