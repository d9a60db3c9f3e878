// The chat list calls of the sidebar, search palette, share dialog and export (server/routes/chats).
import { http } from './http.ts'
import type { ChatSummary, ProjectSummary } from './chat-history.ts'
import type { ChatSearchHit } from '../../shared/chat-search.ts'
import { SIDEBAR_PAGE_SIZE } from '../../shared/constants.ts'
import type { ChatListPage } from '../../shared/page-data.ts'

export type SearchHit = ChatSearchHit

const chatPath = (id: string) => `/api/chats/${encodeURIComponent(id)}`

export function listChats(cursor: string | null, signal?: AbortSignal): Promise<ChatListPage> {
  return http.get<ChatListPage>('/api/chats', { query: { limit: SIDEBAR_PAGE_SIZE, cursor: cursor ?? undefined }, signal })
}

export interface ChatChanges {
  title?: string
  visibility?: ChatSummary['visibility']
  pinned?: boolean
  archived?: boolean
  projectId?: string | null
  systemPrompt?: string
}

export function updateChat(id: string, changes: ChatChanges): Promise<ChatSummary & { systemPrompt: string }> {
  // keepalive: the sidebar shows a pin, a rename or a move at once, so a reload right after it must
  // not cancel the request that saves it (a change is at most a 4,000-character prompt: well under
  // the browser's 64 KiB for such requests).
  return http.request<ChatSummary & { systemPrompt: string }>(chatPath(id), { method: 'PATCH', body: changes, keepalive: true })
}

export function deleteChat(id: string): Promise<void> {
  return http.delete(chatPath(id))
}

export async function searchChats(q: string, signal?: AbortSignal): Promise<SearchHit[]> {
  return (await http.get<{ results: SearchHit[] }>('/api/chats/search', { query: { q, limit: 20 }, signal })).results
}

/** Makes the chat show the branch through a message (another version of it); the server keeps the choice. Did the branch change? */
export async function showBranchOf(chatId: string, messageId: string): Promise<boolean> {
  return (await http.post<{ switched: boolean }>(`${chatPath(chatId)}/branch`, { messageId })).switched
}

export function exportUrl(id: string, format: 'md' | 'json'): string {
  return `${chatPath(id)}/export?format=${format}`
}

/** A chat's own page, as an absolute link for sharing. */
export function chatLink(id: string): string {
  return new URL(`/chat/${encodeURIComponent(id)}`, window.location.origin).href
}

export function createProject(draft: { name: string; instructions: string }): Promise<ProjectSummary> {
  return http.post<ProjectSummary>('/api/projects', draft)
}

export function updateProject(id: string, draft: { name?: string; instructions?: string }): Promise<ProjectSummary> {
  return http.request<ProjectSummary>(`/api/projects/${encodeURIComponent(id)}`, { method: 'PATCH', body: draft })
}

export function deleteProject(id: string): Promise<void> {
  return http.delete(`/api/projects/${encodeURIComponent(id)}`)
}
