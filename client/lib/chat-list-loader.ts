// Loads the owner's chat list into the chat-history store page by page (GET /api/chats). The list
// belongs to whoever is signed in (or to the anonymous visitor): when that changes, the store is
// emptied and loaded again, and answers still on their way for the previous owner are dropped.
import { useSyncExternalStore } from 'react'
import { chatHistory } from './chat-history.ts'

export interface ChatListStatus {
  loading: boolean
  /** The last page load failed with this message (cleared by the next attempt). */
  error: string | null
}

let status: ChatListStatus = { loading: false, error: null }
const listeners = new Set<() => void>()
/** Whose chats the store holds: a user id, 'anonymous', or null before the first load. */
let owner: string | null = null
/** Bumped when the owner changes: a page that arrives for an older generation is dropped. */
let generation = 0

function setStatus(next: ChatListStatus) {
  status = next
  for (const listener of listeners) listener()
}

/** Loads the next page unless one is loading or the last one is in. */
export async function loadNextChatPage(): Promise<void> {
  const { loaded, nextCursor } = chatHistory.get()
  if (status.loading || (loaded && nextCursor === null)) return
  const mine = generation
  setStatus({ loading: true, error: null })
  try {
    // Loaded on demand: a first paint needs no HTTP client.
    const { listChats } = await import('./chat-api.ts')
    const page = await listChats(loaded ? nextCursor : null)
    if (mine !== generation) return
    chatHistory.appendPage(page.chats, page.nextCursor)
    setStatus({ loading: false, error: null })
  } catch (error) {
    if (mine !== generation) return
    console.warn('[chat-list] could not load chats', error)
    setStatus({ loading: false, error: error instanceof Error ? error.message : String(error) })
  }
}

/** Makes the store hold `ownerKey`'s list, loading its first page when needed. */
export function ensureChatList(ownerKey: string): void {
  if (owner !== null && owner !== ownerKey) {
    generation++
    chatHistory.reset()
    status = { loading: false, error: null }
  }
  owner = ownerKey
  if (!chatHistory.get().loaded) void loadNextChatPage()
}

export function useChatListStatus(): ChatListStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => status,
    () => status,
  )
}
