// Stores a conversation read from an export as a chat of the importer, from the rows made for it
// where the export was read (plan-imported.ts), its messages as they come. One transaction per
// chat; a chat imported before from the same source is left alone (its messages are not read).
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { PlannedChat, PlannedMessage } from './plan-imported.ts'
import { retiredChatId } from '../chats/retired-chat-ids.ts'

/** Rows per INSERT at most: well under SQLite's and PostgreSQL's parameter limits (11 per row). */
const BATCH = 400
const BATCH_START = 50
const BATCH_MIN = 10
/** How long one INSERT of messages should take. */
const STATEMENT_TARGET_MS = 8

/**
 * `messages`: the chat's messages in order of writing, in batches of any size. `holdsEventLoop`: the
 * database's statements run on this thread (SQLite), so each is kept short.
 */
export async function storeImported(db: Kysely<Database>, ownerId: string, chat: PlannedChat, messages: AsyncIterable<PlannedMessage[]>, { holdsEventLoop }: { holdsEventLoop: boolean }): Promise<{ stored: boolean; chatId: string }> {
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
        versions: chat.versions,
        system_prompt: chat.systemPrompt || null,
        imported_from: chat.source,
        pinned_at: chat.pinnedAt ?? null,
        archived_at: chat.archivedAt ?? null,
      })
      .execute()
    let seq = 0
    let size = holdsEventLoop ? BATCH_START : BATCH
    for await (const batch of messages) {
      for (let start = 0; start < batch.length; ) {
        const rows = batch.slice(start, start + size)
        const started = performance.now()
        await trx
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
          const took = performance.now() - started
          if (took > STATEMENT_TARGET_MS * 2) size = Math.max(BATCH_MIN, Math.floor(size / 2))
          else if (took < STATEMENT_TARGET_MS / 2) size = Math.min(BATCH, size * 2)
          await nextTurn()
        }
      }
    }
    return { stored: true, chatId }
  })
}
