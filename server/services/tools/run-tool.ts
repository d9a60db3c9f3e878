// One tool call, made safe: its input parsed and checked against the tool's JSON schema, a time
// limit, the output capped before it reaches the model, and every failure turned into an error
// result the model can react to (never a failed answer).
import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider'
import Schema from 'typebox/schema'
import type { ChatTool } from './tool-types.ts'
import { ToolError } from './tool-types.ts'
import { deadline } from '../deadline.ts'

export interface ToolLimits {
  timeoutMs: number
  /** The output the model gets (as JSON text) is cut at this many bytes, with a note. */
  maxOutputBytes: number
}

export type ToolRun =
  | { ok: true; output: unknown; forModel: LanguageModelV4ToolResultOutput }
  | { ok: false; errorText: string; forModel: LanguageModelV4ToolResultOutput }

/** 32 KB: enough for any weather report or search page, small enough for every model's context. */
export const DEFAULT_TOOL_OUTPUT_BYTES = 32 * 1024

/** The input as the model wrote it (JSON text), or why it is not usable. */
export function parseToolInput(raw: string): { ok: true; input: unknown } | { ok: false; errorText: string } {
  if (raw.trim() === '') return { ok: true, input: {} }
  try {
    return { ok: true, input: JSON.parse(raw) }
  } catch {
    return { ok: false, errorText: `The input is not valid JSON: ${excerpt(raw, 120)}` }
  }
}

/** Why an input does not fit the tool's schema, in one line; undefined when it fits. */
export function inputProblem(tool: ChatTool, input: unknown): string | undefined {
  const [valid, errors] = Schema.Errors(tool.inputSchema as never, input)
  if (valid) return undefined
  // "schema is false" repeats what additionalProperties says better.
  const described = errors.filter((error) => error.keyword !== 'boolean').slice(0, 3).map((error) => `${error.instancePath || '(the input)'} ${error.message}`)
  return `Invalid input for ${tool.name}: ${described.join('; ')}`
}

export async function runTool(tool: ChatTool, input: unknown, signal: AbortSignal, limits: ToolLimits): Promise<ToolRun> {
  const problem = inputProblem(tool, input)
  if (problem) return failed(problem)
  const limit = deadline(signal, limits.timeoutMs, () => new Error('tool time limit'))
  try {
    const output = await abortable(tool.execute(input, { signal: limit.signal }), limit.signal)
    return capped(output, limits.maxOutputBytes)
  } catch (error) {
    if (signal.aborted) throw signal.reason
    if (limit.passed) return failed(`${tool.label} did not answer within ${formatSeconds(limits.timeoutMs)}.`)
    if (error instanceof ToolError) return failed(error.message)
    // A tool's own words when it has any (MCP servers word theirs for the model); never a stack.
    const message = error instanceof Error && error.message ? error.message : String(error)
    return failed(`${tool.label} failed: ${excerpt(message, 300)}`)
  } finally {
    limit.clear()
  }
}

export function failed(errorText: string): ToolRun {
  return { ok: false, errorText, forModel: { type: 'error-text', value: errorText } }
}

/** The output as the model gets it: JSON, or its text cut at the cap with a note saying so. */
function capped(output: unknown, maxBytes: number): ToolRun {
  const json = JSON.stringify(output ?? null)
  const size = Buffer.byteLength(json)
  if (size <= maxBytes) return { ok: true, output: output ?? null, forModel: { type: 'json', value: (output ?? null) as never } }
  const cut = Buffer.from(json).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '')
  const note = `[The output was cut: it had ${formatBytes(size)}, the limit is ${formatBytes(maxBytes)}.]`
  const text = `${cut}\n${note}`
  return { ok: true, output: { truncated: true, text }, forModel: { type: 'text', value: text } }
}

/** Settles as soon as the signal aborts, even if the tool ignores it. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`)
const formatBytes = (bytes: number) => (bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`)

function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
