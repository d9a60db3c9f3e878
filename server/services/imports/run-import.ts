// Runs one import in the background: reads the export one conversation at a time (json-elements.ts),
// turns each into a chat (chatgpt-export.ts, claude-export.ts, own-export.ts) and stores it
// (store-imported.ts), writing its progress to the imports table as it goes. Between conversations
// it gives the event loop back, so other users' requests are served meanwhile.
import { createReadStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/schema.ts'
import { jsonElements, JsonShapeError } from './json-elements.ts'
import { EXPECTED_FILES, ImportFormatError } from './open-export.ts'
import { fromChatGpt, isChatGptConversation } from './chatgpt-export.ts'
import { fromClaude, isClaudeConversation } from './claude-export.ts'
import { fromOwnExport, isOwnExport } from './own-export.ts'
import { SkippedConversation, titleOf, type ImportedChat } from './imported-chat.ts'
import { storeImported } from './store-imported.ts'

/** A single conversation larger than this is skipped (the rest of the export is still read). */
export const CONVERSATION_MAX_BYTES = 64 * 1024 * 1024
/** Progress is written at most this often, and at least this often while it runs (a heartbeat). */
export const PROGRESS_INTERVAL_MS = 500
/** The summary keeps this many skipped conversations by name. */
const SKIPPED_LISTED = 50

export type ImportFormat = 'chatgpt' | 'claude' | 'chat'

function formatOf(value: unknown): ImportFormat | null {
  if (isChatGptConversation(value)) return 'chatgpt'
  if (isClaudeConversation(value)) return 'claude'
  if (isOwnExport(value)) return 'chat'
  return null
}

function convert(format: ImportFormat, value: Record<string, unknown>, now: number): ImportedChat {
  if (format === 'chatgpt') return fromChatGpt(value, now)
  if (format === 'claude') return fromClaude(value, now)
  return fromOwnExport(value, now)
}

/** The message the summary shows for a failure of the whole import. */
export function describeImportFailure(error: unknown): string {
  if (error instanceof ImportFormatError || error instanceof JsonShapeError) return error.message.includes('Expected ') ? error.message : `${error.message} Expected ${EXPECTED_FILES}.`
  if (error instanceof SyntaxError) return `The file is not valid JSON (${error.message}). Expected ${EXPECTED_FILES}.`
  return 'The import failed on the server. Chats imported so far are kept; import the file again to add the rest.'
}

export interface RunImportOptions {
  db: Kysely<Database>
  importId: string
  ownerId: string
  /** The export's JSON: the uploaded file, or what its zip inflated to (removed when the import ends). */
  path: string
  log: FastifyBaseLogger
  /** What one message may hold (MESSAGE_STORED_MAX_CHARS): a longer one is stored cut, with a note. */
  maxMessageChars: number
  now?: () => number
}

export async function runImport({ db, importId, ownerId, path, log, maxMessageChars, now = Date.now }: RunImportOptions): Promise<void> {
  const counts = { readBytes: 0, totalBytes: 0, imported: 0, duplicates: 0 }
  const skipped: Array<{ title: string; reason: string }> = []
  let skippedCount = 0
  let format: ImportFormat | null = null
  let lastWrite = 0
  const write = (extra: Partial<Database['imports']> = {}) =>
    db
      .updateTable('imports')
      .set({ read_bytes: counts.readBytes, total_bytes: counts.totalBytes, imported: counts.imported, duplicates: counts.duplicates, skipped: JSON.stringify({ count: skippedCount, list: skipped }), format, updated_at: now(), ...extra })
      .where('id', '=', importId)
      .execute()
  // A heartbeat while a long conversation is read: an import nobody writes for a while was cut off.
  const heartbeat = setInterval(() => void write().catch(() => undefined), PROGRESS_INTERVAL_MS * 4)
  const skip = (title: string, reason: string) => {
    skippedCount++
    if (skipped.length < SKIPPED_LISTED) skipped.push({ title, reason })
  }

  try {
    counts.totalBytes = (await stat(path)).size
    let index = 0
    for await (const element of jsonElements(createReadStream(path, { highWaterMark: 256 * 1024 }), { maxElementBytes: CONVERSATION_MAX_BYTES, onBytes: (read) => (counts.readBytes = read) })) {
      index++
      if ('tooLarge' in element) {
        skip(`Conversation ${index}`, `it is ${Math.round(element.tooLarge / 1048576)} MB, more than an import reads of one conversation`)
        continue
      }
      const value = element.value as Record<string, unknown>
      const kind = formatOf(value)
      // The first element tells what the file is: anything else is refused as a whole.
      if (!kind && index === 1) throw new ImportFormatError('This file is not an export this app knows.')
      if (!kind) {
        skip(`Conversation ${index}`, 'it is not a conversation')
        continue
      }
      format ??= kind
      try {
        const chat = convert(kind, value, now())
        const { stored } = await storeImported(db, ownerId, chat, maxMessageChars)
        if (stored) counts.imported++
        else counts.duplicates++
      } catch (error) {
        if (error instanceof SkippedConversation) skip(error.title, error.message)
        else {
          log.warn({ err: error, importId }, 'imports: a conversation could not be stored')
          skip(titleOf((value.title ?? value.name ?? (value.chat as Record<string, unknown> | undefined)?.title) as string, `Conversation ${index}`), 'it could not be stored')
        }
      }
      if (now() - lastWrite >= PROGRESS_INTERVAL_MS) {
        lastWrite = now()
        await write()
      }
      // Other requests get their turn between conversations.
      await nextTurn()
    }
    counts.readBytes = counts.totalBytes
    await write({ status: 'done' })
    log.info({ importId, format, ...counts, skipped: skippedCount }, 'imports: done')
  } catch (error) {
    const known = error instanceof ImportFormatError || error instanceof JsonShapeError || error instanceof SyntaxError
    if (!known) log.error({ err: error, importId }, 'imports: failed')
    await write({ status: 'failed', error: describeImportFailure(error) }).catch((writeError: unknown) => log.error({ err: writeError, importId }, 'imports: could not record the failure'))
  } finally {
    clearInterval(heartbeat)
    await rm(path, { force: true })
  }
}
