// A language model whose answer a test controls: words at a pace, an optional failure part-way,
// honouring the abort signal like a real provider's stream does. Speaks the AI SDK LanguageModelV4
// protocol, so everything above it (streamText, the UI message stream, storage) runs for real.
import type { FastifyInstance } from 'fastify'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { MockLanguageModelV4 } from 'ai/test'
import type { Visitor } from './chat.ts'

export interface Script {
  words: string[]
  delayMs?: number
  /** Throw this error after this many words. */
  failAfter?: { words: number; error: Error }
}

const usage = (output: number) => ({
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
})

export function scriptedModel(script: Script) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'Scripted title' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usage(2),
      warnings: [],
    }),
    doStream: async ({ abortSignal }) => {
      let sent = 0
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] })
          controller.enqueue({ type: 'text-start', id: 't1' })
          for (const word of script.words) {
            if (script.failAfter && sent === script.failAfter.words) {
              controller.error(script.failAfter.error)
              return
            }
            await new Promise((resolve) => setTimeout(resolve, script.delayMs ?? 0))
            if (abortSignal?.aborted) {
              controller.error(abortSignal.reason ?? new DOMException('Aborted', 'AbortError'))
              return
            }
            controller.enqueue({ type: 'text-delta', id: 't1', delta: word })
            sent++
          }
          controller.enqueue({ type: 'text-end', id: 't1' })
          controller.enqueue({ type: 'finish', usage: usage(sent), finishReason: { unified: 'stop', raw: 'stop' } })
          controller.close()
        },
      })
      return { stream }
    },
  })
}

/** Makes every chat in `app` answer with `model`. */
export function useModel(app: FastifyInstance, model: MockLanguageModelV4) {
  app.llm.resolve = async () => model as never
}

/** Has the chat's last question answered with `words` (streamed) and waits until the answer is stored. */
export async function answerWith(app: FastifyInstance, v: Visitor, chatId: string, words: string[]): Promise<void> {
  useModel(app, scriptedModel({ words }))
  const chat = (await app.inject({ url: `/api/chats/${chatId}`, headers: v.headers() })).json()
  const res = await app.inject({
    method: 'POST',
    url: `/api/chats/${chatId}`,
    headers: v.headers(true),
    payload: { id: chatId, messages: [chat.messages.at(-1)], trigger: 'submit-message' },
  })
  if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`)
  await app.answers.get(chatId)?.settled
}
