// Stores a conversation read from an export as a chat of the importer, from the rows made for it
// where the export was read (plan-imported.ts), its messages as they come (on a SQLite file the
// import's worker writes the messages, write-messages.ts, between startImported and
// finishImported); a chat imported before
// from the same source is left alone (its messages are not read). Not one transaction per chat:
// on SQLite the app has one connection, and a chat of 100,000 messages held it (every other
// request's query waited) for a minute, and its commit (with SQLite's checkpoint of all it wrote)
// held the event loop for seconds. The chat is written marked as being imported, its messages a
// statement at a time, and it gets its source (what makes it imported) last; one left marked by an
// import that was cut off is removed by the owner's next import (removeUnfinished).
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { messagesWithin, type PlannedChat, type PlannedMessage } from './plan-imported.ts'
import { retiredChatId } from '../chats/retired-chat-ids.ts'
import { storeImportedArtifacts } from '../artifacts/import-artifacts.ts'

/** Rows per INSERT at most: well under SQLite's and PostgreSQL's parameter limits (11 per row). */
const BATCH = 400
const BATCH_START = 50
const BATCH_MIN = 10
/** How long one INSERT of messages should take. */
const STATEMENT_TARGET_MS = 8
/**
 * Characters of parts per INSERT at most: the statement is built and its parameters encoded on this
 * thread whatever the database (400 pasted documents of 80 KB were one 32 MB statement, and held
 * the event loop 360 ms on PostgreSQL).
 */
export const STATEMENT_MAX_CHARS = 256_000

/** The mark of a chat whose import has not finished: its imported_from starts with it. */
const UNFINISHED = 'unfinished:'

/** Removes the owner's chats that an import cut off left unfinished (one import runs per owner at a time). */
export async function removeUnfinished(db: Kysely<Database>, ownerId: string): Promise<void> {
  await db.deleteFrom('chats').where('owner_id', '=', ownerId).where('imported_from', 'like', `${UNFINISHED}%`).execute()
}

/**
 * Writes the chat's row, marked as being imported; not when the owner has imported it before (or
 * has it already, for our own export). The messages come next (storeImported on this thread, or the
 * import's worker, write-messages.ts), and finishImported() last.
 */
export async function startImported(db: Kysely<Database>, ownerId: string, chat: PlannedChat): Promise<{ stored: boolean; chatId: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('chats').select('id').where('owner_id', '=', ownerId).where('imported_from', '=', chat.source).executeTakeFirst()
    if (before) return { stored: false, chatId: before.id }
    // Our own export keeps its chat's id (its links keep working) when that id is free and no one
    // else's deleted chat had it (their old links must stay dead, not open this chat); the
    // importer's own chat with that id is this chat already.
    let chatId: string = randomUUID()
    if (chat.chatId) {
      const taken = await trx.selectFrom('chats').select('owner_id').where('id', '=', chat.chatId).executeTakeFirst()
      if (taken?.owner_id === ownerId) return { stored: false, chatId: chat.chatId }
      const retired = taken ? undefined : await retiredChatId(trx, chat.chatId)
      if (!taken && (!retired || retired.ownerId === ownerId)) chatId = chat.chatId
    }

    await trx
      .insertInto('chats')
      .values({
        id: chatId,
        owner_id: ownerId,
        title: chat.title,
        visibility: 'private',
        model: null,
        created_at: chat.createdAt,
        updated_at: chat.updatedAt,
        tools_off: null,
        current_leaf_id: chat.currentLeafId,
        forked: chat.forked ? 1 : 0,
        // Written with the source, after the messages.
        versions: null,
        system_prompt: chat.systemPrompt || null,
        imported_from: `${UNFINISHED}${chat.source}`,
        pinned_at: chat.pinnedAt ?? null,
        archived_at: chat.archivedAt ?? null,
      })
      .execute()
    return { stored: true, chatId }
  })
}

/**
 * Gives the chat its versions and its source (what makes it imported, no longer unfinished).
 * Written last: each message's insert updates the chat's row (its totals, a trigger), and a row
 * holding the versions of 40,000 answers (1.5 MB) rewritten for each of them made the import quadratic.
 */
export async function finishImported(db: Kysely<Database>, chatId: string, chat: PlannedChat): Promise<void> {
  // Before the source: an import cut off here is still unfinished, removed whole by the next one.
  await storeImportedArtifacts(db, chatId, chat.artifacts)
  await db.updateTable('chats').set({ versions: chat.versions, imported_from: chat.source }).where('id', '=', chatId).execute()
}

/**
 * Stores the chat on this thread's connection (PostgreSQL; SQLite in memory, which has no second
 * connection). `messages`: the chat's messages in order of writing, in batches of any size.
 * `holdsEventLoop`: the database's statements run on this thread (SQLite), so each is kept short.
 */
export async function storeImported(db: Kysely<Database>, ownerId: string, chat: PlannedChat, messages: AsyncIterable<PlannedMessage[]>, { holdsEventLoop }: { holdsEventLoop: boolean }): Promise<{ stored: boolean; chatId: string }> {
  const started = await startImported(db, ownerId, chat)
  if (!started.stored) return started
  const { chatId } = started
  try {
    let seq = 0
    let size = holdsEventLoop ? BATCH_START : BATCH
    for await (const batch of messages) {
      for (let start = 0; start < batch.length; ) {
        const rows = messagesWithin(batch, start, size, STATEMENT_MAX_CHARS)
        const began = performance.now()
        await db
          .insertInto('messages')
          .values(
            rows.map((message) => ({
              id: message.id,
              chat_id: chatId,
              seq: seq++,
              parent_id: message.parentId,
              shown: message.shown,
              role: message.role,
              parts: message.parts,
              status: 'complete' as const,
              usage: null,
              model: message.model,
              created_at: message.createdAt,
            })),
          )
          .execute()
        start += rows.length
        if (holdsEventLoop) {
          // A SQLite statement holds the event loop while it runs (the search index's triggers make
          // a row cost about 0.2 ms, more on a busy machine): the next one is made as long as this
          // one's time allows, and other requests get their turn between them.
          const took = performance.now() - began
          if (took > STATEMENT_TARGET_MS * 2) size = Math.max(BATCH_MIN, Math.floor(size / 2))
          else if (took < STATEMENT_TARGET_MS / 2) size = Math.min(BATCH, size * 2)
          await nextTurn()
        }
      }
    }
    await finishImported(db, chatId, chat)
  } catch (error) {
    await db.deleteFrom('chats').where('id', '=', chatId).execute().catch(() => undefined)
    throw error
  }
  return { stored: true, chatId }
}
