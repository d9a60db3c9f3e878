// The artifact a tool call is writing, read from the answer's tool part: while it streams, `input`
// is the model's partial input (its content grows); once stored, `output` names the version.
import type { UIMessage } from 'ai'
import { CREATE_ARTIFACT_TOOL, UPDATE_ARTIFACT_TOOL, ARTIFACT_KINDS, type ArtifactKind, type ArtifactToolOutput } from '../../../shared/artifacts.ts'
import { toolNameOf, type ToolPartLike } from '../chat/parts/tool-part.ts'

export const isArtifactCall = (part: ToolPartLike): boolean => {
  const name = toolNameOf(part)
  return name === CREATE_ARTIFACT_TOOL || name === UPDATE_ARTIFACT_TOOL
}

export interface LiveArtifact {
  /** Absent for a new artifact until it is stored. */
  artifactId?: string
  kind?: ArtifactKind
  title?: string
  language?: string
  /** The whole content written so far (absent for an update made of edits: those apply once stored). */
  content?: string
  /** Still being written. */
  streaming: boolean
  /** The stored version, once there is one. */
  output?: ArtifactToolOutput
  errorText?: string
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

export function readArtifactCall(part: ToolPartLike): LiveArtifact {
  const input = (part.input ?? {}) as Record<string, unknown>
  const output = part.state === 'output-available' && part.output && typeof (part.output as ArtifactToolOutput).artifactId === 'string' ? (part.output as ArtifactToolOutput) : undefined
  const kind = text(input.kind) as ArtifactKind | undefined
  return {
    artifactId: output?.artifactId ?? text(input.id),
    kind: output?.kind ?? (kind && ARTIFACT_KINDS.includes(kind) ? kind : undefined),
    title: output?.title ?? text(input.title),
    language: output?.language ?? text(input.language),
    content: text(input.content),
    streaming: part.state === 'input-streaming' || part.state === 'input-available',
    output,
    errorText: part.state === 'output-error' ? part.errorText : undefined,
  }
}

/** The tool part with this call id in that answer (or, without one, the newest answer that has it). */
export function findArtifactCall(messages: UIMessage[], toolCallId: string, messageId?: string): ToolPartLike | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!
    if (message.role !== 'assistant' || (messageId && message.id !== messageId)) continue
    for (const part of message.parts) {
      if ((part as { toolCallId?: string }).toolCallId === toolCallId) return part as unknown as ToolPartLike
    }
  }
  return undefined
}
