// The built-in offline model: a real AI SDK language model that needs no provider, so
// a fresh clone chats out of the box and tests have a deterministic double. Its answer is built
// from the prompt alone (same prompt, same answer), in Markdown, streamed word by word.
import { setTimeout as sleep } from 'node:timers/promises'
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from '@ai-sdk/provider'
import { CONTINUE_PROMPT, DANGLING_WORD, isTitleRequest, TITLE_MAX_WORDS } from './prompts.ts'
import { offlineToolAnswer, offlineToolCalls, type PlannedCall } from './offline-tools.ts'
import { splitAttachments, type AttachedFile } from './offline-files.ts'
import { countWords, excerpt, markdownAnswer, plural } from './offline-markdown.ts'
import { readArtifactsSection, withoutArtifactsSection } from '../artifacts/artifact-prompt.ts'

export { CONNECT_MODEL_HINT } from './offline-markdown.ts'

export const OFFLINE_MODEL_ID = 'offline'
export const OFFLINE_PROVIDER = 'offline'

export interface OfflineModelOptions {
  /** Pause before each streamed word; 0 streams everything at once. */
  tokenDelayMs: number
}

const TEXT_ID = 'text-0'
const REASONING_ID = 'reasoning-0'

export function createOfflineModel(options: OfflineModelOptions): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: OFFLINE_PROVIDER,
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      call.abortSignal?.throwIfAborted()
      const { thoughts, tokens, calls, finishReason, usage } = plan(call)
      return {
        content: [
          ...(thoughts.length > 0 ? [{ type: 'reasoning' as const, text: thoughts.join('') }] : []),
          ...(calls.length === 0 ? [{ type: 'text' as const, text: tokens.join('') }] : []),
          ...calls.map((planned, index) => ({ type: 'tool-call' as const, toolCallId: `offline-call-${stepOf(call.prompt)}-${index + 1}`, toolName: planned.toolName, input: JSON.stringify(planned.input) })),
        ],
        finishReason,
        usage,
        response: { modelId: OFFLINE_MODEL_ID },
        warnings: [],
      }
    },

    async doStream(call: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      const signal = call.abortSignal
      signal?.throwIfAborted()
      const { thoughts, tokens, calls, finishReason, usage } = plan(call)
      // Reasoning first (when asked to think), then the answer or the tool calls; each word after a pause.
      const words: LanguageModelV4StreamPart[] = [
        ...(thoughts.length > 0
          ? [
              { type: 'reasoning-start', id: REASONING_ID } as const,
              ...thoughts.map((delta) => ({ type: 'reasoning-delta', id: REASONING_ID, delta }) as const),
              { type: 'reasoning-end', id: REASONING_ID } as const,
            ]
          : []),
        ...(calls.length === 0
          ? [{ type: 'text-start', id: TEXT_ID } as const, ...tokens.map((delta) => ({ type: 'text-delta', id: TEXT_ID, delta }) as const), { type: 'text-end', id: TEXT_ID } as const]
          : []),
        ...calls.flatMap((planned, index) => toolCallParts(planned, `offline-call-${stepOf(call.prompt)}-${index + 1}`)),
      ]
      let next = 0
      let onAbort: (() => void) | undefined
      const detach = () => onAbort && signal?.removeEventListener('abort', onAbort)

      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          // Stop at once, even while the consumer is not reading (a Stop during backpressure).
          onAbort = () => controller.error(signal!.reason)
          signal?.addEventListener('abort', onAbort, { once: true })
          controller.enqueue({ type: 'stream-start', warnings: [] })
          controller.enqueue({ type: 'response-metadata', modelId: OFFLINE_MODEL_ID })
        },
        async pull(controller) {
          if (next < words.length) {
            const part = words[next]!
            const previous = words[next - 1]
            const delay = 'delta' in part ? pause(options.tokenDelayMs, previous && 'delta' in previous ? previous.delta : undefined) : 0
            if (delay > 0) {
              try {
                await sleep(delay, undefined, { signal })
              } catch {
                return // aborted: onAbort has errored the stream
              }
            }
            if (signal?.aborted) return
            controller.enqueue(part)
            next += 1
            return
          }
          detach()
          controller.enqueue({ type: 'finish', finishReason, usage })
          controller.close()
        },
        cancel() {
          detach()
        },
      })
      return { stream }
    },
  }
}

/** A little longer after a line or a sentence, like a model that "thinks" between thoughts. */
function pause(delayMs: number, previous: string | undefined): number {
  if (delayMs === 0) return 0
  return previous !== undefined && /[.!?:\n]$/.test(previous) ? delayMs * 2 : delayMs
}

interface Plan {
  /** Reasoning words, when the message asks the model to think (else none). */
  thoughts: string[]
  tokens: string[]
  /** Tools it calls (instead of answering) when the message asks for what a tool on offer does. */
  calls: PlannedCall[]
  finishReason: LanguageModelV4FinishReason
  usage: LanguageModelV4Usage
}

/**
 * Asked to continue an answer it wrote (CONTINUE_PROMPT after it): the rest of the answer it would
 * have written, from where that one stopped. Null for any other prompt.
 */
function offlineContinuation(prompt: LanguageModelV4Prompt): string | null {
  const [written, request] = prompt.slice(-2)
  if (request?.role !== 'user' || written?.role !== 'assistant' || messageText(request).trim() !== CONTINUE_PROMPT) return null
  const before = messageText(written)
  const whole = offlineAnswer(prompt.slice(0, -2))
  return whole.startsWith(before) ? whole.slice(before.length) : whole
}

function plan(call: LanguageModelV4CallOptions): Plan {
  const rest = offlineContinuation(call.prompt)
  if (rest !== null) return finishPlan(call, [], splitTokens(rest), [])
  // Back from its tools: it answers from their results (and thinks no more).
  if (call.prompt.at(-1)?.role === 'tool') return finishPlan(call, [], splitTokens(offlineToolAnswer(call.prompt)), [])
  const offered = call.toolChoice?.type === 'none' ? [] : (call.tools ?? []).filter((tool) => tool.type === 'function').map((tool) => tool.name)
  const calls = offered.length > 0 ? offlineToolCalls(lastUserText(call.prompt), offered, readArtifactsSection(systemText(call.prompt))) : []
  const thoughts = splitTokens(offlineThoughts(call.prompt))
  return finishPlan(call, thoughts, calls.length > 0 ? [] : splitTokens(offlineAnswer(call.prompt)), calls)
}

function finishPlan(call: LanguageModelV4CallOptions, thoughts: string[], answer: string[], calls: PlannedCall[]): Plan {
  let tokens = answer
  let finishReason: LanguageModelV4FinishReason = calls.length > 0 ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' }
  if (call.maxOutputTokens !== undefined && tokens.length > call.maxOutputTokens) {
    tokens = tokens.slice(0, Math.max(0, call.maxOutputTokens))
    finishReason = { unified: 'length', raw: 'length' }
  }
  const input = countWords(call.prompt.map(messageText).join('\n'))
  return {
    thoughts,
    tokens,
    calls,
    finishReason,
    usage: {
      inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: tokens.length + thoughts.length, text: tokens.length, reasoning: thoughts.length },
    },
  }
}

/**
 * Pieces a tool's input streams in at most: a long input (an artifact's content) comes in larger
 * pieces, so 20 KB takes about as long as a short answer at the default pace, and still grows visibly.
 */
const MAX_INPUT_PIECES = 48

/** The stream parts of one tool call: its input streamed in pieces, then the call. */
function toolCallParts(planned: PlannedCall, id: string): LanguageModelV4StreamPart[] {
  const input = JSON.stringify(planned.input)
  const size = Math.max(24, Math.ceil(input.length / MAX_INPUT_PIECES))
  const pieces = input.match(new RegExp(`.{1,${size}}`, 'gs')) ?? []
  return [
    { type: 'tool-input-start', id, toolName: planned.toolName },
    ...pieces.map((delta) => ({ type: 'tool-input-delta', id, delta }) as const),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName: planned.toolName, input },
  ]
}

/** How many tool rounds this answer has had: call ids stay unique across its steps. */
function stepOf(prompt: LanguageModelV4Prompt): number {
  const lastUser = prompt.map((message) => message.role).lastIndexOf('user')
  return prompt.slice(lastUser + 1).filter((message) => message.role === 'tool').length + 1
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  return lastUserMessage(prompt).text.trim()
}

/** The last user message's own words (attached files apart) and its files. */
function lastUserMessage(prompt: LanguageModelV4Prompt): { text: string; files: AttachedFile[] } {
  const lastUser = prompt.filter((m) => m.role === 'user').at(-1)
  return lastUser?.role === 'user' ? splitAttachments(lastUser.content) : { text: '', files: [] }
}

/** Words with the whitespace before them, so the pieces join back into the exact text. */
export function splitTokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? []
}

function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt.filter((m) => m.role === 'system').map(messageText).join('\n')
}

function messageText(message: LanguageModelV4Prompt[number]): string {
  if (message.role === 'system') return message.content
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text
      if (part.type === 'file') return `[${part.filename ?? part.mediaType}]`
      return ''
    })
    .filter(Boolean)
    .join('\n')
}

const THINK_WORDS = /\b(think|thinking|reason|reasoning|step[- ]by[- ]step)\b/i

/**
 * What the model "thinks" before answering, when the message asks it to think or reason (never for a
 * title): a few sentences built from the message, the same every time.
 */
export function offlineThoughts(prompt: LanguageModelV4Prompt): string {
  const system = prompt.filter((m) => m.role === 'system').map(messageText).join('\n')
  const text = lastUserText(prompt)
  if (isTitleRequest(system) || !THINK_WORDS.test(text)) return ''
  return [
    `The question is “${excerpt(text, 80)}”, ${plural(countWords(text), 'word')} long.`,
    'I am the offline demo model, so my thinking follows a fixed pattern: read the message, note what stands out, then answer in a few short sections.',
    'A real model connected here would reason about the question itself.',
  ].join(' ')
}

/** The whole answer for a prompt: a title when the system prompt asks for one, else Markdown. */
export function offlineAnswer(prompt: LanguageModelV4Prompt): string {
  // The artifacts of the chat are not instructions of the user's: the demo does not quote them back.
  const system = withoutArtifactsSection(systemText(prompt))
  const userMessages = prompt.filter((m) => m.role === 'user')
  const { text, files } = lastUserMessage(prompt)
  if (isTitleRequest(system)) return offlineTitle(text.trim() || files.map((file) => file.name).join(', '))
  return markdownAnswer(text.trim(), userMessages.length, files, system)
}

/** A greeting, with whom it greets ("Hello there", not the "there" of "Hey there is a bug"). */
const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day))\b(?:\s+(?:there|everyone|all|folks|friends?|guys|team)\b(?!['’]|\s+(?:is|are|was|were)\b))?[\s,!.]*/i
/** Small talk: a question with no subject to name the chat after. */
const SMALL_TALK = /^(?:how are you(?: doing)?(?: today)?|how(?:'s| is) it going|how are things|what(?:'s| is) up)\s*[?!.]*$/i
/** Openings that say nothing about the subject ("Can you tell me about …"). */
const LEAD_IN =
  /^(?:think (?:step[- ]by[- ]step|carefully|hard)\s*[:,.]?\s+)?(?:(?:can|could|would|will) you\s+(?:please\s+)?|please\s+|i (?:want|need|would like) (?:you )?to\s+)?(?:(?:tell|teach|show) me (?:about|more about)\s+|explain(?: to me)?\s+|describe\s+)?/i

/**
 * What a model would call the chat: the subject of the first sentence as a short complete phrase
 * ("Tell me about the history of tea." is "The history of tea"); whole words, an ellipsis when cut.
 */
export function offlineTitle(message: string): string {
  const firstSentence = (message.replace(/[`*_#>"“”]+/g, ' ').replace(/\s+/g, ' ').trim().match(/^.*?(?:[.!?](?=\s|$)|$)/)?.[0] ?? '').trim()
  const afterGreeting = firstSentence.replace(GREETING, '')
  const withoutLeadIn = afterGreeting.replace(LEAD_IN, '')
  // "Hi!", "Hello there" and "Good morning, how are you?" are all lead-in: then the user's own words are the title.
  const subjectless = !/[\p{L}\p{N}]/u.test(withoutLeadIn) || SMALL_TALK.test(afterGreeting)
  const phrase = (subjectless ? firstSentence : withoutLeadIn).replace(/[.,:;!]+$/u, '').trim()
  if (!/[\p{L}\p{N}]/u.test(phrase)) return 'New chat'
  // Whole words, cut where a phrase may end (never on "in a…"), with an ellipsis.
  let words = phrase.split(' ')
  const cut = words.length > TITLE_MAX_WORDS
  if (cut) {
    words = words.slice(0, TITLE_MAX_WORDS)
    while (words.length > 1 && DANGLING_WORD.test(words.at(-1)!.replace(/[.,:;!?]+$/u, ''))) words = words.slice(0, -1)
  }
  const title = cut ? `${words.join(' ').replace(/[.,:;!?]+$/u, '')}…` : phrase
  return title.charAt(0).toUpperCase() + title.slice(1)
}
