// Tool parts of an answer as the AI SDK stores them: `tool-<name>` for built-in tools, `dynamic-tool`
// (with toolName) for MCP tools.
import type { UIMessage } from 'ai'

export interface ToolPartLike {
  type: string
  toolName?: string
  toolCallId: string
  state: 'input-streaming' | 'input-available' | 'approval-requested' | 'approval-responded' | 'output-available' | 'output-error' | 'output-denied'
  title?: string
  input?: unknown
  output?: unknown
  errorText?: string
  approval?: { id: string; approved?: boolean; reason?: string }
}

export const isToolPart = (part: UIMessage['parts'][number]): boolean => part.type === 'dynamic-tool' || part.type.startsWith('tool-')

/** The tool's name as the model calls it. */
export const toolNameOf = (part: ToolPartLike): string => part.toolName ?? part.type.slice('tool-'.length)
