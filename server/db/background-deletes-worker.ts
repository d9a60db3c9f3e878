// The worker thread of background-deletes.ts: runs the delete statements it is sent, one at a time,
// on a connection of its own to the app's SQLite file (same settings and search functions, so the
// triggers that keep the search index and the owners' totals run as they do on the app's).
import { parentPort, workerData } from 'node:worker_threads'
import { openSqlite } from './sqlite-driver.ts'
import type { DeleteReply, DeleteStatement } from './background-deletes.ts'
import { FORGET_WORDS_SQL } from './search-words.ts'

const database = openSqlite((workerData as { path: string }).path)
const messages = database.prepare('DELETE FROM messages WHERE chat_id = ? AND id IN (SELECT value FROM json_each(?))')
const chats = database.prepare('DELETE FROM chats WHERE id IN (SELECT value FROM json_each(?))')
const ownersChats = database.prepare('DELETE FROM chats WHERE id IN (SELECT value FROM json_each(?)) AND owner_id = ?')
const ownersWords = database.prepare(FORGET_WORDS_SQL)

/** Times a statement is tried while the app's connection holds the write lock past busy_timeout. */
const BUSY_TRIES = 6

function run(statement: DeleteStatement): number {
  for (let tried = 1; ; tried++) {
    try {
      if (statement.kind === 'words') return ownersWords.run(statement.from, statement.to, statement.ownerId).changes
      const ids = JSON.stringify(statement.ids)
      if (statement.kind === 'messages') return messages.run(statement.chatId, ids).changes
      return statement.ownerId === undefined ? chats.run(ids).changes : ownersChats.run(ids, statement.ownerId).changes
    } catch (error) {
      // A long write of the app's (an import's batch) only delays a delete; waiting costs this
      // thread alone, so it waits again rather than failing a user's Delete.
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || tried === BUSY_TRIES) throw error
    }
  }
}

parentPort!.on('message', ({ seq, statement }: { seq: number; statement: DeleteStatement }) => {
  let reply: DeleteReply
  try {
    reply = { seq, changes: run(statement) }
  } catch (error) {
    reply = { seq, error: error instanceof Error ? error.message : String(error) }
  }
  parentPort!.postMessage(reply)
})
