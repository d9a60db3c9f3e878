// A chat as a Markdown document (export).
import type { ChatMessage, ChatSummary } from './chat-store.ts'

const ROLE = { user: 'You', assistant: 'Assistant', system: 'System' } as const

export function chatToMarkdown(chat: ChatSummary, messages: ChatMessage[]): string {
  const lines = [`# ${chat.title}`, '', `_Exported ${new Date().toISOString()} · ${messages.length} messages_`, '']
  for (const message of messages) {
    const text = message.parts
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text as string)
      .join('\n\n')
    const note = message.status === 'partial' ? ' _(stopped)_' : message.status === 'interrupted' ? ' _(interrupted)_' : message.status === 'error' ? ' _(failed)_' : ''
    lines.push(`## ${ROLE[message.role]}${note}`, '', text, '')
  }
  return lines.join('\n')
}
