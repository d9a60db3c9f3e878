// TEMPORARY stand-in with the agreed interface; replaced by the model-provider layer (issue 5).
import fp from 'fastify-plugin'
import type { LanguageModel } from 'ai'
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { AppError } from '../../shared/errors.ts'

export interface ModelInfo { id: string; provider: 'offline' | 'openai-compatible' | 'anthropic' | 'google'; label: string; default: boolean }
export interface ModelRegistry {
  list(): Promise<ModelInfo[]>
  defaultModelId(): Promise<string>
  resolve(id: string): Promise<LanguageModel>
}
declare module 'fastify' {
  interface FastifyInstance {
    llm: ModelRegistry
  }
}

export function describeModelError(error: unknown): { code: string; message: string; statusCode: number } {
  void error
  return { code: 'MODEL_ERROR', message: 'The model failed to answer.', statusCode: 502 }
}

function offline(): LanguageModel {
  const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
  return {
    specificationVersion: 'v4',
    provider: 'offline',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate() {
      return { content: [{ type: 'text', text: 'Offline answer' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }
    },
    async doStream({ prompt, abortSignal }: { prompt: unknown[]; abortSignal?: AbortSignal }) {
      const last = JSON.stringify(prompt.at(-1))
      const words = `You said ${last.slice(0, 60)} . This is the offline model answering word by word .`.split(' ')
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] })
          controller.enqueue({ type: 'text-start', id: 't' })
          for (const word of words) {
            if (abortSignal?.aborted) break
            await new Promise((r) => setTimeout(r, 5))
            controller.enqueue({ type: 'text-delta', id: 't', delta: word + ' ' })
          }
          controller.enqueue({ type: 'text-end', id: 't' })
          controller.enqueue({ type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } })
          controller.close()
        },
      })
      return { stream }
    },
  } as unknown as LanguageModel
}

export default fp(
  async function llm(app) {
    const registry: ModelRegistry = {
      async list() {
        return [{ id: 'offline', provider: 'offline', label: 'Offline demo', default: true }]
      },
      async defaultModelId() {
        return 'offline'
      },
      async resolve(id) {
        if (id !== 'offline') throw new AppError(400, 'UNKNOWN_MODEL', `Unknown model: ${id}`)
        return offline()
      },
    }
    app.decorate('llm', registry)
  },
  { name: 'llm' },
)
