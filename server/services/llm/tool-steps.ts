// The tool side of an answer's steps (relay.ts runs the loop): turns the model's tool calls into
// UI message chunks and stored tool parts, runs them side by side (run-tool.ts: schema, time limit,
// output cap), and writes the step back into the prompt — the assistant's calls and the tools'
// results — for the next model call. Stored parts are the AI SDK's: `tool-<name>` for our tools,
// `dynamic-tool` (with its toolName) for MCP tools and for names no tool has.
import type { LanguageModelV4Message, LanguageModelV4StreamPart, SharedV4ProviderMetadata } from '@ai-sdk/provider'
import type { UIMessageChunk } from 'ai'
import { randomUUID } from 'node:crypto'
import type { ApprovalDecision } from '../answers/answer-runs.ts'
import type { AnswerDraft } from '../answers/answer-checkpoints.ts'
import { failed, parseToolInput, runTool, type ToolLimits, type ToolRun } from '../tools/run-tool.ts'
import { deadline } from '../deadline.ts'
import type { ChatTool, CitedSource } from '../tools/tool-types.ts'

export interface StoredToolPart {
  type: `tool-${string}` | 'dynamic-tool'
  /** dynamic-tool only: the name (a `tool-<name>` part carries it in its type). */
  toolName?: string
  toolCallId: string
  state: 'input-streaming' | 'input-available' | 'approval-requested' | 'approval-responded' | 'output-available' | 'output-error' | 'output-denied'
  /** A call that needed the user's approval: its id, then the decision. */
  approval?: { id: string; approved?: boolean; reason?: string }
  /** The tool's name in words, for the card. */
  title?: string
  input?: unknown
  /** While the input streams: its JSON text so far. */
  rawInput?: string
  output?: unknown
  errorText?: string
}

/** A source the answer cites as [n] (sourceId is n). */
export interface StoredSourcePart {
  type: 'source-url'
  sourceId: string
  url: string
  title: string
}

interface Call {
  id: string
  toolName: string
  tool: ChatTool | undefined
  part: StoredToolPart
  input: unknown
  /**
   * What the provider attached to the call (Gemini's thought signature): it must go back with the
   * call in the next request, or the provider refuses it.
   */
  providerOptions?: SharedV4ProviderMetadata
  /** Known before running: the input could not be used (or the tool does not exist). */
  result?: ToolRun
  /** The UI has been told of that failure already (tool-input-error). */
  told?: boolean
}

/**
 * A model that streams megabytes of tool input is not going to call anything useful; a tool that
 * takes more (an artifact's whole content) says how much (ChatTool.maxInputChars).
 */
const MAX_RAW_INPUT = 64 * 1024

export interface StepToolsOptions {
  tools: readonly ChatTool[]
  /** The answer's stored parts: tool parts are added here, in order with the text. */
  parts: unknown[]
  draft: AnswerDraft
  signal: AbortSignal
  maxSteps: number
  limits: ToolLimits
  /** Waits for the user's decision on a call that needs approval; without it such calls are denied. */
  awaitApproval?: (approvalId: string, signal: AbortSignal) => Promise<ApprovalDecision>
}

/** The user has this long to approve a call; then it counts as denied and the answer goes on. */
export const APPROVAL_TIMEOUT_MS = 10 * 60_000

export function createStepTools(options: StepToolsOptions) {
  const { parts, draft, signal, maxSteps, limits } = options

  /** The user's decision, or a denial when nobody can decide or nobody did in time. */
  async function waitForDecision(approvalId: string): Promise<ApprovalDecision> {
    if (!options.awaitApproval) return { approved: false, reason: 'Nobody could approve this call.' }
    const limit = deadline(signal, APPROVAL_TIMEOUT_MS, () => new Error('approval timed out'))
    try {
      return await options.awaitApproval(approvalId, limit.signal)
    } catch (error) {
      if (signal.aborted) throw error
      return { approved: false, reason: `No answer from the user within ${APPROVAL_TIMEOUT_MS / 60_000} minutes.` }
    } finally {
      limit.clear()
    }
  }
  const byName = new Map(options.tools.map((tool) => [tool.name, tool]))
  const inputLimit = (toolName: string) => byName.get(toolName)?.maxInputChars ?? MAX_RAW_INPUT
  const usedIds = new Set<string>()
  let step = 1
  let calls: Call[] = []
  /** The provider's call ids of this step → ours (unique in the answer). */
  let ids = new Map<string, string>()
  /** This step's text and reasoning, for the assistant message of the next prompt. */
  let content: Array<{ part: { type: 'text' | 'reasoning'; text: string }; providerOptions?: SharedV4ProviderMetadata }> = []
  const pendingParts = new Map<string, StoredToolPart>()

  /** Providers number calls per response ("call_0"): a second step may reuse an id. */
  function ourId(providerId: string): string {
    let id = String(providerId || 'call').slice(0, 100)
    if (usedIds.has(id)) id = `${id}-s${step}`
    for (let n = 2; usedIds.has(id); n++) id = `${id}-${n}`
    usedIds.add(id)
    ids.set(providerId, id)
    return id
  }

  function newPart(id: string, toolName: string): StoredToolPart {
    const tool = byName.get(toolName)
    const part: StoredToolPart = tool && !tool.dynamic ? { type: `tool-${toolName}`, toolCallId: id, state: 'input-streaming' } : { type: 'dynamic-tool', toolName, toolCallId: id, state: 'input-streaming' }
    if (tool) part.title = tool.label
    parts.push(part)
    draft.version++
    return part
  }

  const dynamicOf = (part: StoredToolPart) => (part.type === 'dynamic-tool' ? { dynamic: true } : {})

  /** Sources cited in this answer, by address: their numbers go on across searches. */
  const sourceNumbers = new Map<string, number>()
  const numberFor = (url: string) => {
    let n = sourceNumbers.get(url)
    if (n === undefined) sourceNumbers.set(url, (n = sourceNumbers.size + 1))
    return n
  }

  /** The call's result as chunks: its output or error, then any sources it brought (source-url). */
  function settle(call: Call, run: ToolRun): UIMessageChunk[] {
    const { part } = call
    draft.version++
    // The browser had the whole input as it streamed; the stored part keeps what the tool says it needs.
    if (call.tool?.storedInput) part.input = call.tool.storedInput(call.input)
    const chunks: UIMessageChunk[] = []
    if (run.ok) {
      let sources: CitedSource[] = []
      if (call.tool?.cite && !(run.output as { truncated?: boolean } | null)?.truncated) {
        const known = new Set(sourceNumbers.keys())
        const cited = call.tool.cite(run.output, numberFor)
        run = { ok: true, output: cited.output, forModel: { type: 'json', value: cited.output as never } }
        sources = cited.sources.filter((source) => !known.has(source.url))
      }
      part.state = 'output-available'
      part.output = run.output
      chunks.push({ type: 'tool-output-available', toolCallId: call.id, output: run.output, ...dynamicOf(part) })
      for (const source of sources) {
        const stored: StoredSourcePart = { type: 'source-url', sourceId: String(source.n), url: source.url, title: source.title }
        parts.push(stored)
        chunks.push(stored)
      }
    } else {
      part.state = 'output-error'
      part.errorText = run.errorText
      chunks.push({ type: 'tool-output-error', toolCallId: call.id, errorText: run.errorText, ...dynamicOf(part) })
    }
    call.result = run
    return chunks
  }

  return {
    beginStep(n: number) {
      step = n
      calls = []
      ids = new Map()
      content = []
      pendingParts.clear()
    },

    /** A text or reasoning part of this step (the provider's metadata goes back with it: Anthropic's thinking signature). */
    noteContent(part: { type: 'text' | 'reasoning'; text: string }, providerMetadata?: SharedV4ProviderMetadata) {
      let entry = content.find((candidate) => candidate.part === part)
      if (!entry) content.push((entry = { part }))
      if (providerMetadata) {
        const merged: SharedV4ProviderMetadata = { ...entry.providerOptions }
        for (const [provider, values] of Object.entries(providerMetadata)) merged[provider] = { ...merged[provider], ...values }
        entry.providerOptions = merged
      }
    },

    *fromModel(part: Extract<LanguageModelV4StreamPart, { type: 'tool-input-start' | 'tool-input-delta' | 'tool-call' }>): Generator<UIMessageChunk> {
      if (part.type === 'tool-input-start') {
        const toolName = cleanName(part.toolName)
        const id = ourId(part.id)
        const stored = newPart(id, toolName)
        stored.rawInput = ''
        pendingParts.set(id, stored)
        yield { type: 'tool-input-start', toolCallId: id, toolName, ...dynamicOf(stored), ...(stored.title ? { title: stored.title } : {}) }
        return
      }
      if (part.type === 'tool-input-delta') {
        const id = ids.get(part.id)
        const stored = id ? pendingParts.get(id) : undefined
        if (!id || !stored || (stored.rawInput ?? '').length >= inputLimit(stored.toolName ?? stored.type.slice('tool-'.length))) return
        stored.rawInput += part.delta
        draft.version++
        yield { type: 'tool-input-delta', toolCallId: id, inputTextDelta: part.delta }
        return
      }
      // tool-call: the whole input.
      const toolName = cleanName(part.toolName)
      const known = ids.get(part.toolCallId)
      const id = known && pendingParts.has(known) ? known : ourId(part.toolCallId)
      const stored = pendingParts.get(id) ?? newPart(id, toolName)
      pendingParts.delete(id)
      delete stored.rawInput
      const tool = byName.get(toolName)
      const parsed = parseToolInput(part.input)
      const call: Call = { id, toolName, tool, part: stored, input: parsed.ok ? parsed.input : {}, ...(part.providerMetadata ? { providerOptions: part.providerMetadata } : {}) }
      calls.push(call)
      draft.version++
      const tooLong = part.input.length > inputLimit(toolName)
      const problem = !tool
        ? `There is no tool called “${toolName}”. ${byName.size > 0 ? `The tools are: ${[...byName.keys()].join(', ')}.` : 'No tools are available.'}`
        : tooLong
          ? `The input of ${toolName} has ${part.input.length.toLocaleString('en-US')} characters; it takes at most ${inputLimit(toolName).toLocaleString('en-US')}.`
          : !parsed.ok
            ? parsed.errorText
            : undefined
      if (problem) {
        call.result = failed(problem)
        call.told = true
        stored.state = 'output-error'
        stored.errorText = problem
        // Too long to keep as it is: the card shows the error, not megabytes of input.
        stored.input = tooLong ? {} : parsed.ok ? parsed.input : part.input
        yield { type: 'tool-input-error', toolCallId: id, toolName, input: stored.input, errorText: problem, ...dynamicOf(stored) }
        return
      }
      stored.state = 'input-available'
      stored.input = call.input
      yield { type: 'tool-input-available', toolCallId: id, toolName, input: call.input, ...dynamicOf(stored), ...(stored.title ? { title: stored.title } : {}) }
    },

    hasCalls: () => calls.length > 0,

    /**
     * Runs this step's calls side by side; each result is sent as soon as it is there. A call that
     * needs approval first asks the user (tool-approval-request) and waits; a denial goes back to
     * the model as such.
     */
    async *runCalls(): AsyncGenerator<UIMessageChunk> {
      type Event = { kind: 'decided'; call: Call; decision: ApprovalDecision } | { kind: 'done'; call: Call; run: ToolRun }
      const pending = new Map<string, Promise<Event>>()
      const start = (call: Call) => pending.set(call.id, runTool(call.tool!, call.input, signal, limits).then((run) => ({ kind: 'done', call, run })))
      for (const call of calls) {
        if (call.result) continue
        if (step >= maxSteps) {
          yield* settle(call, failed(`Not run: this answer reached its limit of ${maxSteps} model steps (AI_MAX_STEPS).`))
          continue
        }
        if (!call.tool!.needsApproval) {
          start(call)
          continue
        }
        const approvalId = randomUUID()
        call.part.state = 'approval-requested'
        call.part.approval = { id: approvalId }
        draft.version++
        yield { type: 'tool-approval-request', approvalId, toolCallId: call.id }
        pending.set(call.id, waitForDecision(approvalId).then((decision) => ({ kind: 'decided', call, decision })))
      }
      // A Stop rejects every one of them; the first rejection ends the loop, the rest are handled.
      const quiet = () => {
        for (const promise of pending.values()) promise.catch(() => {})
      }
      quiet()
      while (pending.size > 0) {
        const event = await Promise.race(pending.values())
        pending.delete(event.call.id)
        if (event.kind === 'done') {
          yield* settle(event.call, event.run)
          continue
        }
        const { call, decision } = event
        call.part.approval = { id: call.part.approval!.id, approved: decision.approved, ...(decision.reason ? { reason: decision.reason } : {}) }
        draft.version++
        yield { type: 'tool-approval-response', approvalId: call.part.approval.id, approved: decision.approved, ...(decision.reason ? { reason: decision.reason } : {}) }
        if (decision.approved) {
          call.part.state = 'approval-responded'
          start(call)
          quiet()
        } else {
          const reason = decision.reason ?? 'The user denied this tool call.'
          call.part.state = 'output-denied'
          call.result = { ok: false, errorText: reason, forModel: { type: 'execution-denied', reason } }
          yield { type: 'tool-output-denied', toolCallId: call.id }
        }
      }
    },

    /** The step as the next model call sees it: what the assistant said and called, then the results. */
    stepMessages(): LanguageModelV4Message[] {
      const said = content
        .filter(({ part }) => part.text !== '')
        .map(({ part, providerOptions }) => ({ type: part.type, text: part.text, ...(providerOptions ? { providerOptions } : {}) }))
      return [
        { role: 'assistant', content: [...said, ...calls.map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.toolName, input: call.input, ...(call.providerOptions ? { providerOptions: call.providerOptions } : {}) }))] },
        { role: 'tool', content: calls.map((call) => ({ type: 'tool-result' as const, toolCallId: call.id, toolName: call.toolName, output: call.result!.forModel })) },
      ]
    },

    /** After the answer ended: a call still waiting or running did not finish, and says why. */
    settleUnfinished(status: 'complete' | 'partial' | 'interrupted' | 'error') {
      const why = status === 'partial' ? 'Stopped before it finished.' : status === 'interrupted' ? 'Interrupted before it finished.' : 'Not run: the answer ended first.'
      for (const part of parts as StoredToolPart[]) {
        if ((part.type === 'dynamic-tool' || part.type?.startsWith?.('tool-')) && ['input-streaming', 'input-available', 'approval-requested', 'approval-responded'].includes(part.state)) {
          part.state = 'output-error'
          part.errorText = why
          delete part.rawInput
        }
      }
    },
  }
}

/** A tool name as the model gave it, safe to store and show. */
function cleanName(name: unknown): string {
  const cleaned = String(name ?? '').replace(/[^\w.-]/g, '_').slice(0, 64)
  return cleaned || 'unnamed'
}
