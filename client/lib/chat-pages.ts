// Pages of GET /api/chats beyond the sidebar's history (a project's chats, the archive), for the
// lists that show them: the first page on mount, the next ones on demand, an error to show.
import { useEffect, useState } from 'react'
import { http } from './http.ts'
import type { ChatListPage, ChatSummary } from '../../shared/page-data.ts'

export interface ChatPages {
  /** The chats loaded so far; null until the first page is in. */
  chats: ChatSummary[] | null
  /** There are more (`more()` loads the next page). */
  hasMore: boolean
  more(): void
  error: string | null
  /** Updates the loaded list in place (a chat restored leaves it). */
  setChats: (update: (chats: ChatSummary[] | null) => ChatSummary[] | null) => void
}

export function useChatPages(query: { archived?: boolean; project?: string }, limit: number): ChatPages {
  const [chats, setChats] = useState<ChatSummary[] | null>(null)
  const [cursor, setCursor] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const key = JSON.stringify(query)

  async function load(after: string | null) {
    setError(null)
    try {
      const page = await http.get<ChatListPage>('/api/chats', { query: { ...query, limit, cursor: after ?? undefined } })
      setChats((current) => [...(after ? (current ?? []) : []), ...page.chats])
      setCursor(page.nextCursor)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }

  useEffect(() => {
    setChats(null)
    void load(null)
    // Once per list asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  return { chats, hasMore: cursor !== null, more: () => void load(cursor), error, setChats }
}
