// Loads the owner's chat list into the chat-history store page by page (GET /api/chats). The list
// belongs to whoever is signed in (or to the anonymous visitor): when that changes, the store is
// emptied and loaded again, and answers still on their way for the previous owner are dropped.
// A full page load brings the first page inlined (seedChatList): no request, no HTTP client.
import { chatHistory } from './chat-history.ts'
import { externalValue } from './external-value.ts'
import type { ChatListPage } from '../../shared/page-data.ts'
import type { Session } from '../../shared/session.ts'

export interface ChatListStatus {
  loading: boolean
  /** The last page load failed with this message (cleared by the next attempt). */
  error: string | null
}

const status = externalValue<ChatListStatus>({ loading: false, error: null })
/** Whose chats the store holds: a user id, 'anonymous', or null before the first load. */
let owner: string | null = null
/** Bumped when the owner changes: a page that arrives for an older generation is dropped. */
let generation = 0

/** Whose list the sidebar shows for this session. */
export function chatListOwner(session: Session): string {
  return session.user?.id ?? 'anonymous'
}

/** The first page the server rendered the page with (before hydration). */
export function seedChatList(ownerKey: string, page: ChatListPage): void {
  owner = ownerKey
  chatHistory.appendPage(page)
}

/** Loads the next page unless one is loading or the last one is in. */
export async function loadNextChatPage(): Promise<void> {
  const { loaded, nextCursor } = chatHistory.get()
  if (status.get().loading || (loaded && nextCursor === null)) return
  const mine = generation
  status.set({ loading: true, error: null })
  try {
    // Loaded on demand: a first paint needs no HTTP client.
    const { listChats } = await import('./chat-api.ts')
    const page = await listChats(loaded ? nextCursor : null)
    if (mine !== generation) return
    chatHistory.appendPage(page)
    status.set({ loading: false, error: null })
  } catch (error) {
    if (mine !== generation) return
    console.warn('[chat-list] could not load chats', error)
    status.set({ loading: false, error: error instanceof Error ? error.message : String(error) })
  }
}

/** Makes the store hold `ownerKey`'s list, loading its first page when needed. */
export function ensureChatList(ownerKey: string): void {
  if (owner !== null && owner !== ownerKey) {
    generation++
    chatHistory.reset()
    status.set({ loading: false, error: null })
  }
  owner = ownerKey
  if (!chatHistory.get().loaded) void loadNextChatPage()
}

export function useChatListStatus(): ChatListStatus {
  return status.useValue()
}
