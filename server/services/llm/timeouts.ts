// First-token and idle timeouts as a language model middleware, so every provider gets them. A
// model server that accepts the request and then says nothing (loading a model, overloaded, a
// half-dead connection) would otherwise keep a chat "typing" forever.
import type { LanguageModelMiddleware } from 'ai'
import type { LanguageModelV4GenerateResult, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider'

export type ModelTimeoutKind = 'first-token' | 'idle'

export class ModelTimeoutError extends Error {
  override name = 'ModelTimeoutError'
  readonly kind: ModelTimeoutKind
  readonly timeoutMs: number

  constructor(kind: ModelTimeoutKind, timeoutMs: number) {
    super(
      kind === 'first-token'
        ? `The model did not start answering within ${timeoutMs} ms`
        : `The model stopped sending its answer for ${timeoutMs} ms`,
    )
    this.kind = kind
    this.timeoutMs = timeoutMs
  }
}

export interface TimeoutOptions {
  /** From the call until the first part with content (headers and metadata do not count). */
  firstTokenMs: number
  /** Between two parts once the answer has started. */
  idleMs: number
}

/** Parts a provider sends before the model has produced anything. */
const PRELUDE_PARTS = new Set<LanguageModelV4StreamPart['type']>(['stream-start', 'response-metadata', 'raw'])

export function timeoutMiddleware(options: TimeoutOptions): LanguageModelMiddleware {
  const { firstTokenMs, idleMs } = options
  return {
    specificationVersion: 'v4',

    // A non-streamed call (e.g. a title) has no first token before the end: the whole call gets
    // the first-token timeout.
    async wrapGenerate({ params, model }): Promise<LanguageModelV4GenerateResult> {
      const call = timedCall(params.abortSignal)
      call.arm('first-token', firstTokenMs)
      try {
        return await call.race(model.doGenerate({ ...params, abortSignal: call.signal }))
      } finally {
        call.dispose()
      }
    },

    async wrapStream({ params, model }): Promise<LanguageModelV4StreamResult> {
      const call = timedCall(params.abortSignal)
      call.arm('first-token', firstTokenMs)
      let result: LanguageModelV4StreamResult
      try {
        result = await call.race(model.doStream({ ...params, abortSignal: call.signal }), (late) => {
          late.stream.cancel().catch(() => {})
        })
      } catch (error) {
        call.dispose()
        throw error
      }

      const reader = result.stream.getReader()
      let started = false
      // Failures end the stream as an `error` part, as providers report theirs, so streamText
      // hands every failure to onError the same way. A Stop by the caller stays an abort.
      const fail = (controller: ReadableStreamDefaultController<LanguageModelV4StreamPart>, error: unknown) => {
        call.dispose()
        if (params.abortSignal?.aborted) {
          controller.error(error)
          return
        }
        controller.enqueue({ type: 'error', error })
        controller.close()
      }
      const stream = new ReadableStream<LanguageModelV4StreamPart>(
        {
          start(controller) {
            call.onTimeout((error) => {
              fail(controller, error)
              reader.cancel(error).catch(() => {})
            })
          },
          // With a high-water mark of 0, pull runs only while the consumer waits for a part, so
          // the idle clock measures the model, never a slow reader.
          async pull(controller) {
            if (started) call.arm('idle', idleMs)
            let read: ReadableStreamReadResult<LanguageModelV4StreamPart>
            try {
              read = await reader.read()
            } catch (error) {
              if (!call.timedOut) fail(controller, error)
              return
            }
            if (call.timedOut) return
            if (read.done) {
              call.dispose()
              controller.close()
              return
            }
            if (!PRELUDE_PARTS.has(read.value.type)) started = true
            if (started) call.disarm()
            controller.enqueue(read.value)
          },
          async cancel(reason) {
            call.dispose()
            await reader.cancel(reason).catch(() => {})
          },
        },
        { highWaterMark: 0 },
      )
      return { ...result, stream }
    },
  }
}

/**
 * An abort signal for the upstream call that follows the caller's and also fires on a timeout.
 * Also used directly by a provider that reads its own stream (openai-chat-model.ts).
 */
export function timedCall(outer: AbortSignal | undefined) {
  const controller = new AbortController()
  const forward = () => controller.abort(outer!.reason)
  if (outer?.aborted) forward()
  else outer?.addEventListener('abort', forward, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerMs = 0
  let armed: { kind: ModelTimeoutKind; timeoutMs: number } | undefined
  let timedOut: ModelTimeoutError | undefined
  let listener: ((error: ModelTimeoutError) => void) | undefined
  const fire = () => {
    if (!armed) return // disarmed: the part arrived; the timer is kept for the next refresh
    // The error (and its stack) is made only when the timeout happens, not for every part.
    const error = new ModelTimeoutError(armed!.kind, armed!.timeoutMs)
    timedOut = error
    controller.abort(error)
    listener?.(error)
  }

  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut
    },
    /**
     * (Re)starts the clock. The idle clock restarts for every part, so it is one timer refreshed
     * (a refresh also revives a timer that fired while disarmed) rather than a new timer per part.
     */
    arm(kind: ModelTimeoutKind, timeoutMs: number) {
      if (timer && timerMs === timeoutMs) timer.refresh()
      else {
        clearTimeout(timer)
        timer = setTimeout(fire, timeoutMs)
        timerMs = timeoutMs
      }
      // Called for every part of a stream: no new object unless the clock changes.
      if (armed?.kind !== kind || armed.timeoutMs !== timeoutMs) armed = { kind, timeoutMs }
    },
    disarm() {
      armed = undefined
    },
    onTimeout(handler: (error: ModelTimeoutError) => void) {
      listener = handler
    },
    /**
     * Settles with the upstream promise or rejects with the timeout, whichever comes first: a
     * provider that ignores its abort signal must not hang the caller. `onLate` gets a result
     * that arrived after the timeout, to release it.
     */
    race<T>(promise: PromiseLike<T>, onLate?: (value: T) => void): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        listener = reject
        Promise.resolve(promise).then(
          (value) => (timedOut ? onLate?.(value) : resolve(value)),
          (error) => reject(timedOut ?? error),
        )
      })
    },
    dispose() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', forward)
    },
  }
}
