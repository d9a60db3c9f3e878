// One message of a chat, as the "Show the rest" of a long message reads it: its owner may read any
// of its messages; a reader of a shared chat only those of the branch the chat shows (the other
// versions are its owner's business, as everywhere else).
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'
import { toMessage } from './chat-rows.ts'

export async function readMessage(db: Kysely<Database>, chatId: string, messageId: string, shownOnly: boolean): Promise<ChatMessage | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .selectAll('messages')
    .select('chats.forked')
    .where('messages.chat_id', '=', chatId)
    .where('messages.id', '=', messageId)
    .executeTakeFirst()
  if (!row) return null
  const { forked, shown, ...message } = row
  // A chat that never forked shows every message it has.
  if (shownOnly && forked && !shown) return null
  return toMessage(message)
}
