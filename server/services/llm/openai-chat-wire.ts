// The Chat Completions wire format (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter): the
// request a call becomes, and what the response's chunks and messages mean as AI SDK parts,
// finish reasons and usage. No I/O here; openai-chat-model.ts sends and reads.
import {
  UnsupportedFunctionalityError,
  type LanguageModelV4CallOptions,
  type LanguageModelV4FinishReason,
  type LanguageModelV4Prompt,
  type LanguageModelV4ToolResultOutput,
  type LanguageModelV4Usage,
  type SharedV4Warning,
} from '@ai-sdk/provider'

/** A streamed tool call's piece: the first names it, the rest add to its arguments (JSON text). */
export type ToolCallDelta = { index?: unknown; id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } | null }

export type ChatChunk = {
  error?: { message?: unknown; type?: unknown; code?: unknown }
  choices?: Array<{
    delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; refusal?: unknown; tool_calls?: unknown } | null
    message?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; refusal?: unknown; tool_calls?: unknown } | null
    finish_reason?: string | null
  }>
  usage?: OpenAIUsage | null
}

/** The ids the AI SDK's own OpenAI-compatible provider gives these parts. */
export const PART_ID = { text: 'txt-0', reasoning: 'reasoning-0' } as const

export type OpenAIUsage = {
  prompt_tokens?: number | null
  completion_tokens?: number | null
  prompt_tokens_details?: { cached_tokens?: number | null } | null
  completion_tokens_details?: { reasoning_tokens?: number | null } | null
}

/** The Chat Completions request for a call (function tools included; structured output is not used by a chat). */
export function requestBody(modelId: string, options: LanguageModelV4CallOptions, stream: boolean): { body: string; warnings: SharedV4Warning[] } {
  const warnings: SharedV4Warning[] = []
  if (options.topK != null) warnings.push({ type: 'unsupported', feature: 'topK' })
  const tools = (options.tools ?? []).flatMap((tool) =>
    tool.type === 'function' ? [{ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }] : [],
  )
  const body = JSON.stringify({
    model: modelId,
    messages: toMessages(options.prompt),
    max_tokens: options.maxOutputTokens,
    temperature: options.temperature,
    top_p: options.topP,
    frequency_penalty: options.frequencyPenalty,
    presence_penalty: options.presencePenalty,
    stop: options.stopSequences,
    seed: options.seed,
    ...(options.responseFormat?.type === 'json' ? { response_format: { type: 'json_object' } } : {}),
    ...(tools.length > 0 ? { tools, tool_choice: toolChoiceOf(options.toolChoice) } : {}),
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  })
  return { body, warnings }
}

function toolChoiceOf(choice: LanguageModelV4CallOptions['toolChoice']): unknown {
  if (!choice || choice.type === 'auto') return 'auto'
  if (choice.type === 'none' || choice.type === 'required') return choice.type
  return { type: 'function', function: { name: choice.toolName } }
}

type WireContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }
type WireMessage =
  | { role: string; content: string | null; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> }
  | { role: 'user'; content: WireContentPart[] }
  | { role: 'tool'; tool_call_id: string; content: string }

/** A file part's bytes as a data: URL (files always arrive as bytes: files-for-model.ts). */
function dataUrlOf(part: Extract<LanguageModelV4Prompt[number], { role: 'user' }>['content'][number] & { type: 'file' }): string | null {
  const data = part.data as unknown
  const inline = data && typeof data === 'object' && 'type' in data ? (data as { type: string; data?: unknown; url?: unknown }) : { type: 'data', data }
  if (inline.type === 'url') return String(inline.url).startsWith('data:') ? String(inline.url) : null
  const bytes = inline.data
  const base64 = typeof bytes === 'string' ? bytes : bytes instanceof Uint8Array ? Buffer.from(bytes).toString('base64') : null
  return base64 === null ? null : `data:${part.mediaType};base64,${base64}`
}

/**
 * A user message: its text, and images as image_url parts (OpenAI's vision format, which vLLM,
 * Ollama and llama.cpp take too). Other files get a line saying so: a PDF's text is not read on
 * this path yet, and a server that does not know a part type would fail the whole answer.
 */
function userMessage(message: Extract<LanguageModelV4Prompt[number], { role: 'user' }>): WireMessage {
  const parts: WireContentPart[] = []
  for (const part of message.content) {
    if (part.type === 'text') parts.push({ type: 'text', text: part.text })
    else if (part.type === 'file' && part.mediaType.startsWith('image/') && dataUrlOf(part)) parts.push({ type: 'image_url', image_url: { url: dataUrlOf(part)! } })
    else if (part.type === 'file') parts.push({ type: 'text', text: `[Attached: “${part.filename ?? 'a file'}” (${part.mediaType}); its content cannot be given to this model yet.]` })
  }
  if (parts.every((part) => part.type === 'text')) return { role: 'user', content: parts.map((part) => (part as { text: string }).text).join('\n\n') }
  return { role: 'user', content: parts }
}

function toMessages(prompt: LanguageModelV4Prompt): WireMessage[] {
  return prompt.flatMap((message): WireMessage[] => {
    switch (message.role) {
      case 'system':
        return [{ role: 'system', content: message.content }]
      case 'user':
        return [userMessage(message)]
      case 'assistant': {
        let content = ''
        const calls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> = []
        for (const part of message.content) {
          if (part.type === 'text') content += part.text
          else if (part.type === 'reasoning') continue // the model's own thinking is not sent back
          else if (part.type === 'tool-call' && message.role === 'assistant') {
            calls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}) } })
          } else throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts in ${message.role} messages` })
        }
        // An assistant turn that only called tools has no content (null, as OpenAI sends it).
        return [calls.length > 0 ? { role: 'assistant', content: content || null, tool_calls: calls } : { role: message.role, content }]
      }
      case 'tool':
        return message.content.flatMap((part) => (part.type === 'tool-result' ? [{ role: 'tool' as const, tool_call_id: part.toolCallId, content: toolResultText(part.output) }] : []))
      default:
        throw new UnsupportedFunctionalityError({ functionality: `${(message as { role: string }).role} messages` })
    }
  })
}

/** A tool's result as the `content` of a tool message (always a string on this wire). */
function toolResultText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value)
    case 'execution-denied':
      return `The user denied this tool call${output.reason ? `: ${output.reason}` : '.'}`
    case 'content':
      return output.value.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n')
    default:
      return ''
  }
}

/** Streamed tool calls, by their index: named by the first delta, arguments added by the rest. */
export function createToolCallCollector() {
  const calls: Array<{ id: string; name: string; args: string }> = []
  return {
    /** The calls each delta starts, and the arguments it adds to which call. */
    push(deltas: unknown): Array<{ kind: 'start'; id: string; name: string } | { kind: 'args'; id: string; text: string }> {
      const events: Array<{ kind: 'start'; id: string; name: string } | { kind: 'args'; id: string; text: string }> = []
      if (!Array.isArray(deltas)) return events
      for (const delta of deltas as ToolCallDelta[]) {
        const index = typeof delta?.index === 'number' ? delta.index : calls.length === 0 ? 0 : calls.length - 1
        let call = calls[index]
        const name = stringOr(delta?.function?.name)
        if (!call) {
          // Some servers leave the id out: one is made up, stable within the answer's step.
          call = { id: stringOr(delta?.id) ?? `call_${index}`, name: name ?? '', args: '' }
          calls[index] = call
          if (call.name) events.push({ kind: 'start', id: call.id, name: call.name })
        } else if (name && !call.name) {
          call.name = name
          events.push({ kind: 'start', id: call.id, name })
          if (call.args) events.push({ kind: 'args', id: call.id, text: call.args })
        }
        const args = delta?.function?.arguments
        // Arguments are JSON text; a server that sends the object itself gets it written out.
        const text = typeof args === 'string' ? args : args != null && typeof args === 'object' ? JSON.stringify(args) : ''
        if (text) {
          call.args += text
          if (call.name) events.push({ kind: 'args', id: call.id, text })
        }
      }
      return events
    },
    /** Every call, complete. */
    finished: () => calls.filter((call) => call && call.name),
  }
}

/** Text and reasoning from a `content` that is a string or (Mistral and others) an array of parts. */
export function contentParts(content: unknown): Array<{ type: 'text' | 'reasoning'; text: string }> {
  if (typeof content === 'string') return content ? [{ type: 'text', text: content }] : []
  if (!Array.isArray(content)) return []
  const parts: Array<{ type: 'text' | 'reasoning'; text: string }> = []
  for (const part of content as Array<{ type?: unknown; text?: unknown; thinking?: unknown }>) {
    if (part?.type === 'text' && typeof part.text === 'string' && part.text) parts.push({ type: 'text', text: part.text })
    else if (part?.type === 'thinking' && Array.isArray(part.thinking)) {
      const thought = (part.thinking as Array<{ type?: unknown; text?: unknown }>)
        .filter((chunk) => chunk?.type === 'text' && typeof chunk.text === 'string')
        .map((chunk) => chunk.text)
        .join('')
      if (thought) parts.push({ type: 'reasoning', text: thought })
    }
  }
  return parts
}

export function finishReasonOf(raw: string | null | undefined, refused: boolean): LanguageModelV4FinishReason {
  const unified =
    raw === 'stop' ? (refused ? 'content-filter' : 'stop')
    : raw === 'length' ? 'length'
    : raw === 'content_filter' ? 'content-filter'
    : raw === 'tool_calls' || raw === 'function_call' ? 'tool-calls'
    : 'other'
  return { unified, raw: raw ?? undefined }
}

export function usageOf(usage: OpenAIUsage | null | undefined): LanguageModelV4Usage {
  if (!usage) {
    return { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } }
  }
  const input = usage.prompt_tokens ?? 0
  const output = usage.completion_tokens ?? 0
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0
  const thinking = usage.completion_tokens_details?.reasoning_tokens ?? 0
  return {
    inputTokens: { total: input, noCache: input - cached, cacheRead: cached, cacheWrite: undefined },
    outputTokens: { total: output, text: Math.max(0, output - thinking), reasoning: thinking },
    raw: usage,
  }
}

export const stringOr = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined)
