// Runs one import in the background: a worker thread reads the export and makes each conversation
// into the rows it is stored as (read-export-worker.ts). This thread writes each chat's row (the
// check for one imported before, its id) and, once its messages are in, its source; the messages
// themselves are written by the worker on a connection of its own on a SQLite file
// (write-messages.ts: on this thread a SQLite statement holds every request), and by this thread
// on PostgreSQL and SQLite in memory (store-imported.ts, a batch at a time with a turn for other
// requests between batches). It writes the import's progress to the imports table as it goes. Reading a conversation is JSON.parse and tree work on
// all of it at once (tens of megabytes for one conversation): on this thread it held every request
// for up to a minute.
import { rm, stat } from 'node:fs/promises'
import type { Worker } from 'node:worker_threads'
import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/schema.ts'
import { startModuleWorker } from '../worker-thread.ts'
import { describeImportFailure, type ImportFormat } from './read-export.ts'
import type { PlannedChat, PlannedMessage } from './plan-imported.ts'
import { finishImported, removeUnfinished, startImported, storeImported } from './store-imported.ts'

/** Progress is written at most this often, and at least this often while it runs (a heartbeat). */
export const PROGRESS_INTERVAL_MS = 500
/** The summary keeps this many skipped conversations by name. */
const SKIPPED_LISTED = 50
/**
 * The worker's heap: what reading the largest conversation an import reads (CONVERSATION_MAX_BYTES
 * of JSON) takes. Past it the worker alone stops (the import fails), not the server.
 */
const WORKER_HEAP_MB = 1536

/**
 * What the worker sends (each with the bytes of JSON it has read); it waits for an answer to all but
 * the last two. 'rows' when this thread writes the messages; 'written' or 'write-failed' when the
 * worker wrote them (it was given the database's file).
 */
export type FromImport =
  | { type: 'skip'; title: string; reason: string; error?: string }
  | { type: 'chat'; format: ImportFormat; chat: PlannedChat }
  | { type: 'rows'; rows: PlannedMessage[] }
  | { type: 'chat-end' }
  | { type: 'written' }
  | { type: 'write-failed'; error: string }
  | { type: 'done' }
  | { type: 'failed'; message: string; byFile: boolean; error: string }
/** The answer: go on (with this chat's rows; the worker writes them into `chatId`), or drop the rest of this chat. */
export interface ToImport {
  go: boolean
  chatId?: string
}

/** The worker's messages one at a time, as they are asked for. */
function inboxOf(worker: Worker) {
  const queue: Array<FromImport & { readBytes: number }> = []
  let waiting: { resolve: (message: FromImport & { readBytes: number }) => void; reject: (error: Error) => void } | null = null
  let stopped: Error | null = null
  let owed = false
  worker.on('message', (message: FromImport & { readBytes: number }) => {
    if (waiting) {
      waiting.resolve(message)
      waiting = null
    } else queue.push(message)
  })
  const stop = (error: Error) => {
    stopped ??= error
    waiting?.reject(stopped)
    waiting = null
  }
  worker.on('error', (error) => stop(new Error(`imports: the worker reading the export stopped: ${error.message}`, { cause: error })))
  worker.on('exit', (code) => stop(new Error(`imports: the worker reading the export exited (code ${code})`)))
  return {
    receive(): Promise<FromImport & { readBytes: number }> {
      const next = queue.shift()
      if (next) {
        owed = next.type !== 'done' && next.type !== 'failed'
        return Promise.resolve(next)
      }
      if (stopped) return Promise.reject(stopped)
      return new Promise((resolve, reject) => {
        waiting = {
          resolve: (message) => {
            owed = message.type !== 'done' && message.type !== 'failed'
            resolve(message)
          },
          reject,
        }
      })
    },
    /** Answers the last message, if it is owed an answer. */
    answer(go: boolean, chatId?: string) {
      if (!owed) return
      owed = false
      worker.postMessage({ go, ...(chatId !== undefined && { chatId }) } satisfies ToImport)
    },
  }
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
  dialect: 'sqlite' | 'postgres'
  /** The SQLite file (not ':memory:'): the worker writes the messages on a connection of its own. */
  databasePath?: string
  now?: () => number
}

export async function runImport({ db, importId, ownerId, path, log, maxMessageChars, dialect, databasePath, now = Date.now }: RunImportOptions): Promise<void> {
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

  let worker: Worker | null = null
  try {
    counts.totalBytes = (await stat(path)).size
    await removeUnfinished(db, ownerId)
    worker = startModuleWorker(import.meta.url, 'read-export-worker', { workerData: { path, maxMessageChars, databasePath: dialect === 'sqlite' ? databasePath : undefined }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    const inbox = inboxOf(worker)
    const receive = async () => {
      const message = await inbox.receive()
      counts.readBytes = message.readBytes
      return message
    }
    /** The chat's batches as the worker sends them, each asked for once the one before is stored. */
    async function* rows(): AsyncGenerator<PlannedMessage[]> {
      inbox.answer(true)
      for (;;) {
        const message = await receive()
        if (message.type !== 'rows') return
        yield message.rows
        inbox.answer(true)
      }
    }
    const workerWrites = dialect === 'sqlite' && databasePath !== undefined
    /** The chat's row here, its messages by the worker, its source here once they are in. */
    async function storedByWorker(chat: PlannedChat): Promise<{ stored: boolean }> {
      const { stored, chatId } = await startImported(db, ownerId, chat)
      if (!stored) return { stored }
      try {
        inbox.answer(true, chatId)
        const written = await receive()
        if (written.type !== 'written') throw new Error(`imports: the worker could not write the messages: ${written.type === 'write-failed' ? written.error : written.type}`)
        await finishImported(db, chatId, chat)
      } catch (error) {
        await db.deleteFrom('chats').where('id', '=', chatId).execute().catch(() => undefined)
        throw error
      }
      return { stored }
    }
    for (;;) {
      const message = await receive()
      if (message.type === 'done') break
      if (message.type === 'failed') {
        if (!message.byFile) log.error({ err: message.error, importId }, 'imports: failed')
        await write({ status: 'failed', error: message.message })
        return
      }
      if (message.type === 'skip') {
        if (message.error) log.warn({ err: message.error, importId }, 'imports: a conversation could not be stored')
        skip(message.title, message.reason)
      } else if (message.type === 'chat') {
        format ??= message.format
        try {
          const { stored } = workerWrites ? await storedByWorker(message.chat) : await storeImported(db, ownerId, message.chat, rows(), { holdsEventLoop: dialect === 'sqlite' })
          if (stored) counts.imported++
          else counts.duplicates++
        } catch (error) {
          log.warn({ err: error, importId }, 'imports: a conversation could not be stored')
          skip(message.chat.title, 'it could not be stored')
        }
      }
      // Not stored (one imported before, or a failure): the worker drops the rest of it.
      inbox.answer(false)
      if (now() - lastWrite >= PROGRESS_INTERVAL_MS) {
        lastWrite = now()
        await write()
      }
    }
    counts.readBytes = counts.totalBytes
    await write({ status: 'done' })
    log.info({ importId, format, ...counts, skipped: skippedCount }, 'imports: done')
  } catch (error) {
    log.error({ err: error, importId }, 'imports: failed')
    await write({ status: 'failed', error: describeImportFailure(error) }).catch((writeError: unknown) => log.error({ err: writeError, importId }, 'imports: could not record the failure'))
  } finally {
    clearInterval(heartbeat)
    await worker?.terminate()
    await rm(path, { force: true })
  }
}
