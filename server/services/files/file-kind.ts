// What kind of file an upload is, decided from its bytes: never from its name or the browser's
// claim (a page disguised as an image stays whatever its bytes are). Images and PDFs by their
// magic bytes; anything else is text only if all of it is valid UTF-8 without NUL bytes. For
// text, the name may only pick which text type (Markdown, CSV, JSON…): it can never make bytes
// text, and text is always served as text (and as a download), so the choice changes nothing risky.

export type FileKind = 'image' | 'pdf' | 'text'

export interface DetectedType {
  kind: FileKind
  mediaType: string
}

/** How many leading bytes the magic-byte check needs. */
export const SNIFF_BYTES = 16

/** What is accepted, in words, for the 415 message. */
export const ACCEPTED_FILES = 'PNG, JPEG, WebP and GIF images, PDF, and text files in UTF-8 (plain text, Markdown, CSV, JSON, source code)'

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/** An image or a PDF by its first bytes; null for anything else. */
export function sniffBinary(head: Uint8Array): DetectedType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mediaType: 'image/png' }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mediaType: 'image/jpeg' }
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { kind: 'image', mediaType: 'image/gif' }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { kind: 'image', mediaType: 'image/webp' }
  if (startsWith(head, ascii('%PDF-'))) return { kind: 'pdf', mediaType: 'application/pdf' }
  return null
}

const TEXT_TYPES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
}

/** The text type for a file whose bytes are text: by its extension among text types, else plain text. */
export function textTypeFor(filename: string): DetectedType {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? ''
  return { kind: 'text', mediaType: TEXT_TYPES[extension] ?? 'text/plain' }
}

/** Fed every chunk of a file: tells at the end whether all of it was UTF-8 text without NUL. */
export function createTextCheck() {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  let text = true
  return {
    push(chunk: Uint8Array) {
      if (!text) return
      if (chunk.includes(0)) {
        text = false
        return
      }
      try {
        decoder.decode(chunk, { stream: true })
      } catch {
        text = false
      }
    },
    /** After the last chunk: a sequence cut at the end is not text either. */
    isText(): boolean {
      if (!text) return false
      try {
        decoder.decode()
        return true
      } catch {
        return false
      }
    },
  }
}

/**
 * A name as the user gave it, safe to store and to send back: its last path segment, without
 * control characters, at most 200 characters (the extension kept). Never used for storage paths.
 */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? ''
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().replace(/^\.+/, '')
  if (!clean) return 'file'
  if (clean.length <= 200) return clean
  const extension = /\.[a-z0-9]{1,10}$/i.exec(clean)?.[0] ?? ''
  return clean.slice(0, 200 - extension.length) + extension
}
