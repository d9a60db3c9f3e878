// The earlier messages of a long chat: its page carries the latest ones; these read the
// pages before them, put them above what is shown, and say whether more remain.
import { useState, type RefObject } from 'react'
import type { UIMessage } from 'ai'
import type { ChatPageData, StoredChatMessage } from '../../../shared/page-data.ts'
import { http } from '../../lib/http.ts'
import { CHAT_PAGE_MESSAGES } from '../../../shared/constants.ts'
import { notify } from '../../lib/toast.ts'
import { describeChatError } from './chat-errors.ts'

interface Options {
  chatId: string
  /** The page said there are earlier messages. */
  initial: boolean
  /** What the screen shows now. */
  shown: RefObject<UIMessage[]>
  toMessage: (stored: StoredChatMessage) => UIMessage
  /** Earlier messages arrived (their statuses and versions go with them); `all` is the new list. */
  onLoaded: (older: StoredChatMessage[], all: UIMessage[]) => void
}

export function useEarlierMessages({ chatId, initial, shown, toMessage, onLoaded }: Options) {
  const [hasEarlier, setHasEarlier] = useState(initial)

  /** The page before the first of `list` (what is shown), put above it; resolves to the whole list. */
  async function loadEarlier(limit = CHAT_PAGE_MESSAGES, list = shown.current): Promise<UIMessage[]> {
    const first = list[0]
    if (!first) return list
    try {
      const page = await http.get<ChatPageData>(`/api/chats/${encodeURIComponent(chatId)}?before=${encodeURIComponent(first.id)}&limit=${limit}`)
      const older = page.messages.filter((m) => m.role !== 'system')
      setHasEarlier(Boolean(page.hasEarlier))
      const all = [...older.map(toMessage), ...list]
      onLoaded(older, all)
      return all
    } catch (error) {
      notify({ title: 'Could not load earlier messages', description: describeChatError(error).message, variant: 'error' })
      return list
    }
  }

  /** Loads back until the message with `after` messages after it is shown (the find bar's match), in as few requests as it can. */
  async function loadUntil(after: number) {
    for (let list = shown.current; list.length <= after; ) {
      const more = await loadEarlier(Math.min(500, after + 1 - list.length + 10), list)
      if (more.length === list.length) return
      list = more
    }
  }

  return { hasEarlier, setHasEarlier, loadEarlier, loadUntil }
}
