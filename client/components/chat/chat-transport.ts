// useChat's transport for our chat API: POST /api/chats/:id sends a message (or asks for an answer
// again) and streams the AI SDK UI message stream back; GET /api/chats/:id/stream resumes a running
// answer after a reload. The server builds the model's context from what it stored, so only the
// newest message travels, and no model: a chat keeps the model it was started with.
import { DefaultChatTransport, type UIMessage } from 'ai'

export interface TransportHooks {
  /** The server accepted the request and the answer's stream has begun (errors after this are the model's or the connection's). */
  onResponse?: () => void
}

export function createChatTransport(hooks: TransportHooks = {}) {
  const trackedFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    if (response.ok) hooks.onResponse?.()
    return response
  }
  return new DefaultChatTransport<UIMessage>({
    api: '/api/chats',
    fetch: trackedFetch,
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body }) => ({
      api: `/api/chats/${encodeURIComponent(id)}`,
      // A new message follows what the screen showed before it (an edit: what preceded the edited
      // message), so it continues the branch the user sees, whatever another tab switched to. (A
      // regenerate names the question it answers again, last; the server reads no parent for it.)
      body: { ...body, id, trigger, messageId, messages: messages.slice(-1), parentId: messages.at(-2)?.id ?? null },
    }),
  })
}
