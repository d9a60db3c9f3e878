// The whole of a message the page carried only the start of (the server clips long messages),
// loaded from the message's own API and put in its place on the screen.
import type { UIMessage } from 'ai'
import type { StoredChatMessage } from '../../../shared/page-data.ts'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { describeChatError } from './chat-errors.ts'
import { toUIMessage } from './stored-messages.ts'

/** `showRest(messageId)` for a chat's screen: the whole message once shown, or undefined after a failure (which is told). */
export function showRestOf(chatId: string, shown: { current: UIMessage[] }, setMessages: (messages: UIMessage[]) => void) {
  return async function showRest(messageId: string): Promise<UIMessage | undefined> {
    try {
      const { message } = await http.get<{ message: StoredChatMessage }>(`/api/chats/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`)
      const whole = toUIMessage(message)
      setMessages(shown.current.map((m) => (m.id === messageId ? whole : m)))
      return whole
    } catch (error) {
      notify({ title: 'Could not load the rest of the message', description: describeChatError(error).message, variant: 'error' })
      return undefined
    }
  }
}
