// A chat is a tree of messages (issue 17): each message names its parent (null for a first
// message), and an edit or a regenerated answer is a sibling of what it replaces, a new version.
// The chat shows one branch, from a first message down to its current leaf. Reading that branch
// walks up from the leaf by primary key, so it costs the same whatever the other branches hold.
import { sql, type Kysely } from 'kysely'
import { toMessage } from './chat-rows.ts'
import type { StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'
import type { Database, MessagesTable } from '../../db/schema.ts'

type BranchRow = MessagesTable & { draft: string | null }

export function createChatTree(db: Kysely<Database>) {
  /** The chat's current leaf (null when it has no messages). */
  async function currentLeaf(chatId: string): Promise<string | null> {
    const row = await db.selectFrom('chats').select('current_leaf_id').where('id', '=', chatId).executeTakeFirst()
    return row?.current_leaf_id ?? null
  }

  /** The messages from a first message down to `leafId`, in order. */
  async function pathTo(chatId: string, leafId: string): Promise<BranchRow[]> {
    const { rows } = await sql<BranchRow & { depth: number }>`
      WITH RECURSIVE branch(id, depth) AS (
        SELECT id, 0 FROM messages WHERE chat_id = ${chatId} AND id = ${leafId}
        UNION ALL
        SELECT messages.parent_id, branch.depth + 1 FROM branch JOIN messages ON messages.id = branch.id
        WHERE messages.parent_id IS NOT NULL
      )
      SELECT messages.*, answer_drafts.parts AS draft
      FROM branch JOIN messages ON messages.id = branch.id
      LEFT JOIN answer_drafts ON answer_drafts.message_id = messages.id
      ORDER BY branch.depth DESC`.execute(db)
    return rows
  }

  /**
   * Every version of the messages whose parent has more than one child, by parent ('' for first
   * messages), oldest first. A straight chat answers the first query from its index with nothing.
   */
  async function versionGroups(chatId: string): Promise<Map<string, string[]>> {
    const forked = await db
      .selectFrom('messages')
      .select('parent_id')
      .where('chat_id', '=', chatId)
      .groupBy('parent_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute()
    const groups = new Map<string, string[]>()
    if (forked.length === 0) return groups
    const parents = forked.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id]))
    const withRoots = forked.length > parents.length
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'parent_id'])
      .where('chat_id', '=', chatId)
      .where((eb) => {
        const ors = []
        if (parents.length > 0) ors.push(eb('parent_id', 'in', parents))
        if (withRoots) ors.push(eb('parent_id', 'is', null))
        return eb.or(ors)
      })
      .orderBy('seq', 'asc')
      .execute()
    for (const row of rows) {
      const key = row.parent_id ?? ''
      const group = groups.get(key) ?? []
      group.push(row.id)
      groups.set(key, group)
    }
    return groups
  }

  /** The branch ending at `leafId` (default: the one the chat shows), with each message's versions. */
  async function messages(chatId: string, leafId?: string | null): Promise<ChatMessage[]> {
    const leaf = leafId === undefined ? await currentLeaf(chatId) : leafId
    if (leaf === null) return []
    const [rows, groups] = await Promise.all([pathTo(chatId, leaf), versionGroups(chatId)])
    return rows.map(({ draft, ...row }) => {
      // An answer still streaming shows what it had at its last save.
      const message = toMessage(draft !== null && row.status === 'streaming' ? { ...row, parts: draft } : row)
      const versions = groups.get(row.parent_id ?? '')
      return versions ? { ...message, versions } : message
    })
  }

  /** The newest message under `messageId` (itself included): always a leaf, since a child is newer than its parent. */
  async function newestLeafUnder(chatId: string, messageId: string): Promise<string | null> {
    const { rows } = await sql<{ id: string }>`
      WITH RECURSIVE below(id) AS (
        SELECT id FROM messages WHERE chat_id = ${chatId} AND id = ${messageId}
        UNION ALL
        SELECT messages.id FROM below JOIN messages ON messages.chat_id = ${chatId} AND messages.parent_id = below.id
      )
      SELECT messages.id FROM below JOIN messages ON messages.id = below.id ORDER BY messages.seq DESC LIMIT 1`.execute(db)
    return rows[0]?.id ?? null
  }

  return {
    messages,

    /** Every message of every branch, oldest first, each with its parent (the JSON export). */
    async allMessages(chatId: string): Promise<Array<ChatMessage & { parentId: string | null }>> {
      const rows = await db
        .selectFrom('messages')
        .leftJoin('answer_drafts', 'answer_drafts.message_id', 'messages.id')
        .selectAll('messages')
        .select('answer_drafts.parts as draft')
        .where('chat_id', '=', chatId)
        .orderBy('seq', 'asc')
        .execute()
      return rows.map(({ draft, ...row }) => ({ ...toMessage(draft !== null && row.status === 'streaming' ? { ...row, parts: draft } : row), parentId: row.parent_id }))
    },

    currentLeaf,

    /** Every version of a message (itself and its siblings), oldest first. */
    async versionsOf(chatId: string, messageId: string): Promise<string[]> {
      const message = await db.selectFrom('messages').select('parent_id').where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      if (!message) return []
      const rows = await db
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', chatId)
        .where('parent_id', message.parent_id === null ? 'is' : '=', message.parent_id)
        .orderBy('seq', 'asc')
        .execute()
      return rows.map((row) => row.id)
    },

    /** Does a message have any message after it (an answer, a next question)? */
    async hasChildren(chatId: string, messageId: string): Promise<boolean> {
      const row = await db.selectFrom('messages').select('id').where('chat_id', '=', chatId).where('parent_id', '=', messageId).limit(1).executeTakeFirst()
      return row !== undefined
    },

    /**
     * Shows the branch through `messageId`: unchanged when the shown branch already passes through
     * it, else down to the newest message under it. Null when the chat has no such message.
     */
    async switchTo(chatId: string, messageId: string): Promise<{ switched: boolean } | null> {
      const leaf = await currentLeaf(chatId)
      if (leaf !== null && (await pathTo(chatId, leaf)).some((row) => row.id === messageId)) return { switched: false }
      const newest = await newestLeafUnder(chatId, messageId)
      if (newest === null) return null
      await db.updateTable('chats').set({ current_leaf_id: newest }).where('id', '=', chatId).execute()
      return { switched: true }
    },

    /**
     * Deletes `messageId` and everything under it (or only what is under it). The chat then shows
     * the newest branch left under what stays: the message itself, or its parent, or the newest
     * first message.
     */
    async removeBelow(chatId: string, messageId: string, inclusive: boolean): Promise<boolean> {
      const target = await db.selectFrom('messages').select('parent_id').where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      if (!target) return false
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          WITH RECURSIVE below(id) AS (
            SELECT id FROM messages WHERE chat_id = ${chatId} AND id = ${messageId}
            UNION ALL
            SELECT messages.id FROM below JOIN messages ON messages.chat_id = ${chatId} AND messages.parent_id = below.id
          )
          SELECT id FROM below`.execute(trx)
        const doomed = rows.map((row) => row.id).filter((id) => inclusive || id !== messageId)
        for (let start = 0; start < doomed.length; start += 500) {
          await trx.deleteFrom('messages').where('chat_id', '=', chatId).where('id', 'in', doomed.slice(start, start + 500)).execute()
        }
        const anchor = inclusive ? target.parent_id : messageId
        const leaf = anchor
          ? await createChatTree(trx).newestLeafUnder(chatId, anchor)
          : ((await trx.selectFrom('messages').select('id').where('chat_id', '=', chatId).orderBy('seq', 'desc').limit(1).executeTakeFirst())?.id ?? null)
        await trx.updateTable('chats').set({ current_leaf_id: leaf }).where('id', '=', chatId).execute()
      })
      return true
    },

    newestLeafUnder,
  }
}
