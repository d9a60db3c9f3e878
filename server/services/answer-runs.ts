// Answers being generated right now, per chat (DESIGN §5). A run is consumed here, in the
// background, not by the HTTP response: a browser that goes away does not stop the answer, and a
// reload can subscribe again and get everything sent so far followed by what comes next.
import type { UIMessageChunk } from 'ai'

export interface AnswerRun {
  chatId: string
  messageId: string
  /** Aborts the model call (Stop). */
  controller: AbortController
  /** Resolves when the run has ended and its answer is stored. */
  settled: Promise<void>
}

interface RunState extends AnswerRun {
  chunks: UIMessageChunk[]
  done: boolean
  listeners: Set<() => void>
}

export interface AnswerRuns {
  /** Starts consuming `produce`'s stream; `onSettled` runs after it ends (success, error or stop). */
  start(input: {
    chatId: string
    messageId: string
    produce: (signal: AbortSignal) => ReadableStream<UIMessageChunk>
    onSettled?: () => Promise<void>
  }): AnswerRun
  get(chatId: string): AnswerRun | undefined
  /** Everything the run sent so far, then live chunks until it ends. */
  subscribe(chatId: string): ReadableStream<UIMessageChunk> | null
  stop(chatId: string): boolean
  /** Shutdown: waits for running answers up to `timeoutMs`, then stops the rest and waits for them to be stored. */
  drain(timeoutMs: number): Promise<void>
  readonly size: number
}

export function createAnswerRuns(options: { onError?: (error: unknown, chatId: string) => void } = {}): AnswerRuns {
  const runs = new Map<string, RunState>()

  function notify(run: RunState) {
    for (const listener of run.listeners) listener()
  }

  return {
    get size() {
      return runs.size
    },

    start({ chatId, messageId, produce, onSettled }) {
      const controller = new AbortController()
      let resolveSettled!: () => void
      const settled = new Promise<void>((resolve) => (resolveSettled = resolve))
      const run: RunState = { chatId, messageId, controller, settled, chunks: [], done: false, listeners: new Set() }
      runs.set(chatId, run)

      void (async () => {
        try {
          const reader = produce(controller.signal).getReader()
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            run.chunks.push(value)
            notify(run)
          }
        } catch (error) {
          options.onError?.(error, chatId)
        } finally {
          // Store the answer before ending the streams: a browser that reads the chat right after
          // its stream ended must find the answer complete, not still "streaming".
          try {
            await onSettled?.()
          } catch (error) {
            options.onError?.(error, chatId)
          }
          run.done = true
          notify(run)
          if (runs.get(chatId) === run) runs.delete(chatId)
          resolveSettled()
        }
      })()
      return run
    },

    get(chatId) {
      return runs.get(chatId)
    },

    subscribe(chatId) {
      const run = runs.get(chatId)
      if (!run) return null
      let index = 0
      let wake: (() => void) | null = null
      const listener = () => wake?.()
      return new ReadableStream<UIMessageChunk>({
        start() {
          run.listeners.add(listener)
        },
        async pull(controller) {
          while (index >= run.chunks.length && !run.done) {
            await new Promise<void>((resolve) => (wake = resolve))
            wake = null
          }
          if (index < run.chunks.length) controller.enqueue(run.chunks[index++]!)
          else {
            run.listeners.delete(listener)
            controller.close()
          }
        },
        cancel() {
          run.listeners.delete(listener)
        },
      })
    },

    stop(chatId) {
      const run = runs.get(chatId)
      if (!run) return false
      run.controller.abort(new Error('Stopped by the user'))
      return true
    },

    async drain(timeoutMs) {
      const pending = [...runs.values()].map((run) => run.settled)
      if (pending.length === 0) return
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)))
      const outcome = await Promise.race([Promise.all(pending).then(() => 'done' as const), timedOut])
      clearTimeout(timer)
      if (outcome === 'timeout') {
        for (const run of runs.values()) run.controller.abort(new Error('Server shutting down'))
        await Promise.all([...runs.values()].map((run) => run.settled))
      }
    },
  }
}
