// The rows of answers being written (status 'streaming') and their drafts: what start-up settles
// after a crash, what replicas hand over, what Delete all chats stops first. Part of the chat
// store (chat-store.ts); a partial index (messages_streaming, migration 0016) holds those rows, so
// finding them costs the same however many messages are stored.
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'

/** In an update of messages: the row's last saved draft, or its parts when it has none. */
function draftOrParts(eb: ExpressionBuilder<Database, 'messages'>) {
  return eb.fn.coalesce(eb.selectFrom('answer_drafts').select('answer_drafts.parts').whereRef('answer_drafts.message_id', '=', 'messages.id'), eb.ref('messages.parts'))
}

export function createAnswerRows(db: Kysely<Database>, now: () => number) {
  return {
    /** The owner's chats with an answer being written (a message in status 'streaming': index messages_streaming). */
    async idsAnswering(ownerId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('messages')
        .innerJoin('chats', 'chats.id', 'messages.chat_id')
        .select('messages.chat_id')
        .distinct()
        .where('messages.status', '=', 'streaming')
        .where('chats.owner_id', '=', ownerId)
        .execute()
      return rows.map((row) => row.chat_id)
    },

    /** Answers left "streaming" by a crash or a restart are interrupted, with what was last saved of them. */
    async settleInterrupted(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('messages')
          .set((eb) => ({
            status: 'interrupted',
            parts: draftOrParts(eb),
          }))
          .where('status', '=', 'streaming')
          .executeTakeFirst()
        await trx.deleteFrom('answer_drafts').execute()
        return Number(result.numUpdatedRows)
      })
    },

    /**
     * With replicas: one answer whose writer is gone gets what it had written, as interrupted. Without
     * `parts` (nothing left to replay), it keeps what its writer last saved.
     */
    async settleStreaming(messageId: string, parts: ChatMessage['parts'] | null): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('messages')
          .set((eb) =>
            parts && parts.length > 0
              ? { parts: JSON.stringify(parts), status: 'interrupted' }
              : {
                  status: 'interrupted',
                  parts: draftOrParts(eb),
                },
          )
          .where('id', '=', messageId)
          .where('status', '=', 'streaming')
          .executeTakeFirst()
        await trx.deleteFrom('answer_drafts').where('message_id', '=', messageId).execute()
        return Number(result.numUpdatedRows) > 0
      })
    },

    /** Drafts whose answer is no longer streaming (saved just after it ended, or its chat deleted). */
    async dropStaleDrafts(): Promise<number> {
      const result = await db
        .deleteFrom('answer_drafts')
        .where('message_id', 'not in', db.selectFrom('messages').select('id').where('status', '=', 'streaming'))
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    /**
     * Saves what running answers have so far (JSON of their parts) as their drafts: a crash then
     * loses at most what came since. A draft never overrides a stored answer: it is read only for
     * answers still streaming, and one saved just after its answer ended is dropped at the next
     * start-up (dropStaleDrafts).
     */
    async checkpoint(batch: ReadonlyArray<{ id: string; parts: string }>): Promise<void> {
      const at = now()
      // One statement per 500 answers (parameter limits), however many run.
      for (let start = 0; start < batch.length; start += 500) {
        await db
          .insertInto('answer_drafts')
          .values(batch.slice(start, start + 500).map(({ id, parts }) => ({ message_id: id, parts, saved_at: at })))
          .onConflict((oc) => oc.column('message_id').doUpdateSet((eb) => ({ parts: eb.ref('excluded.parts'), saved_at: eb.ref('excluded.saved_at') })))
          .execute()
      }
    },

    async streamingMessages(): Promise<Array<{ id: string; chatId: string; createdAt: number }>> {
      const rows = await db.selectFrom('messages').select(['id', 'chat_id', 'created_at']).where('status', '=', 'streaming').execute()
      return rows.map((row) => ({ id: row.id, chatId: row.chat_id, createdAt: Number(row.created_at) }))
    },
  }
}
