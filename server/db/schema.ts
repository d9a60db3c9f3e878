// Table types for Kysely. Timestamps are milliseconds since the epoch.
import type { Generated } from 'kysely'

export interface UsersTable {
  id: string
  provider: string
  provider_id: string
  email: string | null
  name: string
  avatar: string | null
  username: string | null
  /** scrypt hash for local accounts, null for others. */
  password_hash: string | null
  created_at: number
  /** Made an administrator on the admin page (migration 0012); ADMIN_EMAILS admins need not be. */
  is_admin: Generated<number>
  /** Disabled by an administrator: cannot sign in, its sessions ended. */
  disabled_at: Generated<number | null>
  /** Last request of any of its sessions (to the minute). */
  last_active_at: Generated<number | null>
  /** 1 when the provider vouched for the email (GitHub's verified primary address, OIDC's email_verified). */
  email_verified: Generated<number>
  /** Its own daily token quota, set by an administrator (null: QUOTA_TOKENS_PER_DAY). */
  quota_tokens_per_day: Generated<number | null>
}

/** Signed-in sessions, so a sign-out revokes the cookie everywhere (a sealed cookie alone cannot). */
export interface SessionsTable {
  id: string
  user_id: string
  /** The anonymous owner id the visitor had before signing in (their data moves to the user). */
  anonymous_owner_id: string | null
  created_at: number
  revoked_at: number | null
}

export type Visibility = 'private' | 'public'
/** partial: stopped by the user; interrupted: cut by a crash, a restart or a lost replica. */
export type MessageStatus = 'complete' | 'streaming' | 'partial' | 'interrupted' | 'error'

export interface ChatsTable {
  id: string
  /** A user id, or the anonymous owner id of a visitor who has not signed in. */
  owner_id: string
  title: string
  visibility: Visibility
  model: string | null
  created_at: number
  /** Last activity: the sidebar orders by it. */
  updated_at: number
  /** Tools this chat turned off: a JSON array of names (null: none off). */
  tools_off: string | null
  /** The last message of the branch the chat shows (migration 0007); null only for a chat being made. */
  current_leaf_id: string | null
  /**
   * 1 once a message of the chat got a second version (migration 0008): its branch is then read
   * from the `shown` marks; a chat that never forked is read in order of writing (chat-tree.ts).
   */
  forked: Generated<number>
  /** A forked chat's versions: `{ parentId ('' for first messages): [ids, oldest first] }` JSON (chat-tree.ts). */
  versions: Generated<string | null>
  /** The chat's own system prompt (migration 0009): it follows the owner's instructions and the project's. */
  system_prompt: Generated<string | null>
  /** The project the chat belongs to (null: none). */
  project_id: Generated<string | null>
  /** When it was pinned (null: not pinned); pinned chats show first, newest pin first. */
  pinned_at: Generated<number | null>
  /** When it was archived (null: not archived): hidden from the sidebar, still searchable. */
  archived_at: Generated<number | null>
  /** Where an imported chat came from (`chatgpt:{id}`, `claude:{uuid}`, `chat:{id}`): one copy per owner. */
  imported_from: Generated<string | null>
  /** Its messages, every branch (migration 0015, kept by triggers on messages). */
  message_count: Generated<number>
  /** Its messages' parts in bytes, as stored (migration 0015, kept by triggers on messages). */
  message_bytes: Generated<number>
}

export interface MessagesTable {
  id: string
  chat_id: string
  /** Order within the chat (never order by time: two messages can share a millisecond). */
  seq: number
  /** The message this one follows (null for the chat's first): the chat is a tree of them. */
  parent_id: string | null
  /** In a forked chat, 1 for the messages of the branch it shows (migration 0008, chat-tree.ts). */
  shown: Generated<number>
  role: 'user' | 'assistant' | 'system'
  /** AI SDK UIMessage parts, JSON. */
  parts: string
  status: MessageStatus
  /** `{ inputTokens, outputTokens }` JSON for answers. */
  usage: string | null
  model: string | null
  created_at: number
}

/** What a running answer had at its last save (see migration 0004); gone once the answer is stored. */
export interface AnswerDraftsTable {
  message_id: string
  /** AI SDK UIMessage parts, JSON. */
  parts: string
  saved_at: number
}

export interface VotesTable {
  chat_id: string
  message_id: string
  value: 'up' | 'down'
}

/** A file a user uploaded (its bytes are in the file storage under its id). */
export interface FilesTable {
  id: string
  owner_id: string
  /** The name it was uploaded with, made safe (no path, no control characters). */
  filename: string
  /** Decided from the content, never from the name or the browser's claim. */
  media_type: string
  size: number
  /** The chat whose message carries it; null while no message does. */
  chat_id: string | null
  /** The project it belongs to (migration 0011): its text goes to every chat of the project. */
  project_id: Generated<string | null>
  created_at: number
}

/** An owner's settings (a user, or an anonymous visitor's owner id until sign-in moves them). */
export interface SettingsTable {
  owner_id: string
  /** Custom instructions: the first system prompt of every answer. */
  instructions: string | null
  /** The model a new chat starts with (null: the server's default). */
  default_model: string | null
  updated_at: number
}

/** A group of chats with its own instructions. */
export interface ProjectsTable {
  id: string
  owner_id: string
  name: string
  instructions: string | null
  created_at: number
  updated_at: number
}

export type ImportStatus = 'running' | 'done' | 'failed'

/** An import of an export file (migration 0010): its progress while it runs, its summary after. */
export interface ImportsTable {
  id: string
  owner_id: string
  filename: string
  status: ImportStatus
  /** chatgpt | claude | chat (ours), once known. */
  format: string | null
  /** Bytes of JSON to read (a zip's conversations.json uncompressed) and read so far. */
  total_bytes: number
  read_bytes: number
  imported: number
  /** Conversations imported before (skipped without a copy). */
  duplicates: number
  /** JSON `[{ title, reason }]` of the conversations that could not be imported (the first 50). */
  skipped: string
  /** Why the whole import failed. */
  error: string | null
  created_at: number
  updated_at: number
}

/** Tokens and answers per owner, model and UTC day (`2026-11-26`). */
export interface UsageDailyTable {
  day: string
  owner_id: string
  model: string
  input_tokens: number
  output_tokens: number
  answers: number
  failed: number
}

export interface FailuresDailyTable {
  day: string
  /** The error code the answer failed with (RATE_LIMITED, TIMEOUT, …). */
  kind: string
  count: number
}

/** What administrators did: who, what, to whom, when. */
export interface AuditLogTable {
  id: string
  at: number
  actor_id: string
  actor_email: string | null
  action: string
  target_id: string | null
  target_email: string | null
  /** JSON of what else matters (a quota's new value). */
  details: string | null
}

/** Personal API tokens: only their SHA-256 is kept. */
export interface ApiTokensTable {
  id: string
  user_id: string
  name: string
  token_hash: string
  created_at: number
  last_used_at: number | null
}

/** When each periodic job last ran, across replicas. */
export interface JobRunsTable {
  name: string
  ran_at: number
}

/** Each owner's sums over their chats (migration 0015, kept by triggers on chats): one row to read. */
export interface OwnerTotalsTable {
  owner_id: string
  chats: number
  messages: number
  message_bytes: number
}

/** Ids of deleted chats (migration 0019, written by a trigger): never given to anyone else's chat. */
export interface RetiredChatIdsTable {
  id: string
  /** The owner it had when it was deleted. */
  owner_id: string
  retired_at: number
}

/**
 * One version of an artifact (migration 0020): never overwritten, an edit is a new row. Gone with
 * its chat or its message; its bytes count in the chat's message_bytes (triggers).
 */
export interface ArtifactsTable {
  artifact_id: string
  /** 1, 2, 3… in the order they were made, across every branch of the chat. */
  version: number
  chat_id: string
  /** The message it belongs to: a branch sees the versions whose message is on it. */
  message_id: string
  kind: string
  title: string
  /** Code artifacts' language; null for other kinds. */
  language: string | null
  content: string
  author: 'model' | 'user'
  /** The content's length in bytes of UTF-8. */
  bytes: number
  created_at: number
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  chats: ChatsTable
  messages: MessagesTable
  votes: VotesTable
  answer_drafts: AnswerDraftsTable
  files: FilesTable
  settings: SettingsTable
  projects: ProjectsTable
  imports: ImportsTable
  usage_daily: UsageDailyTable
  failures_daily: FailuresDailyTable
  audit_log: AuditLogTable
  api_tokens: ApiTokensTable
  job_runs: JobRunsTable
  owner_totals: OwnerTotalsTable
  retired_chat_ids: RetiredChatIdsTable
  artifacts: ArtifactsTable
}
