// An answer's stream as the browser reads it: the AI SDK UI message stream over SSE, and for a
// continued answer, what it already had replayed first.
import type { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai'
import type { ChatMessage } from '../../services/chats/chat-store.ts'

/**
 * A continued answer's stream: after its start, what the answer already had (its text and
 * reasoning), then the new words. The browser builds the answer from the stream alone, so a reload
 * in the middle (a replay from the first chunk) shows all of it too.
 */
export function withWrittenParts(written: ChatMessage['parts'] | undefined, stream: AsyncGenerator<UIMessageChunk>): AsyncGenerator<UIMessageChunk> {
  // A new answer is the relay's stream itself: no generator (and its pending promises) around it.
  return written?.length ? replayingWritten(written, stream) : stream
}

async function* replayingWritten(written: ChatMessage['parts'], stream: AsyncGenerator<UIMessageChunk>): AsyncGenerator<UIMessageChunk> {
  for await (const chunk of stream) {
    yield chunk
    if (chunk.type !== 'start') continue
    for (const [index, part] of written.entries()) {
      if ((part.type !== 'text' && part.type !== 'reasoning') || typeof part.text !== 'string') continue
      const id = `written-${index}`
      yield { type: `${part.type}-start`, id } as UIMessageChunk
      yield { type: `${part.type}-delta`, id, delta: part.text } as UIMessageChunk
      yield { type: `${part.type}-end`, id } as UIMessageChunk
    }
  }
}

/** The AI SDK UI message stream over SSE (`x-vercel-ai-ui-message-stream: v1`), unbuffered. */
export function sendUiStream(reply: FastifyReply, stream: Readable) {
  reply.headers({ ...UI_MESSAGE_STREAM_HEADERS, 'x-accel-buffering': 'no' })
  return reply.send(stream)
}
