// Ids of deleted chats (retired_chat_ids, kept by a trigger on chats) are never given to anyone
// else: a link to a deleted chat stays a dead link instead of opening whoever's chat took its id.
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** A client-chosen chat id that a deleted chat had. */
export class ChatIdRetiredError extends Error {
  override name = 'ChatIdRetiredError'
}

/** The deleted chat that had this id (and whose it was), if one did. */
export async function retiredChatId(db: Kysely<Database> | Transaction<Database>, id: string): Promise<{ ownerId: string } | undefined> {
  const row = await db.selectFrom('retired_chat_ids').select('owner_id').where('id', '=', id).executeTakeFirst()
  return row && { ownerId: row.owner_id }
}
