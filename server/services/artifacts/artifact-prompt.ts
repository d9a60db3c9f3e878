// What the model sees of a chat's artifacts in later turns: the current version of each artifact on
// the answer's branch (id, kind, title, version, content), as a section at the end of the system
// prompt, so "make the button blue" works without the user pasting anything back. The system
// prompt is the one place every provider reads on every call. Content is capped overall
// (ARTIFACTS_PROMPT_MAX_BYTES), each cut one saying so and how big it is.
//
// The section is plain text a model reads, and also what the offline demo model reads back
// (readArtifactsSection): each artifact is a heading with its facts as JSON, then its content in a
// fence longer than any run of backticks in it, so no content can end the block early.
import type { ArtifactKind, ArtifactVersion } from '../../../shared/artifacts.ts'
import { ARTIFACT_KINDS, UPDATE_ARTIFACT_TOOL } from '../../../shared/artifacts.ts'

/** The content of every artifact together, in bytes: a few pages, small beside any model's context. */
export const ARTIFACTS_PROMPT_MAX_BYTES = 32 * 1024
/** Artifacts listed at most (the most recently changed); older ones are only counted. */
export const ARTIFACTS_PROMPT_MAX_COUNT = 30

export const ARTIFACTS_SECTION_HEADING = '## Artifacts in this conversation'
const ARTIFACT_HEADING = '### Artifact '

/** An artifact as the section shows it (and as the offline model reads it back). */
export interface PromptArtifact {
  id: string
  kind: ArtifactKind
  title: string
  version: number
  language?: string
  /** Its whole size, in bytes. */
  bytes: number
  /** What is shown: the whole content, or its start when `cut`. */
  content: string
  cut: boolean
}

/**
 * The section for these versions (newest per artifact, in any order), or '' when there are none.
 * `canUpdate`: whether this answer has update_artifact (tools may be off in the chat).
 */
export function artifactsPromptSection(versions: readonly ArtifactVersion[], options: { canUpdate: boolean; maxBytes?: number }): string {
  if (versions.length === 0) return ''
  // The most recently changed last, where "the artifact" of a follow-up request most likely is.
  const ordered = [...versions].sort((a, b) => a.createdAt - b.createdAt)
  const shown = ordered.slice(-ARTIFACTS_PROMPT_MAX_COUNT)
  const budgets = shareBudget(shown.map((version) => Buffer.byteLength(version.content)), options.maxBytes ?? ARTIFACTS_PROMPT_MAX_BYTES)
  const how = options.canUpdate
    ? `To change one, call ${UPDATE_ARTIFACT_TOOL} with its id: prefer \`edits\` (exact find/replace of text shown here) for small changes, the whole \`content\` for a rewrite. Do not paste an artifact's content into your answer.`
    : 'The artifact tools are off in this chat: answer about them in words.'
  const lines = [
    ARTIFACTS_SECTION_HEADING,
    '',
    `The artifacts of this conversation as they are now (the current version of each), the most recently changed last. ${how}`,
  ]
  if (ordered.length > shown.length) lines.push('', `(${ordered.length - shown.length} older artifacts are not listed.)`)
  shown.forEach((version, index) => {
    const bytes = Buffer.byteLength(version.content)
    const content = cutAt(version.content, budgets[index]!)
    const facts = { id: version.artifactId, kind: version.kind, title: version.title, version: version.version, ...(version.language ? { language: version.language } : {}), bytes }
    const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1))
    lines.push('', `${ARTIFACT_HEADING}${JSON.stringify(facts)}`, fence + (version.language ?? ''), content, fence)
    if (content.length < version.content.length) {
      lines.push(`[Cut: this artifact has ${formatBytes(bytes)} and only its first ${formatBytes(Buffer.byteLength(content))} are shown. The rest is unchanged; ask the user or give edits for the part shown.]`)
    }
  })
  return lines.join('\n')
}

/**
 * The artifacts of a system prompt's section, as artifactsPromptSection wrote them (empty without
 * one). Each occurrence of the heading is tried in turn: text before the section (a user's own
 * instructions) may contain the heading too, the section itself is always well formed to the end.
 */
export function readArtifactsSection(system: string): PromptArtifact[] {
  return findSection(system)?.artifacts ?? []
}

/** The system prompt without its artifacts section (what the offline demo quotes as instructions). */
export function withoutArtifactsSection(system: string): string {
  const found = findSection(system)
  return found ? system.slice(0, found.at).trimEnd() : system
}

function findSection(system: string): { at: number; artifacts: PromptArtifact[] } | undefined {
  for (let at = system.indexOf(ARTIFACTS_SECTION_HEADING); at >= 0; at = system.indexOf(ARTIFACTS_SECTION_HEADING, at + 1)) {
    // The heading is a line of its own.
    if (at > 0 && system[at - 1] !== '\n') continue
    const artifacts = readSection(system.slice(at))
    if (artifacts) return { at, artifacts }
  }
  return undefined
}

function readSection(text: string): PromptArtifact[] | null {
  const lines = text.split('\n')
  if (lines[0] !== ARTIFACTS_SECTION_HEADING) return null
  const artifacts: PromptArtifact[] = []
  let index = 1
  // The explanation (and the count of unlisted ones) come before the first artifact; a second
  // heading there means this one was someone's text and the section starts later.
  while (index < lines.length && !lines[index]!.startsWith(ARTIFACT_HEADING)) {
    if (lines[index] === ARTIFACTS_SECTION_HEADING) return null
    index++
  }
  while (index < lines.length) {
    const line = lines[index]!
    if (line === '') {
      index++
      continue
    }
    if (!line.startsWith(ARTIFACT_HEADING)) return null
    const facts = parseFacts(line.slice(ARTIFACT_HEADING.length))
    const fence = /^`{3,}/.exec(lines[index + 1] ?? '')?.[0]
    if (!facts || !fence) return null
    const end = lines.indexOf(fence, index + 2)
    if (end < 0) return null
    const content = lines.slice(index + 2, end).join('\n')
    index = end + 1
    const cut = lines[index]?.startsWith('[Cut: ') ?? false
    if (cut) index++
    artifacts.push({ ...facts, content, cut })
  }
  return artifacts
}

function parseFacts(json: string): Omit<PromptArtifact, 'content' | 'cut'> | null {
  try {
    const value = JSON.parse(json) as Record<string, unknown>
    if (typeof value.id !== 'string' || typeof value.title !== 'string' || !Number.isSafeInteger(value.version) || !Number.isSafeInteger(value.bytes)) return null
    if (!(ARTIFACT_KINDS as readonly unknown[]).includes(value.kind)) return null
    return {
      id: value.id,
      kind: value.kind as ArtifactKind,
      title: value.title,
      version: value.version as number,
      bytes: value.bytes as number,
      ...(typeof value.language === 'string' ? { language: value.language } : {}),
    }
  } catch {
    return null
  }
}

/** Each size's share of the budget: small ones whole, the large ones cut to equal shares of the rest. */
function shareBudget(sizes: readonly number[], total: number): number[] {
  const budgets = new Array<number>(sizes.length).fill(0)
  const bySize = sizes.map((size, index) => ({ size, index })).sort((a, b) => a.size - b.size)
  let left = total
  bySize.forEach(({ size, index }, rank) => {
    const share = Math.floor(left / (bySize.length - rank))
    budgets[index] = Math.min(size, share)
    left -= budgets[index]!
  })
  return budgets
}

/** The start of the text within `maxBytes`, ending after a line when one ends in the last quarter. */
function cutAt(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text
  const start = Buffer.from(text).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '')
  const line = start.lastIndexOf('\n')
  return line >= start.length * 0.75 ? start.slice(0, line) : start
}

function longestBacktickRun(text: string): number {
  let longest = 0
  for (const match of text.matchAll(/`+/g)) longest = Math.max(longest, match[0].length)
  return longest
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`
}
