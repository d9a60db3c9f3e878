// The Chat Completions wire format (OpenAI, Ollama, vLLM, llama.cpp, LM Studio, OpenRouter): the
// request a call becomes, and what the response's chunks and messages mean as AI SDK parts,
// finish reasons and usage. No I/O here; openai-chat-model.ts sends and reads.
import {
  UnsupportedFunctionalityError,
  type LanguageModelV4CallOptions,
  type LanguageModelV4FinishReason,
  type LanguageModelV4Prompt,
  type LanguageModelV4Usage,
  type SharedV4Warning,
} from '@ai-sdk/provider'

export type ChatChunk = {
  error?: { message?: unknown; type?: unknown; code?: unknown }
  choices?: Array<{
    delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; refusal?: unknown } | null
    message?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown; refusal?: unknown } | null
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

/** The Chat Completions request for a call; tools and structured output are not used by a chat. */
export function requestBody(modelId: string, options: LanguageModelV4CallOptions, stream: boolean): { body: string; warnings: SharedV4Warning[] } {
  const warnings: SharedV4Warning[] = []
  if (options.tools?.length) warnings.push({ type: 'unsupported', feature: 'tools' })
  if (options.topK != null) warnings.push({ type: 'unsupported', feature: 'topK' })
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
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  })
  return { body, warnings }
}

function toMessages(prompt: LanguageModelV4Prompt): Array<{ role: string; content: string }> {
  return prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content }
      case 'user':
      case 'assistant': {
        let content = ''
        for (const part of message.content) {
          if (part.type === 'text') content += part.text
          else if (part.type === 'reasoning') continue // the model's own thinking is not sent back
          else throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts in ${message.role} messages` })
        }
        return { role: message.role, content }
      }
      default:
        throw new UnsupportedFunctionalityError({ functionality: `${message.role} messages` })
    }
  })
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
