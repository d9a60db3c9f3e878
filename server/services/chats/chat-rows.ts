// Rows of the chats and messages tables as the pages and the API see them (chat-store.ts reads them).
import { storedUserParts } from './message-parts.ts'
import type { ChatSummary, StoredChatMessage as ChatMessage } from '../../../shared/page-data.ts'
import type { ChatsTable, MessagesTable } from '../../db/schema.ts'

type SummaryRow = Pick<ChatsTable, 'id' | 'title' | 'visibility' | 'model' | 'created_at' | 'updated_at'> & { pinned_at?: number | null; archived_at?: number | null; project_id?: string | null }

/** Pins, archiving and the project are named only when set (most chats have none: smaller lists). */
export function toSummary(row: SummaryRow): ChatSummary {
  return {
    id: row.id,
    title: row.title,
    visibility: row.visibility,
    model: row.model,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    ...(row.pinned_at != null && { pinnedAt: Number(row.pinned_at) }),
    ...(row.archived_at != null && { archivedAt: Number(row.archived_at) }),
    ...(row.project_id != null && { projectId: row.project_id }),
  }
}

function partsOf(row: Omit<MessagesTable, 'shown'>): ChatMessage['parts'] {
  const parts = JSON.parse(row.parts) as ChatMessage['parts']
  // A user message shows only what a user can send, whatever an older version stored.
  if (row.role === 'user') return storedUserParts(parts)
  // An answer that will not grow any more (stopped, failed, cut by a crash) has no open part.
  if (row.status !== 'streaming' && row.status !== 'complete') {
    for (const part of parts) if (part.state === 'streaming') part.state = 'done'
  }
  return parts
}

/**
 * An answer's `usage` column: the provider's token counts, and (in newer rows) under `details`
 * how the answer went (time to first token, total time, finish reason). Older rows have the
 * counts alone.
 */
function answerRecord(column: string | null): { usage?: Record<string, unknown>; details?: Record<string, unknown> } {
  if (!column) return {}
  const { details, ...usage } = JSON.parse(column) as Record<string, unknown>
  return { ...(Object.keys(usage).length > 0 && { usage }), ...(details !== undefined && { details: details as Record<string, unknown> }) }
}

export function toMessage(row: Omit<MessagesTable, 'shown'>): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    parts: partsOf(row),
    status: row.status,
    createdAt: Number(row.created_at),
    metadata: row.role === 'assistant' ? { model: row.model, ...answerRecord(row.usage) } : undefined,
  }
}
