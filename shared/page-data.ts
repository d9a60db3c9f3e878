// What each page's loader returns (the `data` of PageState and `_payload.json`).
import type { ModelInfo } from './models.ts'
import type { ProjectSummary } from './personal.ts'

/** A tool models may call, as the Tools control lists it (GET /api/tools). */
export interface ToolInfo {
  name: string
  /** Its name in words. */
  label: string
  /** Where it comes from: "Built-in" or an MCP server's name. */
  group: string
  description: string
  needsApproval: boolean
}

export interface HomePageData {
  /** The model picker's choices, in the first paint (no request after hydration). */
  models: ModelInfo[]
  defaultModel: string
  /** The tools on offer (a new chat starts with all of them on). */
  tools: ToolInfo[]
  /** ANONYMOUS_CHAT=false, for a visitor not signed in: where to sign in (shown instead of the composer). */
  signInToChat?: string
}

/** partial: stopped by the user; interrupted: cut by a crash, a restart or a lost replica. */
export type MessageStatus = 'complete' | 'streaming' | 'partial' | 'interrupted' | 'error'

/** A stored message: the AI SDK UIMessage shape (`parts`) plus what the store knows about it. */
export interface StoredChatMessage {
  id: string
  role: 'user' | 'assistant' | 'system'
  parts: Array<Record<string, unknown>>
  status: MessageStatus
  createdAt: number
  /** clipped: a page carries only the start of a long message (the rest: GET /api/chats/:id/messages/:messageId). */
  metadata?: { model?: string | null; usage?: unknown; details?: unknown; clipped?: { shownChars: number; totalChars: number } }
  /**
   * Every version of this message (its siblings in the chat's tree, itself included), oldest
   * first; only when there is more than one. The switcher shows "index / length".
   */
  versions?: string[]
}

export interface ChatVote {
  messageId: string
  value: 'up' | 'down'
}

/** A chat in a list (GET /api/chats, the sidebar). */
export interface ChatSummary {
  id: string
  title: string
  visibility: 'private' | 'public'
  model: string | null
  createdAt: number
  updatedAt: number
  /** When its owner pinned it (absent: not pinned). */
  pinnedAt?: number
  /** When its owner archived it (absent: not archived). */
  archivedAt?: number
  /** The project it belongs to (absent: none). */
  projectId?: string
}

/**
 * Whether the sidebar draws a row for the chat: pinned (unless archived), or in the dated history
 * (in no project, not archived). The rows' code loads only once there is one (chat-history-list.tsx).
 */
export function hasSidebarRow(chat: ChatSummary): boolean {
  return !chat.archivedAt && (Boolean(chat.pinnedAt) || !chat.projectId)
}

/** A page of the owner's chats, newest activity first (GET /api/chats). */
export interface ChatListPage {
  chats: ChatSummary[]
  /** Cursor for the next page; null after the last one. */
  nextCursor: string | null
  /** With the first page of the sidebar's history: the pinned chats (newest pin first). */
  pinned?: ChatSummary[]
  /** With the first page of the sidebar's history: the owner's projects, by name. */
  projects?: ProjectSummary[]
}

/** A chat as its screen sees it: `isOwner` decides between the full screen and read-only. */
export interface ChatView extends ChatSummary {
  isOwner: boolean
  /** The chat's own system prompt (its owner only; absent when none). */
  systemPrompt?: string
  /** An answer is being written right now (the screen resumes its stream). */
  streaming: boolean
}

export interface ChatPageData {
  chat: ChatView
  messages: StoredChatMessage[]
  /**
   * True when the shown branch has messages before these: a long chat's page carries its latest
   * CHAT_PAGE_MESSAGES, and earlier ones come from `GET /api/chats/:id?before={id}` as the reader scrolls up.
   */
  hasEarlier?: boolean
  /** The owner's votes on answers (empty for readers of a public chat). */
  votes: ChatVote[]
  /** The size in bytes of each file the messages carry, by file id (for the file cards). */
  fileSizes: Record<string, number>
  /** The model picker's choices (the page only; the owner can switch the chat's model). */
  models?: ModelInfo[]
  /** The owner's Tools control: the tools on offer and which of them this chat turned off. */
  tools?: { available: ToolInfo[]; off: string[] }
}
