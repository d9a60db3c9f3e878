// The branch a chat shows, as message ids: what decides which artifact versions a reader sees
// (a version belongs to a message; the branch sees it when that message is on it). Reads ids only,
// the way chat-tree.ts reads a branch: a chat that never forked is one line (all of its messages);
// a forked one marks the shown branch; another leaf's branch is a walk up the parents.
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** The message ids from a first message down to `leafId` (default: the chat's current leaf), in order. */
export async function branchPath(db: Kysely<Database>, chatId: string, leafId?: string): Promise<string[]> {
  if (leafId !== undefined) {
    const { rows } = await sql<{ id: string }>`
      WITH RECURSIVE branch(id, depth) AS (
        SELECT id, 0 FROM messages WHERE chat_id = ${chatId} AND id = ${leafId}
        UNION ALL
        SELECT messages.parent_id, branch.depth + 1 FROM branch JOIN messages ON messages.id = branch.id
        WHERE messages.parent_id IS NOT NULL
      )
      SELECT id FROM branch ORDER BY depth DESC`.execute(db)
    return rows.map((row) => row.id)
  }
  const chat = await db.selectFrom('chats').select(['forked', 'current_leaf_id']).where('id', '=', chatId).executeTakeFirst()
  if (!chat || chat.current_leaf_id === null) return []
  let query = db.selectFrom('messages').select('id').where('chat_id', '=', chatId)
  if (chat.forked) query = query.where('shown', '=', 1)
  const rows = await query.orderBy('seq', 'asc').execute()
  return rows.map((row) => row.id)
}
