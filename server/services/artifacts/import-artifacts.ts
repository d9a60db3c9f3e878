// Our own JSON export's artifacts, imported again: every version, on the message it belonged to.
// Imported messages get new ids, so artifacts do too (the original chat may still hold the old
// ones), and the tool calls that made them are rewritten to name the new ids (their cards open the
// artifact). Read where the export is read (the import's worker), stored once the messages are in.
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import { ARTIFACT_KINDS, ARTIFACT_LANGUAGE_MAX_CHARS, ARTIFACT_TITLE_MAX_CHARS, CREATE_ARTIFACT_TOOL, UPDATE_ARTIFACT_TOOL, type ArtifactAuthor, type ArtifactKind } from '../../../shared/artifacts.ts'
import type { Database } from '../../db/schema.ts'
import { newArtifactId } from './artifact-input.ts'

/**
 * The largest version an import keeps: ARTIFACT_MAX_BYTES' own ceiling. An export is its owner's
 * (imports need an account), made under some server's cap; the reading worker does not know this one's.
 */
export const IMPORTED_ARTIFACT_MAX_BYTES = 16 * 1024 * 1024
/** Versions one imported chat may bring (an export can hold anything). */
export const IMPORTED_ARTIFACT_VERSIONS_MAX = 5_000
/** Characters of content per INSERT at most: SQLite's statements run on the app's thread. */
const STATEMENT_MAX_CHARS = 256_000

/** A version as the export had it (its ids are the export's). */
export interface ImportedArtifactVersion {
  sourceArtifactId: string
  version: number
  messageSourceId: string
  kind: ArtifactKind
  title: string
  language: string | null
  content: string
  author: ArtifactAuthor
  createdAt: number
}

/** A version with the ids it is stored under. */
export interface PlannedArtifactVersion extends Omit<ImportedArtifactVersion, 'sourceArtifactId' | 'messageSourceId'> {
  artifactId: string
  messageId: string
  bytes: number
}

type Json = Record<string, unknown>
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g

/** The `artifacts` of an export, each checked; what is not a version we would store is left out. */
export function readExportedArtifacts(value: unknown, now: number): ImportedArtifactVersion[] {
  if (!Array.isArray(value)) return []
  const seen = new Set<string>()
  const versions: ImportedArtifactVersion[] = []
  for (const item of value as Json[]) {
    if (versions.length >= IMPORTED_ARTIFACT_VERSIONS_MAX) break
    if (!item || typeof item !== 'object') continue
    const { artifactId, version, messageId, kind, title, language, content, author, createdAt } = item
    if (typeof artifactId !== 'string' || artifactId.length === 0 || artifactId.length > 64) continue
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) continue
    if (typeof messageId !== 'string' || typeof content !== 'string' || content.includes('\u0000')) continue
    if (typeof kind !== 'string' || !(ARTIFACT_KINDS as readonly string[]).includes(kind)) continue
    if (Buffer.byteLength(content, 'utf8') > IMPORTED_ARTIFACT_MAX_BYTES) continue
    const key = `${artifactId}\n${version}`
    if (seen.has(key)) continue
    seen.add(key)
    const cleanTitle = typeof title === 'string' ? [...title.replace(CONTROL, ' ').trim()].slice(0, ARTIFACT_TITLE_MAX_CHARS).join('') : ''
    const cleanLanguage = kind === 'code' && typeof language === 'string' ? language.replace(CONTROL, '').trim().slice(0, ARTIFACT_LANGUAGE_MAX_CHARS) : ''
    versions.push({
      sourceArtifactId: artifactId,
      version,
      messageSourceId: messageId,
      kind: kind as ArtifactKind,
      title: cleanTitle || 'Untitled',
      language: cleanLanguage || null,
      content,
      author: author === 'user' ? 'user' : 'model',
      createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) && createdAt > 0 ? Math.round(createdAt) : now,
    })
  }
  return versions
}

/**
 * The versions under their new ids (`messageIds`: each imported message's new id by its export's
 * id); a version whose message was not imported is left out. `artifactIds`: old id → new id.
 */
export function planArtifacts(versions: readonly ImportedArtifactVersion[], messageIds: ReadonlyMap<string, string>): { versions: PlannedArtifactVersion[]; artifactIds: Map<string, string> } {
  const artifactIds = new Map<string, string>()
  const planned: PlannedArtifactVersion[] = []
  for (const { sourceArtifactId, messageSourceId, ...version } of versions) {
    const messageId = messageIds.get(messageSourceId)
    if (messageId === undefined) continue
    let artifactId = artifactIds.get(sourceArtifactId)
    if (artifactId === undefined) artifactIds.set(sourceArtifactId, (artifactId = newArtifactId()))
    planned.push({ ...version, artifactId, messageId, bytes: Buffer.byteLength(version.content, 'utf8') })
  }
  return { versions: planned, artifactIds }
}

const ARTIFACT_TOOLS = new Set([CREATE_ARTIFACT_TOOL, UPDATE_ARTIFACT_TOOL])

/** A message's parts with the artifact tools' ids (`input.id`, `output.artifactId`) renamed. */
export function withImportedArtifactIds(parts: Array<Record<string, unknown>>, artifactIds: ReadonlyMap<string, string>): Array<Record<string, unknown>> {
  if (artifactIds.size === 0) return parts
  return parts.map((part) => {
    const name = part.type === 'dynamic-tool' ? part.toolName : typeof part.type === 'string' && part.type.startsWith('tool-') ? part.type.slice('tool-'.length) : undefined
    if (typeof name !== 'string' || !ARTIFACT_TOOLS.has(name)) return part
    const renamed = (value: unknown, key: string) => {
      if (!value || typeof value !== 'object') return value
      const id = (value as Json)[key]
      const to = typeof id === 'string' ? artifactIds.get(id) : undefined
      return to === undefined ? value : { ...(value as Json), [key]: to }
    }
    return { ...part, ...('input' in part && { input: renamed(part.input, 'id') }), ...('output' in part && { output: renamed(part.output, 'artifactId') }) }
  })
}

/** Writes the versions into the imported chat, a few at a time with a turn for other requests between. */
export async function storeImportedArtifacts(db: Kysely<Database>, chatId: string, versions: readonly PlannedArtifactVersion[] | undefined): Promise<void> {
  if (!versions?.length) return
  for (let start = 0; start < versions.length; ) {
    let end = start
    let chars = 0
    while (end < versions.length && end - start < 200 && (end === start || chars + versions[end]!.content.length <= STATEMENT_MAX_CHARS)) chars += versions[end++]!.content.length
    await db
      .insertInto('artifacts')
      .values(
        versions.slice(start, end).map((version) => ({
          artifact_id: version.artifactId,
          version: version.version,
          chat_id: chatId,
          message_id: version.messageId,
          kind: version.kind,
          title: version.title,
          language: version.language,
          content: version.content,
          author: version.author,
          bytes: version.bytes,
          created_at: version.createdAt,
        })),
      )
      .execute()
    start = end
    await nextTurn()
  }
}
