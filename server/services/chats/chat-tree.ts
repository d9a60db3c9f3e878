// A chat is a tree of messages: each message names its parent (null for a first
// message), and an edit or a regenerated answer is a sibling of what it replaces, a new version.
// The chat shows one branch, from a first message down to its current leaf. Reading it costs what
// reading a straight chat always did (scripts/bench/chat-tree.ts): a chat that never forked is
// read in order of writing; in one that did, the messages of the shown branch carry a mark
// (`shown`, set whenever the leaf moves), read the same way from an index. Only the context of
// an answer on another branch (an edit, a regenerate) walks up the parents.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { toMessage } from './chat-rows.ts'
import type { StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'
import type { Database, MessagesTable } from '../../db/schema.ts'

type BranchRow = Selectable<MessagesTable> & { draft: string | null }

/**
 * Every version of the messages whose parent has more than one child, by parent ('' for first
 * messages), oldest first: what a forked chat keeps in its `versions` column (JSON), rewritten
 * whenever a version is added or removed, so that reading a chat needs no query for them.
 */
export async function countVersions(trx: Kysely<Database> | Transaction<Database>, chatId: string): Promise<Record<string, string[]>> {
  const rows = await trx
    .selectFrom('messages')
    .select(['id', 'parent_id'])
    .where('chat_id', '=', chatId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages as sibling')
          .select('sibling.id')
          .whereRef('sibling.chat_id', '=', 'messages.chat_id')
          .whereRef('sibling.id', '<>', 'messages.id')
          .where((inner) => inner.or([inner('sibling.parent_id', '=', inner.ref('messages.parent_id')), inner.and([inner('sibling.parent_id', 'is', null), inner('messages.parent_id', 'is', null)])])),
      ),
    )
    .orderBy('seq', 'asc')
    .execute()
  const groups: Record<string, string[]> = {}
  for (const row of rows) (groups[row.parent_id ?? ''] ??= []).push(row.id)
  return groups
}

/**
 * In a forked chat: marks the messages of the branch ending at `leaf` as the shown ones (and only
 * them). Call it in the transaction that moves the chat's leaf.
 */
export async function markShown(trx: Kysely<Database> | Transaction<Database>, chatId: string, leaf: string | null): Promise<void> {
  await trx.updateTable('messages').set({ shown: 0 }).where('chat_id', '=', chatId).where('shown', '=', 1).execute()
  if (leaf === null) return
  await sql`
    UPDATE messages SET shown = 1 WHERE chat_id = ${chatId} AND id IN (
      WITH RECURSIVE branch(id) AS (
        SELECT CAST(${leaf} AS TEXT)
        UNION ALL
        SELECT messages.parent_id FROM branch JOIN messages ON messages.id = branch.id WHERE messages.parent_id IS NOT NULL
      )
      SELECT id FROM branch
    )`.execute(trx)
}

export function createChatTree(db: Kysely<Database>) {
  /** The chat's current leaf (null when it has no messages). */
  async function currentLeaf(chatId: string): Promise<string | null> {
    const row = await db.selectFrom('chats').select('current_leaf_id').where('id', '=', chatId).executeTakeFirst()
    return row?.current_leaf_id ?? null
  }

  /**
   * The messages from a first message down to `leafId`, in order: a walk up the parents, reading
   * (id, parent_id) from the messages_walk index. CROSS JOIN keeps SQLite going from the walk to
   * each message, not through the whole table.
   */
  async function pathTo(chatId: string, leafId: string): Promise<BranchRow[]> {
    const { rows } = await sql<BranchRow & { depth: number }>`
      WITH RECURSIVE branch(id, depth) AS (
        SELECT id, 0 FROM messages WHERE chat_id = ${chatId} AND id = ${leafId}
        UNION ALL
        SELECT messages.parent_id, branch.depth + 1 FROM branch JOIN messages ON messages.id = branch.id
        WHERE messages.parent_id IS NOT NULL
      )
      SELECT messages.*, answer_drafts.parts AS draft
      FROM branch CROSS JOIN messages
      LEFT JOIN answer_drafts ON answer_drafts.message_id = messages.id
      WHERE messages.id = branch.id
      ORDER BY branch.depth DESC`.execute(db)
    return rows
  }

  /** The rows of a chat's shown branch (all of a chat that never forked), with running answers' drafts. */
  function branchQuery(chatId: string, shownOnly: boolean) {
    const query = db
      .selectFrom('messages')
      .leftJoin('answer_drafts', 'answer_drafts.message_id', 'messages.id')
      .selectAll('messages')
      .select('answer_drafts.parts as draft')
      .where('chat_id', '=', chatId)
    return shownOnly ? query.where('shown', '=', 1) : query
  }

  /**
   * The chat's messages in order of writing: all of them (the branch, when the chat never forked),
   * or those marked shown. A message's ancestors were all written before it.
   */
  async function inOrder(chatId: string, shownOnly: boolean): Promise<BranchRow[]> {
    return branchQuery(chatId, shownOnly).orderBy('seq', 'asc').execute()
  }

  /**
   * The branch ending at `leafId` (default: the one the chat shows), with each message's versions.
   * A chat that never forked is one straight line: it is read in order of writing (cut at
   * `leafId`); a forked one reads its shown marks, or walks up from another leaf.
   */
  async function messages(chatId: string, leafId?: string | null): Promise<ChatMessage[]> {
    const chat = await db.selectFrom('chats').select(['current_leaf_id', 'forked', 'versions']).where('id', '=', chatId).executeTakeFirst()
    const leaf = leafId === undefined ? (chat?.current_leaf_id ?? null) : leafId
    if (!chat || leaf === null) return []
    let rows: BranchRow[]
    const groups: Record<string, string[]> = chat.versions ? JSON.parse(chat.versions) : {}
    if (!chat.forked) {
      rows = await inOrder(chatId, false)
      if (leafId !== undefined) rows = rows.slice(0, rows.findIndex((row) => row.id === leafId) + 1)
    } else {
      rows = leafId === undefined ? await inOrder(chatId, true) : await pathTo(chatId, leaf)
    }
    return rows.map((row) => withVersions(row, groups))
  }

  /**
   * The last `limit` messages of the branch the chat shows, before `before` (a message id) when
   * given, oldest first, and whether earlier ones exist: a long chat opens with its latest messages
   * and reads earlier ones as the reader scrolls up. Null when `before` is not a
   * message of the chat.
   */
  async function latestMessages(chatId: string, limit: number, before?: string): Promise<{ messages: ChatMessage[]; hasEarlier: boolean } | null> {
    const chat = await db.selectFrom('chats').select(['current_leaf_id', 'forked', 'versions']).where('id', '=', chatId).executeTakeFirst()
    if (!chat || chat.current_leaf_id === null) return before === undefined ? { messages: [], hasEarlier: false } : null
    let query = branchQuery(chatId, Boolean(chat.forked))
    if (before !== undefined) {
      const anchor = await db.selectFrom('messages').select('seq').where('chat_id', '=', chatId).where('id', '=', before).executeTakeFirst()
      if (!anchor) return null
      query = query.where('seq', '<', anchor.seq)
    }
    // One more than asked: whether there are earlier ones, without counting them.
    const rows = (await query.orderBy('seq', 'desc').limit(limit + 1).execute()).reverse()
    const hasEarlier = rows.length > limit
    const groups: Record<string, string[]> = chat.versions ? JSON.parse(chat.versions) : {}
    return { messages: (hasEarlier ? rows.slice(1) : rows).map((row) => withVersions(row, groups)), hasEarlier }
  }

  /**
   * The messages of the shown branch whose text holds `query` (case-insensitive, as a browser's
   * find), oldest first, each with how many messages follow it: the find bar of a long chat loads
   * the page up to a match it has not loaded yet. At most `limit`, the newest.
   */
  async function findInBranch(chatId: string, query: string, limit: number): Promise<Array<{ id: string; after: number }>> {
    const chat = await db.selectFrom('chats').select('forked').where('id', '=', chatId).executeTakeFirst()
    if (!chat) return []
    const rows = await branchQuery(chatId, Boolean(chat.forked)).orderBy('seq', 'asc').execute()
    const wanted = query.toLocaleLowerCase()
    const found: Array<{ id: string; after: number }> = []
    rows.forEach((row, index) => {
      const text = withVersions(row, {})
        .parts.flatMap((part) => (part.type === 'text' && typeof part.text === 'string' ? [part.text] : []))
        .join('\n')
      if (text.toLocaleLowerCase().includes(wanted)) found.push({ id: row.id, after: rows.length - 1 - index })
    })
    return found.slice(-limit)
  }

  /** A stored row as a message: a streaming answer with what it had at its last save, its versions. */
  function withVersions({ draft, ...row }: BranchRow, groups: Record<string, string[]>): ChatMessage {
    const message = toMessage(draft !== null && row.status === 'streaming' ? { ...row, parts: draft } : row)
    const versions = groups[row.parent_id ?? '']
    return versions ? { ...message, versions } : message
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
    latestMessages,
    findInBranch,

    /** Every message of every branch, oldest first, each with its parent (the JSON export). */
    async allMessages(chatId: string): Promise<Array<ChatMessage & { parentId: string | null }>> {
      const rows = await inOrder(chatId, false)
      return rows.map((row) => ({ ...withVersions(row, {}), parentId: row.parent_id }))
    },

    currentLeaf,

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
      const chat = await db.selectFrom('chats').select('forked').where('id', '=', chatId).executeTakeFirst()
      const message = await db.selectFrom('messages').select('shown').where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      if (!chat || !message) return null
      // A chat that never forked shows all of its messages.
      if (!chat.forked || message.shown) return { switched: false }
      const newest = (await newestLeafUnder(chatId, messageId))!
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('chats').set({ current_leaf_id: newest }).where('id', '=', chatId).execute()
        await markShown(trx, chatId, newest)
      })
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
        const chat = await trx.updateTable('chats').set({ current_leaf_id: leaf }).where('id', '=', chatId).returning('forked').executeTakeFirst()
        if (chat?.forked) {
          await markShown(trx, chatId, leaf)
          await trx.updateTable('chats').set({ versions: JSON.stringify(await countVersions(trx, chatId)) }).where('id', '=', chatId).execute()
        }
      })
      return true
    },

    newestLeafUnder,
  }
}
