// Answers being generated right now, per chat. A run is consumed here, in the
// background, not by the HTTP response: a browser that goes away does not stop the answer, and a
// reload can subscribe again and get everything sent so far followed by what comes next.
//
// Each chunk is turned into its SSE frame once, when it arrives, and written to every subscriber
// (the sender, a reload, a second tab) through a plain Node stream. What was sent is kept as
// chunks whose consecutive deltas are merged into one: a reload gets the text so far in one
// piece, and a thousand running answers hold their text once, not a frame string per token.
import { Readable } from 'node:stream'
import type { UIMessageChunk } from 'ai'
import { appendFlat } from './flat-append.ts'

export interface AnswerRun {
  chatId: string
  messageId: string
  /** Aborts the model call (Stop). */
  controller: AbortController
  /** Resolves when the run has ended and its answer is stored. */
  settled: Promise<void>
  /**
   * The sender's stream (with `withSender`), subscribed before the answer's first chunk: an answer
   * that ends at once (an instant model, an immediate error) still reaches whoever asked for it.
   */
  sender?: Readable
}

interface RunState extends AnswerRun {
  /** The chunks sent so far, consecutive deltas of one part merged (for a late subscriber). */
  history: UIMessageChunk[]
  /** Frames not yet written to the subscribers: those of one tick go out as one write. */
  outbox: string
  done: boolean
  subscribers: Set<Readable>
}

export interface AnswerRunInput {
  chatId: string
  messageId: string
  /** The answer as UI message chunks. */
  produce: (signal: AbortSignal) => AsyncIterable<UIMessageChunk>
  /** Sees each chunk `produce` yields, as it comes (metrics: a callback, not another generator per token). */
  observe?: (chunk: UIMessageChunk) => void
  /**
   * Work that runs beside the answer and may add chunks of its own (the chat's title), started
   * once the answer's first content is out; the run ends when both have finished.
   */
  alongside?: (signal: AbortSignal, emit: (chunk: UIMessageChunk) => void) => Promise<void>
  /** The message shown to the user when the stream itself throws (an error chunk is sent). */
  describeError?: (error: unknown) => string
  /** Runs after the answer ended (success, error or stop), before subscribers see the end. */
  onSettled?: () => Promise<void>
  /** Subscribe the sender at once (see AnswerRun.sender). */
  withSender?: boolean
}

/** The user's answer to "may this tool run?" (the AI SDK's tool approval). */
export interface ApprovalDecision {
  approved: boolean
  reason?: string
}

export interface AnswerRuns {
  start(input: AnswerRunInput): AnswerRun
  /** Waits for the user's decision on a tool call of the answer running in this chat (rejects when the signal aborts). */
  awaitApproval(chatId: string, approvalId: string, signal: AbortSignal): Promise<ApprovalDecision>
  /** Hands the user's decision to the call waiting for it; false when none waits here. */
  decide(chatId: string, approvalId: string, decision: ApprovalDecision): boolean
  get(chatId: string): AnswerRun | undefined
  /** The AI SDK UI message stream as SSE: everything sent so far, then live frames until the run ends. */
  subscribe(chatId: string): Readable | null
  stop(chatId: string): boolean
  /** Shutdown: waits for running answers up to `timeoutMs`, then stops the rest and waits for them to be stored. */
  drain(timeoutMs: number): Promise<void>
  readonly size: number
}

/** What the AI SDK's JsonToSseTransformStream writes, without a stream per chunk. */
export const sseFrame = (chunk: UIMessageChunk) => `data: ${JSON.stringify(chunk)}\n\n`
export const SSE_DONE = 'data: [DONE]\n\n'

export function createAnswerRuns(options: { onError?: (error: unknown, chatId: string) => void } = {}): AnswerRuns {
  const runs = new Map<string, RunState>()
  /** Tool calls waiting for the user, by chat and approval id. */
  const approvals = new Map<string, (decision: ApprovalDecision) => void>()
  const approvalKey = (chatId: string, approvalId: string) => `${chatId}\n${approvalId}`

  function send(run: RunState, chunk: UIMessageChunk) {
    if (run.done) return
    remember(run.history, chunk)
    if (run.subscribers.size === 0) return
    const frame = sseFrame(chunk)
    // One socket write per tick, not per frame: a model's packet often carries several parts
    // (the first token comes with start-step and text-start), and each write is a system call.
    if (!run.outbox) process.nextTick(flush, run)
    run.outbox += frame
  }

  function remember(history: UIMessageChunk[], chunk: UIMessageChunk) {
    const last = history[history.length - 1]
    if ((chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') && last?.type === chunk.type && last.id === chunk.id) {
      appendFlat(last, 'delta', chunk.delta)
      return
    }
    // A copy of a delta, since later ones are added to it.
    history.push(chunk.type === 'text-delta' || chunk.type === 'reasoning-delta' ? { ...chunk } : chunk)
  }

  function flush(run: RunState) {
    if (!run.outbox) return
    for (const subscriber of run.subscribers) subscriber.push(run.outbox)
    run.outbox = ''
  }

  function subscribeTo(run: RunState): Readable {
    // No backpressure: a slow reader buffers at most one answer, which the run holds anyway.
    const stream = new Readable({ read() {} })
    // Those already subscribed get what is pending first; the newcomer gets it in the history.
    flush(run)
    if (run.history.length) stream.push(run.history.map(sseFrame).join(''))
    run.subscribers.add(stream)
    stream.once('close', () => run.subscribers.delete(stream))
    return stream
  }

  async function consume(run: RunState, input: AnswerRunInput) {
    const { signal } = run.controller
    // The work beside the answer (a title: another model call) starts once the answer's first
    // content has gone out, or the answer has ended: started at once, its set-up ran before the
    // answer's own request was even sent, and the user waited that long for the first word.
    let beside: Promise<void> | undefined
    let besideStarted = !input.alongside
    const startBeside = () => {
      if (besideStarted) return
      besideStarted = true
      beside = input.alongside!(signal, (chunk) => send(run, chunk)).catch((error) => options.onError?.(error, run.chatId))
    }
    let besideScheduled = besideStarted
    try {
      for await (const chunk of input.produce(signal)) {
        input.observe?.(chunk)
        send(run, chunk)
        // setImmediate: after this tick's frames are written (the title's set-up is a millisecond
        // of synchronous work that would otherwise hold back the first token's write).
        if (!besideScheduled && (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta')) {
          besideScheduled = true
          setImmediate(startBeside)
        }
      }
    } catch (error) {
      options.onError?.(error, run.chatId)
      if (input.describeError) send(run, { type: 'error', errorText: input.describeError(error) })
    }
    startBeside()
    await beside
  }

  return {
    get size() {
      return runs.size
    },

    start(input) {
      const { chatId, messageId } = input
      const controller = new AbortController()
      let resolveSettled!: () => void
      const settled = new Promise<void>((resolve) => (resolveSettled = resolve))
      const run: RunState = { chatId, messageId, controller, settled, history: [], outbox: '', done: false, subscribers: new Set() }
      runs.set(chatId, run)
      if (input.withSender) run.sender = subscribeTo(run)

      void consume(run, input).finally(async () => {
        // Store the answer before ending the streams: a browser that reads the chat right after
        // its stream ended must find the answer complete, not still "streaming".
        try {
          await input.onSettled?.()
        } catch (error) {
          options.onError?.(error, chatId)
        }
        flush(run)
        run.done = true
        for (const subscriber of run.subscribers) {
          subscriber.push(SSE_DONE)
          subscriber.push(null)
        }
        run.subscribers.clear()
        if (runs.get(chatId) === run) runs.delete(chatId)
        resolveSettled()
      })
      return run
    },

    get(chatId) {
      return runs.get(chatId)
    },

    awaitApproval(chatId, approvalId, signal) {
      const key = approvalKey(chatId, approvalId)
      return new Promise<ApprovalDecision>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason)
        const onAbort = () => {
          approvals.delete(key)
          reject(signal.reason)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        approvals.set(key, (decision) => {
          signal.removeEventListener('abort', onAbort)
          approvals.delete(key)
          resolve(decision)
        })
      })
    },

    decide(chatId, approvalId, decision) {
      const resolve = approvals.get(approvalKey(chatId, approvalId))
      resolve?.(decision)
      return resolve !== undefined
    },

    subscribe(chatId) {
      const run = runs.get(chatId)
      if (!run || run.done) return null
      return subscribeTo(run)
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
        for (const run of runs.values()) run.controller.abort(new AnswerInterrupted('Server shutting down'))
        await Promise.all([...runs.values()].map((run) => run.settled))
      }
    },
  }
}

/** The abort reason of an answer cut by the server going down (not by the user): stored as interrupted. */
export class AnswerInterrupted extends Error {
  override name = 'AnswerInterrupted'
}
