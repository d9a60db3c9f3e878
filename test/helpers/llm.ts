// Model-layer test helpers: configuration from environment variables (through the real
// loadConfig), and a streamText run collected into what a test asserts on.
import { createServer } from 'node:net'
import { streamText, type LanguageModel } from 'ai'
import { loadConfig, type LlmConfig } from '../../fastify.config.ts'
import { TEST_SESSION_KEY } from './build-app.ts'

/** The `llm` section loadConfig makes of these variables. */
export function llmConfig(env: Record<string, string> = {}): LlmConfig {
  return loadConfig({ NODE_ENV: 'test', SESSION_KEY: TEST_SESSION_KEY, ...env }).llm
}

export interface StreamRun {
  deltas: string[]
  text: string
  /** Every error streamText reported (onError), in order. */
  errors: unknown[]
  finishReason: string | undefined
  usage: { inputTokens: number | undefined; outputTokens: number | undefined } | undefined
  aborted: boolean
  elapsedMs: number
}

/**
 * Streams `prompt` through `model` with retries off (a retry would hide the error a test expects)
 * and collects the result. `onDelta` may abort mid-stream.
 */
export async function runStream(
  model: LanguageModel,
  options: { prompt?: string; system?: string; abortSignal?: AbortSignal; onDelta?: (delta: string, index: number) => void } = {},
): Promise<StreamRun> {
  const started = Date.now()
  const errors: unknown[] = []
  let aborted = false
  const result = streamText({
    model,
    prompt: options.prompt ?? 'Hello there',
    system: options.system,
    maxRetries: 0,
    abortSignal: options.abortSignal,
    onError: ({ error }) => {
      errors.push(error)
    },
    onAbort: () => {
      aborted = true
    },
  })
  const deltas: string[] = []
  let finishReason: string | undefined
  let usage: StreamRun['usage']
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      deltas.push(part.text)
      options.onDelta?.(part.text, deltas.length - 1)
    }
    if (part.type === 'finish') {
      finishReason = part.finishReason
      usage = { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens }
    }
    if (part.type === 'abort') aborted = true
  }
  return { deltas, text: deltas.join(''), errors, finishReason, usage, aborted, elapsedMs: Date.now() - started }
}

/** Resolves once `condition` holds (checked every 10 ms), or rejects after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A local port that was free a moment ago: nothing listens there (connection refused). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}
