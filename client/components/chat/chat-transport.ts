// useChat's transport for our chat API: POST /api/chats/:id sends a message (or asks for an answer
// again) and streams the AI SDK UI message stream back; GET /api/chats/:id/stream resumes a running
// answer after a reload. The server builds the model's context from what it stored, so only the
// newest message travels.
import { DefaultChatTransport, type UIMessage } from 'ai'

export interface TransportHooks {
  /** The server accepted the request and the answer's stream has begun (errors after this are the model's or the connection's). */
  onResponse?: () => void
  /** The model the next message asks for (undefined: the chat's own). */
  model?: () => string | undefined
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
      body: { ...body, id, trigger, messageId, messages: messages.slice(-1), model: hooks.model?.() },
    }),
  })
}
