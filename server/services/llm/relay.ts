// One answer, straight from the provider's stream (LanguageModelV4.doStream) to AI SDK UI message
// chunks, with the answer's parts kept for storage; with tools, a loop of model calls (steps) and
// tool runs inside the one answer.
//
// Why not streamText + toUIMessageStream: measured on this stack, they hold ~180 KB per running
// answer and pass every token through a dozen web TransformStreams. The loop they add is small
// (tool-answer-loop.ts holds our version of its bookkeeping), and a chat answer needs none of the
// rest (telemetry, retries — retries are off anyway). The provider layer (wire format, SSE
// parsing, errors) is still the AI SDK's, and the chunks are the UI message stream protocol
// `useChat` reads, in the order toUIMessageStream sends them.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart, LanguageModelV4StreamResult } from '@ai-sdk/provider'
import type { LanguageModelUsage, ModelMessage, UIMessageChunk } from 'ai'
import { addLanguageModelUsage, asLanguageModelUsage, convertToLanguageModelPrompt, standardizePrompt } from 'ai/internal'
import type { AnswerDraft } from '../answers/answer-checkpoints.ts'
import type { ChatTool } from '../tools/tool-types.ts'
import { DEFAULT_TOOL_OUTPUT_BYTES, type ToolLimits } from '../tools/run-tool.ts'
import { appendFlat } from '../answers/flat-append.ts'
import { createStepTools, type StoredSourcePart, type StoredToolPart } from './tool-steps.ts'
import { cutNote, messageChars } from '../chats/message-size.ts'

export type { StoredSourcePart, StoredToolPart }

export interface StoredTextPart {
  type: 'text' | 'reasoning'
  text: string
  state: 'streaming' | 'done'
  /** Reasoning: how long the model thought (the UI's "Thought for N seconds", after a reload too). */
  providerMetadata?: { chat: { durationMs: number } }
}

export type StoredPart = StoredTextPart | StoredToolPart | StoredSourcePart

export interface RelayOutcome {
  parts: StoredPart[]
  status: 'complete' | 'partial' | 'interrupted' | 'error'
  usage?: LanguageModelUsage
  /** How the answer went, for its info button: measured here, never guessed. */
  details: AnswerDetails
}

export interface AnswerDetails {
  /** From the request to the model until its first word (text or reasoning); absent when none came. */
  firstTokenMs?: number
  /** From the request to the model until the answer ended. */
  totalMs: number
  /** The model's own reason ('stop', 'length', 'tool-calls', …), or 'stopped' (Stop), 'error', 'interrupted'. */
  finishReason: string
  /** The answer reached what one message may hold (MESSAGE_STORED_MAX_CHARS) and was cut there. */
  cutAtChars?: number
}

/**
 * The model's prompt from chat messages, after the system prompt when there is one. The server never fetches a URL taken from a message:
 * without a `download` of its own the AI SDK fetches every file URL in the prompt, so this one
 * refuses. (The context is built from text parts only, so nothing reaches it; this is the second
 * lock on the same door.)
 */
export async function toModelPrompt(model: LanguageModelV4, messages: ModelMessage[], system?: string): Promise<LanguageModelV4Prompt> {
  // The system prompt goes in as instructions (the SDK refuses system messages among the others).
  const prompt = await standardizePrompt({ messages, ...(system && { instructions: system }) })
  return convertToLanguageModelPrompt({ prompt, supportedUrls: await model.supportedUrls, download: refuseDownloads, provider: model.provider })
}

async function refuseDownloads(planned: ReadonlyArray<{ url: URL }>): Promise<never[]> {
  if (planned.length > 0) throw new Error(`relay: refused to download ${planned.length} URL(s) named in a message`)
  return []
}

export interface RelayOptions {
  model: LanguageModelV4
  prompt: LanguageModelV4Prompt
  signal: AbortSignal
  messageId: string
  /** Extra request headers for the provider (the request id). */
  headers?: Record<string, string>
  /** Sent with the `start` chunk, and with `finish` together with the usage. */
  metadata: Record<string, unknown>
  /** The message the user sees for a failure (safe: no upstream details). */
  describeError: (error: unknown) => string
  /** Called once, when the answer has ended for whatever reason, before the last chunk is read. */
  onEnd: (outcome: RelayOutcome) => void
  /** Kept up to date with the answer's parts as they stream (saved while it runs). */
  draft?: AnswerDraft
  /** Tools the model may call; none: one plain model call, the lean path. */
  tools?: readonly ChatTool[]
  /** Model calls in this answer, tool steps included (AI_MAX_STEPS). */
  maxSteps?: number
  toolLimits?: Partial<ToolLimits>
  /**
   * Most characters the answer may hold (its parts so far included): the model is stopped there,
   * and a note ends the answer.
   */
  maxChars?: number
  /** Waits for the user's decision on a tool call that needs approval. */
  awaitApproval?: (approvalId: string, signal: AbortSignal) => Promise<import('../answers/answer-runs.ts').ApprovalDecision>
}

/**
 * Starts the model call at once, before anything is read from the result: the upstream request is
 * on its way while the caller answers the browser (headers, the `start` chunk), which is the
 * longest wait before a first token, so nothing else should go first.
 */
export function relayAnswer(options: RelayOptions): AsyncGenerator<UIMessageChunk> {
  const tools = options.tools?.length ? options.tools : undefined
  const maxSteps = tools ? Math.max(1, options.maxSteps ?? 5) : 1
  const callOptions = (prompt: LanguageModelV4Prompt, step: number): LanguageModelV4CallOptions => ({
    prompt,
    abortSignal: options.signal,
    headers: options.headers,
    ...(tools
      ? {
          tools: tools.map((tool) => ({ type: 'function' as const, name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
          // The last step must answer in words: the loop ends there.
          toolChoice: step < maxSteps ? { type: 'auto' as const } : { type: 'none' as const },
        }
      : {}),
  })
  const start = (prompt: LanguageModelV4Prompt, step: number) => {
    // Only the stream is kept: the rest of the result (the request body as sent — the whole prompt
    // and the tools' schemas — and the response's headers) would stay in memory while it streams.
    const call = Promise.resolve(options.model.doStream(callOptions(prompt, step))).then((result) => result.stream)
    // Handled where it is awaited; this only keeps an early failure from counting as unhandled.
    call.catch(() => {})
    return call
  }
  return relayStream(options, start, tools, maxSteps)
}

async function* relayStream(
  options: RelayOptions,
  start: (prompt: LanguageModelV4Prompt, step: number) => Promise<LanguageModelV4StreamResult['stream']>,
  tools: readonly ChatTool[] | undefined,
  maxSteps: number,
): AsyncGenerator<UIMessageChunk> {
  const { signal, messageId, metadata, describeError } = options
  const draft = options.draft ?? { parts: [], version: 0 }
  const parts = draft.parts as StoredPart[]
  const open = new Map<string, StoredTextPart>()
  let usage: LanguageModelUsage | undefined
  let finishReason: string | undefined
  let status: RelayOutcome['status'] = 'complete'
  const requestedAt = Date.now()
  let firstTokenAt: number | undefined
  let reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart> | undefined
  const maxChars = options.maxChars ?? Infinity
  /** What the answer holds, as the cap counts it (a continued answer's parts count too). */
  let chars = maxChars === Infinity ? 0 : messageChars(parts as unknown as Array<Record<string, unknown>>)
  let cut = false
  const stepTools = tools
    ? createStepTools({
        tools,
        parts,
        draft,
        signal,
        maxSteps,
        limits: { timeoutMs: options.toolLimits?.timeoutMs ?? 20_000, maxOutputBytes: options.toolLimits?.maxOutputBytes ?? DEFAULT_TOOL_OUTPUT_BYTES },
        awaitApproval: options.awaitApproval,
      })
    : undefined

  /** Whether the last step's finish-step went out (a step that ran tools sends it after them). */
  let stepFinished = false
  yield { type: 'start', messageId, messageMetadata: metadata }
  try {
    let prompt = options.prompt
    let call = start(prompt, 1)
    for (let step = 1; ; step++) {
      const stream = await call
      yield { type: 'start-step' }
      stepFinished = false
      stepTools?.beginStep(step)
      /** When each reasoning part began. */
      const startedAt = new Map<string, number>()
      reader = stream.getReader()
      for (;;) {
        const { done, value: part } = await reader.read()
        if (done) break
        switch (part.type) {
          case 'text-start':
          case 'reasoning-start': {
            const stored: StoredTextPart = { type: part.type === 'text-start' ? 'text' : 'reasoning', text: '', state: 'streaming' }
            parts.push(stored)
            draft.version++
            open.set(`${stored.type}:${part.id}`, stored)
            if (stored.type === 'reasoning') startedAt.set(part.id, Date.now())
            stepTools?.noteContent(stored, part.providerMetadata)
            yield { type: part.type, id: part.id }
            break
          }
          case 'text-delta':
          case 'reasoning-delta': {
            const stored = open.get(`${part.type === 'text-delta' ? 'text' : 'reasoning'}:${part.id}`)
            // Past what a message may hold: the rest of this delta and everything after it is dropped.
            const delta = chars + part.delta.length > maxChars ? part.delta.slice(0, Math.max(0, maxChars - chars)) : part.delta
            if (delta !== part.delta) cut = true
            chars += delta.length
            if (stored) appendFlat(stored, 'text', delta)
            firstTokenAt ??= Date.now()
            draft.version++
            if (stored && part.providerMetadata) stepTools?.noteContent(stored, part.providerMetadata)
            if (delta) yield { type: part.type, id: part.id, delta }
            break
          }
          case 'text-end':
          case 'reasoning-end': {
            const key = `${part.type === 'text-end' ? 'text' : 'reasoning'}:${part.id}`
            const stored = open.get(key)
            if (stored) stored.state = 'done'
            draft.version++
            open.delete(key)
            if (stored && part.providerMetadata) stepTools?.noteContent(stored, part.providerMetadata)
            if (part.type === 'reasoning-end') {
              const providerMetadata = { chat: { durationMs: Date.now() - (startedAt.get(part.id) ?? Date.now()) } }
              if (stored) stored.providerMetadata = providerMetadata
              yield { type: part.type, id: part.id, providerMetadata }
            } else yield { type: part.type, id: part.id }
            break
          }
          case 'tool-input-start':
          case 'tool-input-delta':
          case 'tool-call': {
            // A model that calls tools when none were offered is ignored (it cannot be answered).
            if (stepTools) yield* stepTools.fromModel(part)
            break
          }
          case 'finish': {
            const stepUsage = asLanguageModelUsage(part.usage)
            usage = usage ? addLanguageModelUsage(usage, stepUsage) : stepUsage
            finishReason = part.finishReason.unified
            break
          }
          case 'error':
            status = 'error'
            yield { type: 'error', errorText: describeError(part.error) }
            break
          // stream-start, response-metadata, raw, sources, files, tool-input-end: nothing a chat shows.
        }
        if (cut) break
      }
      // Cut: the model is not asked for more.
      if (cut) await reader.cancel().catch(() => {})
      reader = undefined
      if (cut) {
        // The open parts end where they were cut, and the note says why the answer stops there.
        for (const [key, stored] of open) {
          stored.state = 'done'
          yield { type: stored.type === 'text' ? 'text-end' : 'reasoning-end', id: key.slice(key.indexOf(':') + 1) }
        }
        open.clear()
        const note: StoredTextPart = { ...cutNote(maxChars), state: 'done' }
        parts.push(note)
        draft.version++
        yield { type: 'text-start', id: 'cut-note' }
        yield { type: 'text-delta', id: 'cut-note', delta: note.text }
        yield { type: 'text-end', id: 'cut-note' }
        finishReason = 'length'
        break
      }
      if (!stepTools || status !== 'complete' || !stepTools.hasCalls()) break
      // The step's tools run (side by side); each result goes out as it comes.
      yield* stepTools.runCalls()
      yield { type: 'finish-step' }
      stepFinished = true
      if (step >= maxSteps) {
        finishReason = 'tool-calls'
        break
      }
      prompt = [...prompt, ...stepTools.stepMessages()]
      call = start(prompt, step + 1)
    }
  } catch (error) {
    // The user's Stop is 'partial'; the server shutting down under the answer is 'interrupted'.
    if (signal.aborted) status = (signal.reason as Error | undefined)?.name === 'AnswerInterrupted' ? 'interrupted' : 'partial'
    else {
      status = 'error'
      yield { type: 'error', errorText: describeError(error) }
    }
  } finally {
    reader?.cancel().catch(() => {})
  }

  // The answer is final now: whatever was still open is as complete as it will get.
  for (const stored of parts) {
    if (stored.type === 'text' || stored.type === 'reasoning') stored.state = 'done'
  }
  stepTools?.settleUnfinished(status)
  const details: AnswerDetails = {
    ...(firstTokenAt === undefined ? {} : { firstTokenMs: firstTokenAt - requestedAt }),
    totalMs: Date.now() - requestedAt,
    finishReason: status === 'partial' ? 'stopped' : status === 'complete' ? (finishReason ?? 'stop') : status,
    ...(cut && { cutAtChars: maxChars }),
  }
  options.onEnd({ parts, status, usage, details })
  if (status === 'partial' || status === 'interrupted') yield { type: 'abort' }
  else if (status === 'complete') {
    if (!stepFinished) yield { type: 'finish-step' }
    yield { type: 'finish', ...(finishReason ? { finishReason: finishReason as never } : {}), messageMetadata: { ...metadata, usage, details } }
  }
}
