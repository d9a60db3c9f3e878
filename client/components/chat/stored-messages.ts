// Messages as the server stores them (page data, the chat API) → what useChat shows.
import type { UIMessage } from 'ai'
import type { StoredChatMessage } from '../../../shared/page-data.ts'
import { messageText } from './message-text.ts'

export function toUIMessage(message: StoredChatMessage): UIMessage {
  return { id: message.id, role: message.role, parts: message.parts as UIMessage['parts'], metadata: { ...message.metadata, createdAt: message.createdAt } }
}

/** Each message's status, or versions (only those with more than one), by message id. */
export function byId<K extends 'status' | 'versions'>(messages: StoredChatMessage[], key: K): Record<string, NonNullable<StoredChatMessage[K]>> {
  return Object.fromEntries(messages.flatMap((message) => (message[key] ? [[message.id, message[key]]] : [])))
}

/**
 * The stored branch to show instead of what is on screen. An answer cut by a crash keeps what it
 * last saved, up to a second behind what the screen showed: the screen keeps the longer text it
 * already showed of it.
 */
export function storedOverShown(stored: StoredChatMessage[], shown: UIMessage[]): UIMessage[] {
  const onScreen = new Map(shown.map((m) => [m.id, m]))
  return stored
    .filter((m) => m.role !== 'system')
    .map((one) => {
      const message = toUIMessage(one)
      const seen = onScreen.get(message.id)
      const longerOnScreen = one.status === 'interrupted' && seen && messageText(seen).length > messageText(message).length && messageText(seen).startsWith(messageText(message))
      // The screen already shows the whole of a message the server sends the start of.
      if (one.metadata?.clipped && seen && !(seen.metadata as { clipped?: unknown } | undefined)?.clipped && one.status !== 'streaming') return seen
      return longerOnScreen ? { ...message, parts: seen.parts } : message
    })
}
