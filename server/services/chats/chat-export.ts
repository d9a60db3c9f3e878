// A chat as a Markdown document (export).
import type { ChatMessage, ChatSummary } from './chat-store.ts'
import type { ArtifactVersion } from '../../../shared/artifacts.ts'
import { artifactsMarkdown } from '../artifacts/artifact-export.ts'

const ROLE = { user: 'You', assistant: 'Assistant', system: 'System' } as const

/** `artifacts`: each artifact's current version on the branch exported, after the conversation. */
export function chatToMarkdown(chat: ChatSummary & { systemPrompt?: string }, messages: ChatMessage[], artifacts: readonly ArtifactVersion[] = []): string {
  const lines = [`# ${chat.title}`, '', `_Exported ${new Date().toISOString()} · ${messages.length} messages_`, '']
  // The chat's own system prompt (its owner's export only), quoted before the conversation.
  if (chat.systemPrompt) lines.push(quoted(`**System prompt**\n\n${chat.systemPrompt}`), '')
  for (const message of messages) {
    // In order: the model's reasoning and its tool calls as quoted blocks, the answer's text as it is.
    const text = message.parts
      .map((part) => {
        if (part.type === 'text' && typeof part.text === 'string') return part.text
        if (part.type === 'reasoning' && typeof part.text === 'string' && part.text !== '') return quoted(`**Thinking**\n\n${part.text}`)
        // An attached file: its name, linked to where its owner (or a public chat's reader) gets it.
        if (part.type === 'file' && typeof part.filename === 'string' && typeof part.url === 'string') return `📎 [${part.filename.replace(/[[\]]/g, '')}](${part.url})`
        if (part.type === 'dynamic-tool' || (typeof part.type === 'string' && part.type.startsWith('tool-'))) return quoted(toolCallMarkdown(part))
        return ''
      })
      .filter(Boolean)
      .join('\n\n')
    const note = message.status === 'partial' ? ' _(stopped)_' : message.status === 'interrupted' ? ' _(interrupted)_' : message.status === 'error' ? ' _(failed)_' : ''
    lines.push(`## ${ROLE[message.role]}${note}`, '', text, '')
  }
  const section = artifactsMarkdown(artifacts)
  if (section) lines.push(section)
  return lines.join('\n')
}

/** A tool call in an export: its name and input, then its result or error, each cut short. */
function toolCallMarkdown(part: Record<string, unknown>): string {
  const name = typeof part.toolName === 'string' ? part.toolName : String(part.type).slice('tool-'.length)
  const lines = [`**Tool: ${name}** ${code(part.input)}`]
  if (part.state === 'output-available') lines.push(`Result: ${code(part.output)}`)
  else if (typeof part.errorText === 'string') lines.push(`Failed: ${part.errorText}`)
  return lines.join('\n\n')
}

/** A value as inline code: JSON, at most 300 characters, no backticks to break out of it. */
function code(value: unknown): string {
  const json = (JSON.stringify(value ?? {}) ?? '').replaceAll('`', "'")
  return `\`${json.length > 300 ? `${json.slice(0, 299)}…` : json}\``
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
