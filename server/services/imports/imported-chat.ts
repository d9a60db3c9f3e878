// A conversation read from an export (ChatGPT, Claude, ours), ready to be stored as a chat: its
// messages form a tree (each names its parent), parents before their children, versions in the
// order they were written.
import type { ImportedArtifactVersion } from '../artifacts/import-artifacts.ts'

export interface ImportedMessage {
  /** The export's own id for it (new ids are given when it is stored). */
  sourceId: string
  parentSourceId: string | null
  role: 'user' | 'assistant'
  /** AI SDK UIMessage parts: a user's text (and files), an answer's text and reasoning. */
  parts: Array<Record<string, unknown>>
  createdAt: number
  model?: string | null
}

export interface ImportedChat {
  /** Where it came from, unique per export format: `chatgpt:{id}`, `claude:{uuid}`, `chat:{id}`. */
  source: string
  /** For our own export: the id it had, kept when it is free. */
  chatId?: string
  title: string
  createdAt: number
  updatedAt: number
  systemPrompt: string
  messages: ImportedMessage[]
  /** The last message of the branch the chat shows. */
  currentLeafSourceId: string
  /** Our own export: when it was pinned or archived (kept on import). */
  pinnedAt?: number
  archivedAt?: number
  /** Our own export: every version of its artifacts. */
  artifacts?: ImportedArtifactVersion[]
}

/** A conversation that could not be imported, and why (the summary lists these). */
export class SkippedConversation extends Error {
  override name = 'SkippedConversation'
  constructor(
    readonly title: string,
    reason: string,
  ) {
    super(reason)
  }
}

export const IMPORTED_TITLE_MAX = 100
/** A message's text is cut at this many characters (an export can hold anything). */
export const IMPORTED_TEXT_MAX = 200_000

export function titleOf(value: unknown, fallback = 'Imported chat'): string {
  const title = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : ''
  return (title || fallback).slice(0, IMPORTED_TITLE_MAX)
}

/** Seconds (ChatGPT), milliseconds or an ISO date (Claude, ours) to milliseconds; `fallback` otherwise. */
export function timeOf(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value < 1e11 ? value * 1000 : value)
  if (typeof value === 'string') {
    const parsed = Date.parse(value)
    if (Number.isFinite(parsed)) return parsed
  }
  return fallback
}

export function cutText(text: string): string {
  return text.length > IMPORTED_TEXT_MAX ? `${text.slice(0, IMPORTED_TEXT_MAX)}\n\n… (cut at ${IMPORTED_TEXT_MAX.toLocaleString('en-US')} characters on import)` : text
}

/** `value` as a Markdown code block (a fence longer than any backtick run inside it). */
export function fenced(value: string, language = ''): string {
  const longest = Math.max(2, ...(value.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${language}\n${value}\n${fence}`
}

/** Merges a message's parts: adjacent text parts become one (blank line between). */
export function mergeParts(parts: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const merged: Array<Record<string, unknown>> = []
  for (const part of parts) {
    const last = merged.at(-1)
    if (part.type === 'text' && last?.type === 'text' && !last.state && !part.state) last.text = `${last.text as string}\n\n${part.text as string}`
    else merged.push({ ...part })
  }
  for (const part of merged) if (typeof part.text === 'string') part.text = cutText(part.text)
  return merged
}
