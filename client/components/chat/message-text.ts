import type { UIMessage } from 'ai'

/** The text of a message: its text parts, in order. */
export function messageText(message: Pick<UIMessage, 'parts'>): string {
  return message.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text' && typeof (part as { text?: unknown }).text === 'string')
    .map((part) => part.text)
    .join('\n\n')
}
