// Lists of an owner's chats: pages of the sidebar's history, the archive and a project's chats,
// newest activity first with a stable cursor; the pinned ones (spread into the chat store).
import type { Kysely } from 'kysely'
import { toSummary } from './chat-rows.ts'
import type { ChatListPage, ChatSummary } from '../../../shared/page-data.ts'
import type { Database } from '../../db/schema.ts'

/** Which chats a page of the list holds (see list). */
export type ChatListView = { kind: 'history' } | { kind: 'archived' } | { kind: 'project'; projectId: string }

/** The sidebar shows at most this many pinned chats (newest pin first). */
export const PINNED_MAX = 100

/** Where a page of the chat list starts: after this chat (see encodeCursor). */
export interface ChatCursor {
  updatedAt: number
  id: string
}

/**
 * Cursor = "{updatedAt}:{id}" of the last chat of the previous page (stable under ties). Decoding
 * accepts only what encoding makes: a safe integer (PostgreSQL refuses 1e+23 as a bigint) and a chat id.
 */
export function encodeCursor(chat: Pick<ChatSummary, 'updatedAt' | 'id'>): string {
  return Buffer.from(`${chat.updatedAt}:${chat.id}`).toString('base64url')
}

export function decodeCursor(cursor: string): ChatCursor | null {
  const text = Buffer.from(cursor, 'base64url').toString()
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,64})$/.exec(text)
  return match ? { updatedAt: Number(match[1]), id: match[2]! } : null
}

export function createChatLists(db: Kysely<Database>) {
  return {
    /**
     * A page of the owner's chats, newest activity first. `history` (the sidebar's dated list):
     * neither pinned, archived nor in a project; `archived`: the archived ones; a project: its
     * chats that are not archived.
     */
    async list(ownerId: string, limit: number, cursor?: ChatCursor | null, view: ChatListView = { kind: 'history' }): Promise<ChatListPage> {
      let query = db.selectFrom('chats').selectAll().where('owner_id', '=', ownerId)
      if (view.kind === 'history') query = query.where('archived_at', 'is', null).where('pinned_at', 'is', null).where('project_id', 'is', null)
      else if (view.kind === 'archived') query = query.where('archived_at', 'is not', null)
      else query = query.where('project_id', '=', view.projectId).where('archived_at', 'is', null)
      if (cursor) {
        query = query.where((eb) =>
          eb.or([eb('updated_at', '<', cursor.updatedAt), eb.and([eb('updated_at', '=', cursor.updatedAt), eb('id', '<', cursor.id)])]),
        )
      }
      const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute()
      const chats = rows.slice(0, limit).map(toSummary)
      return { chats, nextCursor: rows.length > limit ? encodeCursor(chats[chats.length - 1]!) : null }
    },

    /** The owner's pinned chats that are not archived, newest pin first (the sidebar's first group). */
    async pinned(ownerId: string): Promise<ChatSummary[]> {
      const rows = await db
        .selectFrom('chats')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('pinned_at', 'is not', null)
        .where('archived_at', 'is', null)
        .orderBy('pinned_at', 'desc')
        .limit(PINNED_MAX)
        .execute()
      return rows.map(toSummary)
    },

  }
}
