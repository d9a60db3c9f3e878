// Chats and their messages: pure data access, no Fastify. Messages form a tree
// (chat-tree.ts) and carry a per-chat sequence number in order of writing; parts are AI SDK
// UIMessage parts stored as JSON.
import type { Kysely, Transaction } from 'kysely'
import { forgetWordsOfOwnersWithoutChats } from './owner-search-words.ts'
import { toMessage, toSummary } from './chat-rows.ts'
import { countVersions, createChatTree, markShown } from './chat-tree.ts'
import { createChatLists } from './chat-lists.ts'
import { createAnswerRows } from './answer-rows.ts'
import type { ChatSummary, StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'
import type { Database, MessageStatus, Visibility } from '../../db/schema.ts'
import { groupedWrites } from '../../db/write-groups.ts'
import { backgroundDeletesOf, type DeleteStatement } from '../../db/background-deletes.ts'
import { ChatIdRetiredError, retiredChatId } from './retired-chat-ids.ts'
import { setImmediate as yieldToRequests } from 'node:timers/promises'

/** Messages deleted in one statement when a chat or an owner's chats go (each costs some µs of SQLite's time). */
export const REMOVE_BATCH_MESSAGES = 200

/**
 * Deletes a chat. A chat of more than REMOVE_BATCH_MESSAGES messages loses them that many at a time,
 * newest first, with other requests served in between, then goes itself: in one statement a chat of
 * 1,000 messages held SQLite's one thread for 26–37 ms (bench:history), mostly its rows leaving the
 * search index. On a SQLite file the statements run in a worker thread (runDelete), and the batches
 * keep each hold of the write lock short: a message written meanwhile waits for one batch at most.
 * Meanwhile a reader may see the chat shorter; its answers were stopped before.
 */
async function removeChat(db: Kysely<Database>, chatId: string): Promise<boolean> {
  for (;;) {
    const newest = await db.selectFrom('messages').select('id').where('chat_id', '=', chatId).orderBy('seq', 'desc').limit(REMOVE_BATCH_MESSAGES + 1).execute()
    if (newest.length <= REMOVE_BATCH_MESSAGES) break
    const batch = newest.slice(0, REMOVE_BATCH_MESSAGES).map((row) => row.id)
    await runDelete(db, { kind: 'messages', chatId, ids: batch })
    await yieldToRequests()
  }
  // The rest of its messages, votes and search rows go with it (ON DELETE CASCADE and triggers).
  return (await runDelete(db, { kind: 'chats', ids: [chatId] })) === 1
}

/**
 * Runs a delete in SQLite's worker thread where the app has one (background-deletes.ts: the search
 * index's merges then hold that thread, not this one), else here. Resolves to the rows deleted.
 */
async function runDelete(db: Kysely<Database>, statement: Exclude<DeleteStatement, { kind: 'words' }>): Promise<number> {
  const background = backgroundDeletesOf(db)
  if (background) return background.run(statement)
  if (statement.kind === 'messages') return Number((await db.deleteFrom('messages').where('chat_id', '=', statement.chatId).where('id', 'in', statement.ids).executeTakeFirst()).numDeletedRows)
  let chats = db.deleteFrom('chats').where('id', 'in', statement.ids)
  if (statement.ownerId !== undefined) chats = chats.where('owner_id', '=', statement.ownerId)
  return Number((await chats.executeTakeFirst()).numDeletedRows)
}

/** Chat ids in groups of about `most` messages (a bigger chat alone), in order. */
export function byMessages(chats: Array<{ id: string; message_count: number | string }>, most: number): string[][] {
  const batches: string[][] = []
  let current: string[] = []
  let messages = 0
  for (const chat of chats) {
    const count = Number(chat.message_count)
    if (current.length > 0 && messages + count > most) {
      batches.push(current)
      current = []
      messages = 0
    }
    current.push(chat.id)
    messages += count
  }
  if (current.length > 0) batches.push(current)
  return batches
}

/**
 * Deletes these chats about REMOVE_BATCH_MESSAGES messages per statement (a bigger chat alone, its
 * messages in batches), with other requests served between; with `ownerId`, only while still theirs
 * (a chat moved to a new owner meanwhile stays). Returns how many went. The owners (`ownerId`, or
 * each chat's `owner_id`) left without chats have their list of words forgotten.
 */
export async function removeChats(
  db: Kysely<Database>,
  chats: Array<{ id: string; message_count: number | string; owner_id?: string }>,
  ownerId?: string,
): Promise<number> {
  const big = new Set(chats.filter((chat) => Number(chat.message_count) > REMOVE_BATCH_MESSAGES).map((chat) => chat.id))
  let removed = 0
  for (const batch of byMessages(chats, REMOVE_BATCH_MESSAGES)) {
    if (batch.length === 1 && big.has(batch[0]!)) removed += (await removeChat(db, batch[0]!)) ? 1 : 0
    else removed += await runDelete(db, { kind: 'chats', ids: batch, ownerId })
    await yieldToRequests()
  }
  await forgetWordsOfOwnersWithoutChats(db, ownerId !== undefined ? [ownerId] : chats.flatMap((chat) => (chat.owner_id === undefined ? [] : [chat.owner_id])))
  return removed
}

export { decodeCursor, encodeCursor, PINNED_MAX, type ChatCursor, type ChatListView } from './chat-lists.ts'

/** The shapes the pages and the API share (shared/page-data.ts). */
export type { ChatSummary, StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'

export const DEFAULT_TITLE = 'New chat'

/** A client-chosen message id that some message (in any chat, anyone's) already has. */
export class MessageIdTakenError extends Error {
  override name = 'MessageIdTakenError'
}

/** A primary key or unique constraint refused the insert (SQLite or PostgreSQL). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

async function rethrowTakenId<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert()
  } catch (error) {
    // The chat id has its own ON CONFLICT; what else is unique here is a message id.
    if (isUniqueViolation(error)) throw new MessageIdTakenError('message id taken', { cause: error })
    throw error
  }
}

/** What PATCH /api/chats/:id (and the store) may change on a chat. */
export interface ChatChanges {
  title?: string
  visibility?: Visibility
  model?: string | null
  toolsOff?: string[]
  /** '' removes it. */
  systemPrompt?: string
  projectId?: string | null
  pinned?: boolean
  archived?: boolean
}

export function createChatStore(db: Kysely<Database>, now: () => number = Date.now) {
  // An answer's writes (its start, its title, its end) share commits with others on SQLite.
  const write = groupedWrites(db)

  async function nextSeq(trx: Transaction<Database> | Kysely<Database>, chatId: string): Promise<number> {
    const row = await trx.selectFrom('messages').select((eb) => eb.fn.max('seq').as('max')).where('chat_id', '=', chatId).executeTakeFirst()
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
  }

  return {
    // The branch the chat shows, its versions, switching, export of the whole tree (chat-tree.ts).
    ...createChatTree(db),
    // Pages of the history, the archive and a project's chats; the pinned ones (chat-lists.ts).
    ...createChatLists(db),
    ...createAnswerRows(db, now),

    async get(chatId: string): Promise<(ChatSummary & { ownerId: string; toolsOff: string[]; systemPrompt: string }) | null> {
      const row = await db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst()
      return row ? { ...toSummary(row), ownerId: row.owner_id, toolsOff: row.tools_off ? (JSON.parse(row.tools_off) as string[]) : [], systemPrompt: row.system_prompt ?? '' } : null
    },

    /** Creates the chat with its first user message, in one transaction. Null when the id exists; ChatIdRetiredError when a deleted chat had it. */
    // `within` runs in that transaction once both are written (the message's files are claimed there).
    async create(input: { id: string; ownerId: string; model: string | null; title?: string; toolsOff?: string[]; projectId?: string | null; message: { id: string; parts: ChatMessage['parts'] } }, within?: (trx: Transaction<Database>) => Promise<void>): Promise<ChatSummary | null> {
      const at = now()
      const title = input.title ?? DEFAULT_TITLE
      return rethrowTakenId(() => write(async (trx) => {
        const inserted = await trx
          .insertInto('chats')
          .values({ id: input.id, owner_id: input.ownerId, title, visibility: 'private', model: input.model, created_at: at, updated_at: at, tools_off: input.toolsOff?.length ? JSON.stringify(input.toolsOff) : null, current_leaf_id: input.message.id, project_id: input.projectId ?? null })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst()
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return null
        // Asked after the insert: on PostgreSQL an insert racing the chat's deletion waits for it,
        // and this read then sees the id retired with it (asked first, it would not yet).
        if (await retiredChatId(trx, input.id)) throw new ChatIdRetiredError(`chat id ${input.id} is retired`)
        await trx
          .insertInto('messages')
          .values({ id: input.message.id, chat_id: input.id, seq: 0, parent_id: null, role: 'user', parts: JSON.stringify(input.message.parts), status: 'complete', usage: null, model: null, created_at: at })
          .execute()
        await within?.(trx)
        return toSummary({ id: input.id, title, visibility: 'private', model: input.model, created_at: at, updated_at: at, project_id: input.projectId ?? null })
      }))
    },

    async message(chatId: string, messageId: string): Promise<(ChatMessage & { seq: number }) | null> {
      const row = await db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      return row ? { ...toMessage(row), seq: Number(row.seq) } : null
    },

    /**
     * Adds messages to the chat's tree, in order, each following the one before it; the first
     * follows `parentId` (null: a new first message, a version of the chat's first; by default the
     * chat's current leaf). Marks activity and makes the last one the leaf the chat shows. Returns
     * every version of the first one when it is a new version of a message (else undefined).
     */
    // `within` runs in the same transaction (the new question's files are claimed there).
    async append(chatId: string, messages: Array<Pick<ChatMessage, 'id' | 'role' | 'parts' | 'status'> & { model?: string | null }>, parentId?: string | null, within?: (trx: Transaction<Database>) => Promise<void>): Promise<string[] | undefined> {
      if (messages.length === 0) return undefined
      return rethrowTakenId(() => write(async (trx) => {
        await within?.(trx)
        const first = await nextSeq(trx, chatId)
        const chat = await trx.selectFrom('chats').select(['current_leaf_id', 'forked']).where('id', '=', chatId).executeTakeFirst()
        const leaf = chat?.current_leaf_id ?? null
        const parent = parentId !== undefined ? parentId : leaf
        // A second child (or a second first message) is a new version: the chat has forked.
        const forks = parent !== leaf && (await trx.selectFrom('messages').select('id').where('chat_id', '=', chatId).where('parent_id', parent === null ? 'is' : '=', parent).limit(1).executeTakeFirst()) !== undefined
        const at = now()
        // One statement for all of them: this sits between a user's Send and the model call.
        await trx
          .insertInto('messages')
          .values(
            messages.map((message, index) => ({
              id: message.id,
              chat_id: chatId,
              // Order of writing: a branch is read by its parents, not by seq.
              seq: first + index,
              parent_id: index === 0 ? parent : messages[index - 1]!.id,
              // Continuing the shown branch; a move to another is marked below.
              shown: 1,
              role: message.role,
              parts: JSON.stringify(message.parts),
              status: message.status,
              usage: null,
              model: message.model ?? null,
              created_at: at,
            })),
          )
          .execute()
        const newLeaf = messages[messages.length - 1]!.id
        await trx.updateTable('chats').set({ updated_at: at, current_leaf_id: newLeaf, ...(forks && { forked: 1 }) }).where('id', '=', chatId).execute()
        // The shown branch is now another one (its start differs from the old one's), and a
        // message has one more version.
        if (!forks && !(chat?.forked && parent !== leaf)) return undefined
        await markShown(trx, chatId, newLeaf)
        const versions = await countVersions(trx, chatId)
        await trx.updateTable('chats').set({ versions: JSON.stringify(versions) }).where('id', '=', chatId).execute()
        return versions[parent ?? '']
      }))
    },

    /** An answer being continued writes on: streaming again, with what it had (its parts stay). */
    async reopen(messageId: string): Promise<void> {
      await db.updateTable('messages').set({ status: 'streaming' }).where('id', '=', messageId).execute()
    },

    async finishMessage(messageId: string, update: { parts: ChatMessage['parts']; status: MessageStatus; usage?: object; details?: object }): Promise<void> {
      await write(async (trx) => {
        await trx
          .updateTable('messages')
          .set({ parts: JSON.stringify(update.parts), status: update.status, usage: update.usage || update.details ? JSON.stringify({ ...update.usage, ...(update.details && { details: update.details }) }) : null })
          .where('id', '=', messageId)
          .execute()
        await trx.deleteFrom('answer_drafts').where('message_id', '=', messageId).execute()
      })
    },

    async update(chatId: string, changes: ChatChanges): Promise<ChatSummary | null> {
      const { toolsOff, systemPrompt, projectId, pinned, archived, ...columns } = changes
      const at = now()
      const set = {
        ...columns,
        ...(toolsOff && { tools_off: toolsOff.length > 0 ? JSON.stringify(toolsOff) : null }),
        ...(systemPrompt !== undefined && { system_prompt: systemPrompt || null }),
        ...(projectId !== undefined && { project_id: projectId }),
        ...(pinned !== undefined && { pinned_at: pinned ? at : null }),
        ...(archived !== undefined && { archived_at: archived ? at : null }),
      }
      const read = async (from: Kysely<Database> | Transaction<Database>) => {
        const row = await from.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst()
        return row ? toSummary(row) : null
      }
      if (Object.keys(set).length === 0) return read(db)
      return write(async (trx) => {
        await trx.updateTable('chats').set(set).where('id', '=', chatId).execute()
        return read(trx)
      })
    },

    /** Ids of every chat of an owner (to stop their answers before they are all deleted). */
    async idsOf(ownerId: string): Promise<string[]> {
      const rows = await db.selectFrom('chats').select('id').where('owner_id', '=', ownerId).execute()
      return rows.map((row) => row.id)
    },

    /**
     * Every chat of an owner (Delete all chats, deleting an account); returns how many there were.
     * A few hundred messages at a time, other requests served in between: in one statement, a
     * history of 1,000,000 messages held SQLite's one thread (every request) for 11 seconds.
     */
    async removeAllOf(ownerId: string): Promise<number> {
      let removed = 0
      for (;;) {
        const chats = await db.selectFrom('chats').select(['id', 'message_count']).where('owner_id', '=', ownerId).limit(100).execute()
        if (chats.length === 0) return removed
        removed += await removeChats(db, chats, ownerId)
      }
    },

    async remove(chatId: string): Promise<boolean> {
      // Messages and votes go with it (ON DELETE CASCADE; SQLite enforces it with foreign_keys=ON).
      const owner = await db.selectFrom('chats').select('owner_id').where('id', '=', chatId).executeTakeFirst()
      const removed = await removeChat(db, chatId)
      if (owner) await forgetWordsOfOwnersWithoutChats(db, [owner.owner_id])
      return removed
    },

    /** On sign-in: the anonymous owner's chats become the user's, all or none. */
    async moveOwner(fromOwnerId: string, toOwnerId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('chats').set({ owner_id: toOwnerId }).where('owner_id', '=', fromOwnerId).executeTakeFirst()
        // Their words were indexed again under the new owner (and listed for them) by the triggers.
        await forgetWordsOfOwnersWithoutChats(trx, [fromOwnerId])
        return Number(result.numUpdatedRows)
      })
    },

    async votes(chatId: string): Promise<Array<{ messageId: string; value: 'up' | 'down' }>> {
      const rows = await db.selectFrom('votes').select(['message_id', 'value']).where('chat_id', '=', chatId).execute()
      return rows.map((row) => ({ messageId: row.message_id, value: row.value }))
    },

    async vote(chatId: string, messageId: string, value: 'up' | 'down' | null): Promise<void> {
      if (value === null) {
        await db.deleteFrom('votes').where('chat_id', '=', chatId).where('message_id', '=', messageId).execute()
        return
      }
      await db
        .insertInto('votes')
        .values({ chat_id: chatId, message_id: messageId, value })
        .onConflict((oc) => oc.columns(['chat_id', 'message_id']).doUpdateSet({ value }))
        .execute()
    },

    /** Bytes stored in the owner's chats (every message's parts, answers included). */
    async storedBytes(ownerId: string): Promise<number> {
      // Kept by triggers (migration 0015): one row, however much the owner stored.
      const row = await db.selectFrom('owner_totals').select('message_bytes as bytes').where('owner_id', '=', ownerId).executeTakeFirst()
      return Number(row?.bytes ?? 0)
    },

  }
}

export type ChatStore = ReturnType<typeof createChatStore>
