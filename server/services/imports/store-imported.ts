// Stores a conversation read from an export as a chat of the importer: new ids (an export's ids may
// be anyone's), the tree as it was (parents before children in order of writing), the branch it
// showed, and for a chat with versions the marks a forked chat is read by (chat-tree.ts). One
// transaction per chat; a chat imported before from the same source is left alone.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { ImportedChat } from './imported-chat.ts'
import { capParts } from '../chats/message-size.ts'
import { retiredChatId } from '../chats/retired-chat-ids.ts'

/** Rows per INSERT: well under SQLite's and PostgreSQL's parameter limits (11 per row). */
const BATCH = 400

/** `maxMessageChars`: what one message may hold (MESSAGE_STORED_MAX_CHARS); a longer one is stored cut, with a note. */
export async function storeImported(db: Kysely<Database>, ownerId: string, chat: ImportedChat, maxMessageChars: number): Promise<{ stored: boolean; chatId: string }> {
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

    const ids = new Map(chat.messages.map((message) => [message.sourceId, randomUUID()]))
    const parentOf = new Map(chat.messages.map((message) => [message.sourceId, message.parentSourceId]))
    // Versions: the children of each parent ('' for first messages), in order of writing.
    const siblings = new Map<string, string[]>()
    for (const message of chat.messages) {
      const key = message.parentSourceId === null ? '' : ids.get(message.parentSourceId)!
      siblings.set(key, [...(siblings.get(key) ?? []), ids.get(message.sourceId)!])
    }
    const versions = Object.fromEntries([...siblings].filter(([, group]) => group.length > 1))
    const forked = Object.keys(versions).length > 0
    // The branch the chat shows: the current leaf and its ancestors.
    const shown = new Set<string>()
    for (let at: string | null = chat.currentLeafSourceId; at !== null && !shown.has(at); at = parentOf.get(at) ?? null) shown.add(at)

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
        // Without versions the chat is one line, which it shows to its end.
        current_leaf_id: ids.get(forked ? chat.currentLeafSourceId : chat.messages.at(-1)!.sourceId)!,
        forked: forked ? 1 : 0,
        versions: forked ? JSON.stringify(versions) : null,
        system_prompt: chat.systemPrompt || null,
        imported_from: chat.source,
        pinned_at: chat.pinnedAt ?? null,
        archived_at: chat.archivedAt ?? null,
      })
      .execute()
    for (let start = 0; start < chat.messages.length; start += BATCH) {
      await trx
        .insertInto('messages')
        .values(
          chat.messages.slice(start, start + BATCH).map((message, index) => ({
            id: ids.get(message.sourceId)!,
            chat_id: chatId,
            seq: start + index,
            parent_id: message.parentSourceId === null ? null : ids.get(message.parentSourceId)!,
            // A chat without versions is read in order of writing; a forked one by these marks.
            shown: !forked || shown.has(message.sourceId) ? 1 : 0,
            role: message.role,
            parts: JSON.stringify(capParts(message.parts, maxMessageChars).parts),
            status: 'complete' as const,
            usage: null,
            model: message.role === 'assistant' ? (message.model ?? null) : null,
            created_at: message.createdAt,
          })),
        )
        .execute()
    }
    return { stored: true, chatId }
  })
}
