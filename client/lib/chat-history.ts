// The owner's chat list as the browser knows it. The sidebar renders it; the chat screen tells it
// about chats it creates, titles the server generates and chats it deletes, so the sidebar updates
// without a reload. Loading pages from GET /api/chats is the sidebar's job (it calls `appendPage`).
import { useSyncExternalStore } from 'react'
import type { ChatSummary } from '../../shared/page-data.ts'

export type { ChatSummary }

interface ChatHistoryState {
  chats: ChatSummary[]
  /** Cursor for the next page; null once the last page is loaded. */
  nextCursor: string | null
  /** True once the first page has been loaded (or seeded). */
  loaded: boolean
}

let state: ChatHistoryState = { chats: [], nextCursor: null, loaded: false }
const listeners = new Set<() => void>()

function set(next: ChatHistoryState) {
  state = next
  for (const listener of listeners) listener()
}

const byActivity = (a: ChatSummary, b: ChatSummary) => b.updatedAt - a.updatedAt

export const chatHistory = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Adds a page loaded from GET /api/chats (chats already known keep their newer copy). */
  appendPage(chats: ChatSummary[], nextCursor: string | null) {
    const known = new Set(state.chats.map((chat) => chat.id))
    set({ chats: [...state.chats, ...chats.filter((chat) => !known.has(chat.id))], nextCursor, loaded: true })
  },
  /** A chat was created or changed (title, visibility, new activity): insert or update it. */
  upsert(chat: Partial<ChatSummary> & { id: string }) {
    const existing = state.chats.find((c) => c.id === chat.id)
    const now = Date.now()
    const merged: ChatSummary = existing
      ? { ...existing, ...chat }
      : { title: 'New chat', visibility: 'private', model: null, createdAt: now, updatedAt: now, ...chat }
    const chats = [merged, ...state.chats.filter((c) => c.id !== chat.id)].sort(byActivity)
    set({ ...state, chats })
  },
  remove(id: string) {
    set({ ...state, chats: state.chats.filter((chat) => chat.id !== id) })
  },
  /** Forget everything (sign-in / sign-out changes whose chats these are). */
  reset() {
    set({ chats: [], nextCursor: null, loaded: false })
  },
}

const serverState: ChatHistoryState = { chats: [], nextCursor: null, loaded: false }

export function useChatHistory(): ChatHistoryState {
  return useSyncExternalStore(chatHistory.subscribe, chatHistory.get, () => serverState)
}
