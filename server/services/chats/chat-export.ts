// A chat as a Markdown document (export).
import type { ChatMessage, ChatSummary } from './chat-store.ts'

const ROLE = { user: 'You', assistant: 'Assistant', system: 'System' } as const

export function chatToMarkdown(chat: ChatSummary, messages: ChatMessage[]): string {
  const lines = [`# ${chat.title}`, '', `_Exported ${new Date().toISOString()} · ${messages.length} messages_`, '']
  for (const message of messages) {
    // The model's reasoning comes first, as a quoted block; then the answer's text.
    const text = message.parts
      .filter((part) => (part.type === 'text' || part.type === 'reasoning') && typeof part.text === 'string' && part.text !== '')
      .map((part) => (part.type === 'reasoning' ? quoted(`**Thinking**\n\n${part.text as string}`) : (part.text as string)))
      .join('\n\n')
    const note = message.status === 'partial' ? ' _(stopped)_' : message.status === 'interrupted' ? ' _(interrupted)_' : message.status === 'error' ? ' _(failed)_' : ''
    lines.push(`## ${ROLE[message.role]}${note}`, '', text, '')
  }
  return lines.join('\n')
}

function quoted(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n')
}

/**
 * The Content-Disposition of an exported chat: named after its title. `filename` is a plain ASCII
 * fallback (no quotes, slashes or control characters); `filename*` carries the title as written.
 */
export function exportDisposition(title: string, extension: 'md' | 'json'): string {
  const cleaned = title.replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80).trim() || 'chat'
  const ascii =
    cleaned
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[^A-Za-z0-9 ._-]/g, '')
      .trim()
      .replace(/ +/g, '-') || 'chat'
  const encoded = encodeURIComponent(`${cleaned}.${extension}`).replace(/['()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`
}
