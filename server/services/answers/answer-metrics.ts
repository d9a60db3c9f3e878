// Answer metrics, read from the chunks an answer streams (so the chat route needs no timing code):
// answers running, time to the model's first text, and the tokens its provider reported.
import type { UIMessageChunk } from 'ai'
import type { AnswerRuns } from './answer-runs.ts'

interface AnswerMetricSinks {
  answersRunning: { inc(): void; dec(): void }
  answersStarted: { inc(): void }
  modelFirstToken: { observe(labels: { model: string }, seconds: number): void }
  modelTokens: { inc(labels: { model: string; kind: string }, value: number): void }
}

const FIRST_OUTPUT = new Set(['text-delta', 'reasoning-delta'])

/** `runs`, with every answer it starts measured into `metrics`. */
export function withAnswerMetrics(runs: AnswerRuns, metrics: AnswerMetricSinks, now: () => number = performance.now.bind(performance)): AnswerRuns {
  return {
    get size() {
      return runs.size
    },
    get: (chatId) => runs.get(chatId),
    subscribe: (chatId) => runs.subscribe(chatId),
    stop: (chatId) => runs.stop(chatId),
    drain: (timeoutMs) => runs.drain(timeoutMs),
    awaitApproval: (chatId, approvalId, signal) => runs.awaitApproval(chatId, approvalId, signal),
    decide: (chatId, approvalId, decision) => runs.decide(chatId, approvalId, decision),
    start(input) {
      const startedAt = now()
      let model = 'unknown'
      let firstOutput = true
      metrics.answersStarted.inc()
      metrics.answersRunning.inc()
      const observe = (chunk: UIMessageChunk) => {
        const metadata = (chunk as { messageMetadata?: { model?: string; usage?: { inputTokens?: number; outputTokens?: number } } }).messageMetadata
        if (metadata?.model) model = metadata.model
        if (firstOutput && FIRST_OUTPUT.has(chunk.type)) {
          firstOutput = false
          metrics.modelFirstToken.observe({ model }, (now() - startedAt) / 1000)
        }
        if (chunk.type === 'finish' && metadata?.usage) {
          if (metadata.usage.inputTokens) metrics.modelTokens.inc({ model, kind: 'input' }, metadata.usage.inputTokens)
          if (metadata.usage.outputTokens) metrics.modelTokens.inc({ model, kind: 'output' }, metadata.usage.outputTokens)
        }
      }
      const run = runs.start({
        ...input,
        observe: input.observe
          ? (chunk) => {
              input.observe!(chunk)
              observe(chunk)
            }
          : observe,
      })
      void run.settled.then(() => metrics.answersRunning.dec())
      return run
    },
  }
}
