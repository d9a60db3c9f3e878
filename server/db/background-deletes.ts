// Deleting chats on SQLite in a worker thread of its own. A chat's messages leave the
// search index as they go, and FTS5 merges the index's segments every so many pages written, in
// whichever statement comes then: 9–38 ms at a time on one thread that every request shares (the
// hold moved, it never went away, with any batch size or merge setting). On a connection of its
// own in a worker, a delete holds only SQLite's write lock: reads go on meanwhile (WAL), and a write
// that comes during one of those statements waits for it (busy_timeout), as it would have anyway.
// The statements are chosen here, in the main thread (chat-store.ts); the worker only runs them.
// PostgreSQL, and SQLite in memory (one connection only), delete on the app's own connection.
import type { Worker } from 'node:worker_threads'
import { startModuleWorker } from '../services/worker-thread.ts'

/**
 * One delete: some of a chat's messages, whole chats (with `ownerId`, only while theirs), or an
 * owner's listed search words (those from `from` up to `to`, only if the owner has no chat left).
 */
export type DeleteStatement =
  | { kind: 'messages'; chatId: string; ids: string[] }
  | { kind: 'chats'; ids: string[]; ownerId?: string }
  | { kind: 'words'; ownerId: string; from: string; to: string }

/** The worker's answer to the statement numbered `seq`: the rows it deleted, or why it failed. */
export type DeleteReply = { seq: number; changes: number } | { seq: number; error: string }

export interface BackgroundDeletes {
  /** Runs the statement in the worker; resolves to the number of rows deleted (not counting cascades). */
  run(statement: DeleteStatement): Promise<number>
  /** Whether the worker thread is running now (it starts on a delete and stops when idle). */
  running(): boolean
  close(): Promise<void>
}

/**
 * A worker idle this long stops: it holds 16–18 MB (its isolate, the driver, SQLite's page cache),
 * and most processes delete rarely; the next delete starts one again (0.2–0.4 s before it runs,
 * measured; the event loop held 4–5 ms more than for a later delete; the user's Delete is sent once
 * its Undo has expired, so no one waits on it).
 */
export const WORKER_IDLE_MS = 60_000

const byDatabase = new WeakMap<object, BackgroundDeletes>()

/** The worker deleting for this database handle, if it has one. */
export function backgroundDeletesOf(db: object): BackgroundDeletes | undefined {
  return byDatabase.get(db)
}

/** Deletes for `db` (the app's handle on the SQLite file at `path`) go to a worker from now on. */
export function startBackgroundDeletes(db: object, path: string, { idleMs = WORKER_IDLE_MS } = {}): BackgroundDeletes {
  let worker: Worker | null = null
  let idleTimer: NodeJS.Timeout | undefined
  let seq = 0
  const pending = new Map<number, { resolve: (changes: number) => void; reject: (error: Error) => void }>()

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }

  // Started on a delete (most processes rarely delete a chat); stops after idleMs without one.
  function started(): Worker {
    if (worker) return worker
    const current = startModuleWorker(import.meta.url, 'background-deletes-worker', { workerData: { path } })
    // An idle worker does not keep the process alive; the replies it owes do (see run).
    current.unref()
    current.on('message', (reply: DeleteReply) => {
      const waiting = pending.get(reply.seq)
      if (!waiting) return
      pending.delete(reply.seq)
      if (pending.size === 0) {
        current.unref()
        idleTimer = setTimeout(() => {
          if (worker === current && pending.size === 0) {
            worker = null
            void current.terminate()
          }
        }, idleMs).unref()
      }
      if ('error' in reply) waiting.reject(new Error(`db: deleting in the background failed: ${reply.error}`))
      else waiting.resolve(reply.changes)
    })
    // A worker that failed is started again by the next delete. (One stopped on purpose, idle or
    // closed, is no longer `worker`: the statements pending are then a newer worker's.)
    current.on('error', (error) => {
      if (worker === current) failAll(new Error(`db: the worker deleting chats stopped: ${error.message}`, { cause: error }))
    })
    current.on('exit', (code) => {
      if (worker !== current) return
      worker = null
      failAll(new Error(`db: the worker deleting chats exited (code ${code})`))
    })
    worker = current
    return current
  }

  const deletes: BackgroundDeletes = {
    run(statement) {
      clearTimeout(idleTimer)
      const current = started()
      const number = ++seq
      return new Promise<number>((resolve, reject) => {
        pending.set(number, { resolve, reject })
        current.ref()
        current.postMessage({ seq: number, statement })
      })
    },
    running: () => worker !== null,
    async close() {
      clearTimeout(idleTimer)
      byDatabase.delete(db)
      const current = worker
      worker = null
      failAll(new Error('db: the app closed before the worker said whether the delete ran'))
      if (current) await current.terminate()
    },
  }
  byDatabase.set(db, deletes)
  return deletes
}
