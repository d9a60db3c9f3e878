// The artifacts of chats: every version kept (an edit is a new version, never an overwrite), each
// belonging to a message, so a branch of the chat sees the versions made on it. A pure factory: the
// tools of the model, the routes and the exports all use it (app.artifacts, plugins/artifacts.ts).
import type { Kysely, Selectable } from 'kysely'
import type { ArtifactAuthor, ArtifactKind, ArtifactSummary, ArtifactVersion } from '../../../shared/artifacts.ts'
import type { ArtifactsTable, Database } from '../../db/schema.ts'
import { ArtifactError, checkAuthor, checkContent, checkKind, checkLanguage, checkTitle, isUniqueViolation, newArtifactId } from './artifact-input.ts'
import { branchPath } from './artifact-path.ts'

export { ArtifactError, type ArtifactErrorCode } from './artifact-input.ts'

export interface ArtifactStore {
  /** Version 1 of a new artifact. Throws ArtifactError (code ARTIFACT_TOO_LARGE, …) on bad input. */
  create(input: { chatId: string; messageId: string; kind: ArtifactKind; title: string; language?: string; content: string; author: ArtifactAuthor }): Promise<ArtifactVersion>
  /**
   * A new version (never an overwrite). `onPath`: the message ids of the branch it is made on;
   * `baseVersion`, when given, must be the newest version on that path (else code ARTIFACT_VERSION_CONFLICT).
   * Kind and language stay those of the artifact; the title, when not given, that of the version it follows.
   */
  addVersion(input: { chatId: string; artifactId: string; messageId: string; content: string; title?: string; author: ArtifactAuthor; onPath: readonly string[]; baseVersion?: number }): Promise<ArtifactVersion>
  /** One version (default: the newest on the path), with every version number on the path. Null when it is not in this chat or not on the path. */
  get(chatId: string, artifactId: string, options: { onPath: readonly string[]; version?: number }): Promise<(ArtifactVersion & { versions: number[] }) | null>
  /** The newest version of each artifact on the path, oldest artifact first (the list, and what the model sees in later turns). */
  current(chatId: string, onPath: readonly string[]): Promise<ArtifactVersion[]>
  list(chatId: string, onPath: readonly string[]): Promise<ArtifactSummary[]>
  /** The message ids of the branch ending at `leafId` (default: the chat's current leaf), first message first. */
  pathOf(chatId: string, leafId?: string): Promise<string[]>
  /** Every version of every artifact of the chat, every branch, oldest first (the JSON export). */
  allVersions(chatId: string): Promise<ArtifactVersion[]>
}

/** Times a write is tried again when another took its id or version number meanwhile. */
const WRITE_TRIES = 5

type Row = Selectable<ArtifactsTable>
type Head = Pick<Row, 'artifact_id' | 'version' | 'message_id' | 'kind' | 'title' | 'language' | 'created_at'>

export function toArtifactVersion(row: Row): ArtifactVersion {
  return {
    artifactId: row.artifact_id,
    chatId: row.chat_id,
    version: Number(row.version),
    kind: row.kind as ArtifactKind,
    title: row.title,
    ...(row.language !== null && { language: row.language }),
    content: row.content,
    author: row.author,
    messageId: row.message_id,
    createdAt: Number(row.created_at),
  }
}

/** Each artifact's versions on the path, oldest first, artifacts in the order they were made (their ids sort so). */
function onBranch(heads: Head[], onPath: readonly string[]): Map<string, Head[]> {
  const path = new Set(onPath)
  const byArtifact = new Map<string, Head[]>()
  for (const head of heads) {
    if (!path.has(head.message_id)) continue
    const versions = byArtifact.get(head.artifact_id)
    if (versions) versions.push(head)
    else byArtifact.set(head.artifact_id, [head])
  }
  return new Map([...byArtifact].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

export function createArtifactStore(deps: { db: Kysely<Database>; maxBytes: number; now?: () => number }): ArtifactStore {
  const { db, maxBytes } = deps
  const now = deps.now ?? Date.now

  /** Every version's head (no content) of the chat, or of one artifact of it, by version. */
  function heads(chatId: string, artifactId?: string): Promise<Head[]> {
    let query = db.selectFrom('artifacts').select(['artifact_id', 'version', 'message_id', 'kind', 'title', 'language', 'created_at']).where('chat_id', '=', chatId)
    if (artifactId !== undefined) query = query.where('artifact_id', '=', artifactId)
    return query.orderBy('version', 'asc').execute()
  }

  async function full(chatId: string, wanted: Array<{ artifactId: string; version: number }>): Promise<Row[]> {
    const rows: Row[] = []
    for (let start = 0; start < wanted.length; start += 200) {
      const slice = wanted.slice(start, start + 200)
      rows.push(
        ...(await db
          .selectFrom('artifacts')
          .selectAll()
          .where('chat_id', '=', chatId)
          .where((eb) => eb.or(slice.map(({ artifactId, version }) => eb.and([eb('artifact_id', '=', artifactId), eb('version', '=', version)]))))
          .execute()),
      )
    }
    return rows
  }

  async function messageInChat(chatId: string, messageId: string): Promise<void> {
    const row = await db.selectFrom('messages').select('id').where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
    if (!row) throw new ArtifactError('ARTIFACT_INVALID', `Message ${messageId} is not in this chat`)
  }

  async function insert(row: Row): Promise<ArtifactVersion> {
    await db.insertInto('artifacts').values(row).execute()
    return toArtifactVersion(row)
  }

  return {
    async create(input) {
      const kind = checkKind(input.kind)
      const title = checkTitle(input.title)
      const language = checkLanguage(kind, input.language)
      const author = checkAuthor(input.author)
      const bytes = checkContent(input.content, maxBytes, { allowEmpty: false })
      await messageInChat(input.chatId, input.messageId)
      for (let tried = 1; ; tried++) {
        const row: Row = { artifact_id: newArtifactId(), version: 1, chat_id: input.chatId, message_id: input.messageId, kind, title, language, content: input.content, author, bytes, created_at: now() }
        try {
          return await insert(row)
        } catch (error) {
          if (!isUniqueViolation(error) || tried === WRITE_TRIES) throw error
        }
      }
    },

    async addVersion(input) {
      const author = checkAuthor(input.author)
      const bytes = checkContent(input.content, maxBytes, { allowEmpty: true })
      const title = input.title === undefined ? undefined : checkTitle(input.title)
      if (input.baseVersion !== undefined && !Number.isSafeInteger(input.baseVersion)) throw new ArtifactError('ARTIFACT_INVALID', 'baseVersion must be a whole number')
      await messageInChat(input.chatId, input.messageId)
      for (let tried = 1; ; tried++) {
        const all = await heads(input.chatId, input.artifactId)
        const visible = onBranch(all, input.onPath).get(input.artifactId)
        if (!visible) throw new ArtifactError('ARTIFACT_NOT_FOUND', `No artifact ${input.artifactId} in this chat${all.length > 0 ? ' on this branch' : ''}`)
        const newest = visible.at(-1)!
        if (input.baseVersion !== undefined && input.baseVersion !== Number(newest.version)) {
          throw new ArtifactError('ARTIFACT_VERSION_CONFLICT', `Version ${input.baseVersion} of this artifact is not the newest on this branch (version ${newest.version} is): open the newest and edit it again`)
        }
        const version = Number(all.at(-1)!.version) + 1
        const row: Row = {
          artifact_id: input.artifactId,
          version,
          chat_id: input.chatId,
          message_id: input.messageId,
          kind: newest.kind,
          title: title ?? newest.title,
          language: newest.language,
          content: input.content,
          author,
          bytes,
          created_at: now(),
        }
        try {
          return await insert(row)
        } catch (error) {
          // Another version took this number meanwhile: with a base it may no longer be the newest.
          if (!isUniqueViolation(error) || tried === WRITE_TRIES) throw error
        }
      }
    },

    async get(chatId, artifactId, { onPath, version }) {
      const visible = onBranch(await heads(chatId, artifactId), onPath).get(artifactId)
      if (!visible) return null
      const versions = visible.map((head) => Number(head.version))
      const wanted = version ?? versions.at(-1)!
      if (!versions.includes(wanted)) return null
      const [row] = await full(chatId, [{ artifactId, version: wanted }])
      return row ? { ...toArtifactVersion(row), versions } : null
    },

    async current(chatId, onPath) {
      const branch = [...onBranch(await heads(chatId), onPath).values()]
      const wanted = branch.map((versions) => ({ artifactId: versions[0]!.artifact_id, version: Number(versions.at(-1)!.version) }))
      const rows = new Map((await full(chatId, wanted)).map((row) => [row.artifact_id, row]))
      return wanted.flatMap(({ artifactId }) => {
        const row = rows.get(artifactId)
        return row ? [toArtifactVersion(row)] : []
      })
    },

    async list(chatId, onPath) {
      return [...onBranch(await heads(chatId), onPath).values()].map((versions) => {
        const newest = versions.at(-1)!
        return {
          artifactId: newest.artifact_id,
          kind: newest.kind as ArtifactKind,
          title: newest.title,
          ...(newest.language !== null && { language: newest.language }),
          version: Number(newest.version),
          versions: versions.map((head) => Number(head.version)),
          updatedAt: Number(newest.created_at),
        }
      })
    },

    pathOf: (chatId, leafId) => branchPath(db, chatId, leafId),

    async allVersions(chatId) {
      // In the order they were made: by version within an artifact, by time across them.
      const rows = await db.selectFrom('artifacts').selectAll().where('chat_id', '=', chatId).execute()
      return rows.map(toArtifactVersion).sort((a, b) => a.createdAt - b.createdAt || (a.artifactId < b.artifactId ? -1 : a.artifactId > b.artifactId ? 1 : a.version - b.version))
    },
  }
}
