// The owner's chat list as the browser knows it. The sidebar renders it; the chat screen tells it
// about chats it creates, titles the server generates and chats it deletes, so the sidebar updates
// without a reload. Loading pages from GET /api/chats is the sidebar's job (it calls `appendPage`).
// It holds every chat it knows (the history's pages, the pinned ones, chats moved or archived since):
// the sidebar picks its groups from them, so a pin or a move is one update of one chat.
import { useSyncExternalStore } from 'react'
import type { ChatListPage, ChatSummary } from '../../shared/page-data.ts'
import type { ProjectSummary } from '../../shared/personal.ts'

export type { ChatSummary, ProjectSummary }

interface ChatHistoryState {
  chats: ChatSummary[]
  /** The owner's projects, by name. */
  projects: ProjectSummary[]
  /** Cursor for the next page; null once the last page is loaded. */
  nextCursor: string | null
  /** True once the first page has been loaded (or seeded). */
  loaded: boolean
}

const EMPTY: ChatHistoryState = { chats: [], projects: [], nextCursor: null, loaded: false }
let state = EMPTY
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
  /** Adds a page loaded from GET /api/chats (chats already known keep their newer copy); the first brings the pinned chats and the projects. */
  appendPage(page: ChatListPage) {
    set(withPage(state, page))
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
  /** Replaces the projects, and the chats if given (chat-actions.ts: a project made, renamed or deleted). */
  replace(next: Pick<ChatHistoryState, 'projects'> & Partial<Pick<ChatHistoryState, 'chats'>>) {
    set({ ...state, ...next })
  },
  /** Forget everything (sign-in / sign-out changes whose chats these are). */
  reset() {
    set(EMPTY)
  },
}

function withPage(current: ChatHistoryState, page: ChatListPage): ChatHistoryState {
  const known = new Set(current.chats.map((chat) => chat.id))
  const added = [...page.chats, ...(page.pinned ?? [])].filter((chat) => !known.has(chat.id) && known.add(chat.id))
  return { chats: [...current.chats, ...added].sort(byActivity), projects: page.projects ?? current.projects, nextCursor: page.nextCursor, loaded: true }
}

/** The list as the store holds it once seeded with the page's first page (what the server drew). */
export function historyOfFirstPage(page: ChatListPage | undefined): ChatHistoryState {
  return page ? withPage(EMPTY, page) : EMPTY
}

/**
 * `drawn`: what the server drew the list from (historyOfFirstPage of the page's state), for the
 * server render and for hydration; without it both see an empty, unloaded list.
 */
export function useChatHistory(drawn: ChatHistoryState = EMPTY): ChatHistoryState {
  return useSyncExternalStore(chatHistory.subscribe, chatHistory.get, () => drawn)
}
