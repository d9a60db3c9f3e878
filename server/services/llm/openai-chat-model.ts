// An OpenAI-compatible Chat Completions model (OpenAI, Ollama, vLLM, llama.cpp, LM Studio,
// OpenRouter) as an AI SDK LanguageModelV4, written for the one job a chat server does a thousand
// times at once: relay a streamed answer.
//
// Why not @ai-sdk/openai-compatible: measured on this machine with 200 answers streaming at once
// (bench:stream, heap snapshots), its path held about 90 KB per answer: an undici fetch, four web
// TransformStreams (bytes → text → events → validated chunks → parts) with their promises and
// closures per token, and a zod validation of every chunk; and between the response headers and
// the first part it spent over a millisecond. Here an answer is one node:http request on a
// keep-alive agent, a string-based SSE parser, one JSON.parse per event, and one ReadableStream of
// parts. The wire format is the same (stream_options.include_usage, `[DONE]`, in-stream errors),
// errors are the AI SDK's own classes (APICallError, StreamProviderError, JSONParseError), so
// errors.ts and every caller treat them as before. The first-token and idle timeouts are enforced
// on the socket's events here rather than by wrapping the stream once more (timeouts.ts).
// The request and response shapes are in openai-chat-wire.ts.
import { createThinkSplitter, splitThinking } from './think-tags.ts'
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https'
import { APICallError, InvalidResponseDataError, JSONParseError, type LanguageModelV4, type LanguageModelV4Content, type LanguageModelV4FinishReason, type LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { StreamProviderError } from 'ai'
import { timedCall, type TimeoutOptions } from './timeouts.ts'
import { createSseDataParser } from './sse-data.ts'
import { contentParts, createToolCallCollector, finishReasonOf, PART_ID, requestBody, stringOr, usageOf, type ChatChunk, type OpenAIUsage } from './openai-chat-wire.ts'

export interface OpenAIChatSettings {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (no trailing slash needed). */
  baseUrl: string
  apiKey?: string
  timeouts: TimeoutOptions
}

/** An error body is read for its message up to this size; the rest is dropped. */
const ERROR_BODY_LIMIT = 64 * 1024
/** A non-streamed answer (a title) larger than this is refused. */
const RESPONSE_LIMIT = 8 * 1024 * 1024

/** Chat models for one OpenAI-compatible server; they share one keep-alive connection pool. */
export function createOpenAIChatProvider(settings: OpenAIChatSettings) {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`)
  const secure = url.protocol === 'https:'
  // Connections stay open between answers (no TCP/TLS handshake before a first token); `lifo`
  // reuses the warmest socket, so idle ones time out instead of all staying half-used.
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' })
    : new HttpAgent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' })
  const send = secure ? httpsRequest : httpRequest

  function post(body: string, stream: boolean, extraHeaders: Record<string, string | undefined> | undefined, signal: AbortSignal): Promise<IncomingMessage> {
    const headers: OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      accept: stream ? 'text/event-stream' : 'application/json',
      'user-agent': 'chat-template',
    }
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`
    for (const [name, value] of Object.entries(extraHeaders ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value
    return new Promise((resolve, reject) => {
      const req = send(url, { method: 'POST', agent, headers, signal }, resolve)
      req.once('error', reject)
      req.end(body)
    })
  }

  /** Throws the AI SDK's APICallError for a status ≥ 400, with the provider's message. */
  async function rejectFailed(res: IncomingMessage): Promise<never> {
    const text = await readBody(res, ERROR_BODY_LIMIT, true)
    let data: ChatChunk | undefined
    try {
      data = JSON.parse(text) as ChatChunk
    } catch {}
    const message = typeof data?.error?.message === 'string' ? data.error.message : `${res.statusCode} ${res.statusMessage ?? ''}`.trim()
    // No requestBodyValues: the error is logged, and the body is the user's conversation.
    throw new APICallError({ message, url: url.href, requestBodyValues: undefined, statusCode: res.statusCode, responseHeaders: headersOf(res), responseBody: text, data })
  }

  return function chatModel(modelId: string): LanguageModelV4 {
    const { firstTokenMs, idleMs } = settings.timeouts

    return {
      specificationVersion: 'v4',
      provider: 'openai-compatible.chat',
      modelId,
      supportedUrls: {},

      async doGenerate(options) {
        const { body, warnings } = requestBody(modelId, options, false)
        // A non-streamed call has no first token before the end: all of it gets that timeout.
        const call = timedCall(options.abortSignal)
        call.arm('first-token', firstTokenMs)
        try {
          const res = await call.race(post(body, false, options.headers, call.signal), (late) => late.destroy())
          if ((res.statusCode ?? 0) >= 400) await call.race(rejectFailed(res))
          const text = await call.race(readBody(res, RESPONSE_LIMIT, false))
          let parsed: ChatChunk
          try {
            parsed = JSON.parse(text) as ChatChunk
          } catch (cause) {
            throw new JSONParseError({ text, cause })
          }
          const choice = parsed.choices?.[0]
          if (!choice?.message) throw new InvalidResponseDataError({ data: parsed, message: 'Response did not contain any choices.' })
          const content: LanguageModelV4Content[] = []
          const reasoning = stringOr(choice.message.reasoning_content) ?? stringOr(choice.message.reasoning)
          if (reasoning) content.push({ type: 'reasoning', text: reasoning })
          for (const part of contentParts(choice.message.content)) {
            if (part.type === 'reasoning') content.push(part)
            // "<think>…</think>" written inline (DeepSeek-R1-style models): reasoning, then text.
            else for (const piece of splitThinking(part.text)) content.push(piece)
          }
          const refusal = stringOr(choice.message.refusal)
          if (refusal) content.push({ type: 'text', text: refusal })
          const toolCalls = createToolCallCollector()
          toolCalls.push(choice.message.tool_calls)
          for (const call of toolCalls.finished()) content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.args || '{}' })
          return {
            content,
            finishReason: finishReasonOf(choice.finish_reason, Boolean(refusal)),
            usage: usageOf(parsed.usage),
            warnings,
            request: { body },
            response: { headers: headersOf(res) },
          }
        } finally {
          call.dispose()
        }
      },

      async doStream(options) {
        const { body, warnings } = requestBody(modelId, options, true)
        const call = timedCall(options.abortSignal)
        call.arm('first-token', firstTokenMs)
        let res: IncomingMessage
        try {
          res = await call.race(post(body, true, options.headers, call.signal), (late) => late.destroy())
          if ((res.statusCode ?? 0) >= 400) await call.race(rejectFailed(res))
        } catch (error) {
          call.dispose()
          throw error
        }

        let controller!: ReadableStreamDefaultController<LanguageModelV4StreamPart>
        let ended = false
        let refused = false
        let rawFinishReason: string | undefined
        let usage: OpenAIUsage | null | undefined
        let failed = false

        const enqueue = (part: LanguageModelV4StreamPart) => controller.enqueue(part)
        const endOnce = () => {
          if (ended) return false
          ended = true
          call.dispose()
          return true
        }
        /** Ends the stream with an error part, as providers report theirs; a Stop stays an abort. */
        const fail = (error: unknown) => {
          if (!endOnce()) return
          res.destroy()
          if (options.abortSignal?.aborted) controller.error(options.abortSignal.reason ?? error)
          else {
            enqueue({ type: 'error', error })
            controller.close()
          }
        }
        // "<think>…</think>" at the start of the content is reasoning (think-tags.ts).
        const thinkTags = createThinkSplitter()
        // Tool calls stream as pieces by index; each is whole once the stream ends.
        const toolCalls = createToolCallCollector()
        // At most one part is open: text and reasoning alternate, each closed before the next.
        let open: 'text' | 'reasoning' | undefined
        const closeOpenPart = () => {
          if (open) enqueue({ type: `${open}-end`, id: PART_ID[open] })
          open = undefined
        }
        const delta = (kind: 'text' | 'reasoning', delta: string) => {
          if (open !== kind) {
            closeOpenPart()
            enqueue({ type: `${kind}-start`, id: PART_ID[kind] })
            open = kind
          }
          enqueue({ type: `${kind}-delta`, id: PART_ID[kind], delta })
        }

        const parser = createSseDataParser((data) => {
          if (ended || data === '[DONE]') return
          let chunk: ChatChunk
          try {
            chunk = JSON.parse(data) as ChatChunk
          } catch (cause) {
            failed = true
            enqueue({ type: 'error', error: new JSONParseError({ text: data, cause }) })
            return
          }
          if (chunk.error) {
            failed = true
            const { message, type, code } = chunk.error
            enqueue({
              type: 'error',
              error: new StreamProviderError({ message: typeof message === 'string' ? message : 'The provider reported an error', type: stringOr(type), code: code == null ? undefined : String(code), data: chunk }),
            })
            return
          }
          if (chunk.usage) usage = chunk.usage
          const choice = chunk.choices?.[0]
          if (choice?.finish_reason) rawFinishReason = choice.finish_reason
          const change = choice?.delta
          if (!change) return
          const thinking = stringOr(change.reasoning_content) ?? stringOr(change.reasoning)
          if (thinking) delta('reasoning', thinking)
          for (const part of contentParts(change.content)) {
            if (part.type === 'reasoning') delta('reasoning', part.text)
            else for (const piece of thinkTags.push(part.text)) delta(piece.type, piece.text)
          }
          const refusal = stringOr(change.refusal)
          if (refusal) {
            refused = true
            delta('text', refusal)
          }
          const toolEvents = toolCalls.push(change.tool_calls)
          for (const event of toolEvents) {
            if (event.kind === 'start') enqueue({ type: 'tool-input-start', id: event.id, toolName: event.name })
            else enqueue({ type: 'tool-input-delta', id: event.id, delta: event.text })
          }
          // The first content stops the first-token clock; from then on, silence is measured.
          if (open || toolEvents.length > 0) call.arm('idle', idleMs)
        })

        const stream = new ReadableStream<LanguageModelV4StreamPart>({
          start(c) {
            controller = c
            enqueue({ type: 'stream-start', warnings })
          },
          cancel() {
            endOnce()
            res.destroy()
          },
        })

        call.onTimeout((error) => fail(error))
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => parser.push(chunk))
        res.once('end', () => {
          parser.end()
          if (!endOnce()) return
          for (const piece of thinkTags.end()) delta(piece.type, piece.text)
          closeOpenPart()
          for (const done of toolCalls.finished()) {
            enqueue({ type: 'tool-input-end', id: done.id })
            enqueue({ type: 'tool-call', toolCallId: done.id, toolName: done.name, input: done.args || '{}' })
          }
          let finishReason: LanguageModelV4FinishReason
          if (rawFinishReason) finishReason = finishReasonOf(rawFinishReason, refused)
          else {
            finishReason = { unified: 'error', raw: undefined }
            if (!failed) enqueue({ type: 'error', error: new InvalidResponseDataError({ data: undefined, message: 'Response stream ended without a finish reason.' }) })
          }
          enqueue({ type: 'finish', finishReason, usage: usageOf(usage) })
          controller.close()
        })
        // A reset, a cut connection or our own abort: whichever explains it best.
        res.once('error', (error) => fail(call.timedOut ?? error))
        res.once('close', () => {
          if (!ended) fail(call.timedOut ?? Object.assign(new Error('The connection closed before the answer ended'), { code: 'ECONNRESET' }))
        })
        return { stream, request: { body }, response: { headers: headersOf(res) } }
      },
    }
  }
}


function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return headers
}

/** The body as text, up to `limit` bytes: beyond it, the rest is dropped (`truncate`) or refused. */
function readBody(res: IncomingMessage, limit: number, truncate: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    res.on('data', (chunk: Buffer) => {
      if (size >= limit) return
      size += chunk.length
      chunks.push(chunk)
      if (size >= limit) {
        if (truncate) {
          res.destroy()
          resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8'))
        } else {
          res.destroy()
          reject(new InvalidResponseDataError({ data: undefined, message: `The response is larger than ${limit} bytes.` }))
        }
      }
    })
    res.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    res.once('error', reject)
    res.once('close', () => {
      if (!res.complete && size < limit) reject(Object.assign(new Error('The connection closed before the response ended'), { code: 'ECONNRESET' }))
    })
  })
}
