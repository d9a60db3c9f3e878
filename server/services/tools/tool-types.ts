// What a tool is to the answer loop: a name the model calls it by, words for people, a
// JSON schema its input is checked against, and an execute that gets a signal (Stop and the time
// limit abort it). Built-in tools and MCP tools look the same from here.
import type { JSONSchema7 } from '@ai-sdk/provider'

export interface ChatTool {
  /** What the model calls it: `weather`, `chart`, `mcp__<server>__<tool>`. */
  name: string
  /** Its name in words, for the tool card and the Tools control ("Weather"). */
  label: string
  /** For the model: what it does and when to use it. */
  description: string
  inputSchema: JSONSchema7
  /** Where it comes from, for the Tools control: "Built-in" or the MCP server's name. */
  group: string
  /** MCP tools: stored as `dynamic-tool` parts (built-in ones as `tool-<name>`). */
  dynamic?: boolean
  /** The user approves each call before it runs (MCP tools not marked read-only). */
  needsApproval?: boolean
  /** The Tools control's switch (and AI_TOOLS' name) it is under, when several tools share one ("artifacts"). */
  switchName?: string
  /** The most characters of input (JSON text) it takes; 64 K when not said. */
  maxInputChars?: number
  execute(input: unknown, context: { signal: AbortSignal }): Promise<unknown>
  /**
   * What of its input the stored tool part keeps once the call has settled (default: all of it).
   * The artifact tools keep their content in the artifact's own rows, not a second time in the message.
   */
  storedInput?(input: unknown): unknown
  /**
   * A tool whose results are sources (web search): numbers them for this answer — `number` gives
   * each address its number, the same one again for an address already cited — and lists them.
   */
  cite?(output: unknown, number: (url: string, title: string) => number): { output: unknown; sources: CitedSource[] }
}

/** A source an answer cites as [n]: an AI SDK `source-url` part. */
export interface CitedSource {
  n: number
  url: string
  title: string
}

/** A failure whose message is meant for the model and the user ("No place called “Atlantis”"). */
export class ToolError extends Error {
  override name = 'ToolError'
}
