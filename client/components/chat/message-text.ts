import type { UIMessage } from 'ai'

/** The text of a message: its text parts, in order. */
export function messageText(message: Pick<UIMessage, 'parts'>): string {
  return message.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text' && typeof (part as { text?: unknown }).text === 'string')
    .map((part) => part.text)
    .join('\n\n')
}

/** Whether the model has written anything yet: answer text, reasoning, or a tool call. */
export function hasContent(message: Pick<UIMessage, 'parts'>): boolean {
  return message.parts.some((part) => ((part.type === 'text' || part.type === 'reasoning') && (part as { text?: string }).text !== '') || part.type === 'dynamic-tool' || part.type.startsWith('tool-'))
}
