// The rows a conversation read from an export becomes, made where the export is read (a worker
// thread, read-export-worker.ts) so that storing it is only writing them: new ids (an export's ids
// may be anyone's), the tree as it was (parents before children in order of writing), the branch it
// showed, and for a chat with versions the marks a forked chat is read by (chat-tree.ts). Every
// step is one pass over the messages, whatever the tree's shape (a parent with 40,000 children
// once took 28 s here, copying its list of children for each of them).
import { orderedId } from './ordered-id.ts'
import type { ImportedChat } from './imported-chat.ts'
import { capParts } from '../chats/message-size.ts'
import { planArtifacts, withImportedArtifactIds, type PlannedArtifactVersion } from '../artifacts/import-artifacts.ts'

/** A message as it is stored, but for its chat's id and its place (seq), given when it is written. */
export interface PlannedMessage {
  id: string
  parentId: string | null
  shown: 0 | 1
  role: 'user' | 'assistant'
  /** Its parts, as JSON. */
  parts: string
  model: string | null
  createdAt: number
}

/** A chat as it is stored, but for its id (chosen when it is written); its messages come apart. */
export type PlannedChat = Omit<ImportedChat, 'messages' | 'currentLeafSourceId' | 'artifacts'> & {
  currentLeafId: string
  forked: boolean
  /** Each parent's children when it has more than one (chat-tree.ts), as JSON; null without versions. */
  versions: string | null
  messageCount: number
  /** Its artifacts' versions under their new ids (our own export's). */
  artifacts?: PlannedArtifactVersion[]
}

/** `maxMessageChars`: what one message may hold (MESSAGE_STORED_MAX_CHARS); a longer one is stored cut, with a note. */
export function planImported(chat: ImportedChat, maxMessageChars: number): { chat: PlannedChat; messages: PlannedMessage[] } {
  const ids = new Map<string, string>()
  const parentOf = new Map<string, string | null>()
  for (const message of chat.messages) {
    ids.set(message.sourceId, orderedId())
    parentOf.set(message.sourceId, message.parentSourceId)
  }
  // Versions: the children of each parent ('' for first messages), in order of writing.
  const siblings = new Map<string, string[]>()
  for (const message of chat.messages) {
    const key = message.parentSourceId === null ? '' : ids.get(message.parentSourceId)!
    const group = siblings.get(key)
    if (group) group.push(ids.get(message.sourceId)!)
    else siblings.set(key, [ids.get(message.sourceId)!])
  }
  const versions: Record<string, string[]> = {}
  let forked = false
  for (const [parent, group] of siblings) {
    if (group.length < 2) continue
    versions[parent] = group
    forked = true
  }
  // The branch the chat shows: the current leaf and its ancestors.
  const shown = new Set<string>()
  for (let at: string | null = chat.currentLeafSourceId; at !== null && !shown.has(at); at = parentOf.get(at) ?? null) shown.add(at)
  const artifacts = planArtifacts(chat.artifacts ?? [], ids)

  const messages = chat.messages.map(
    (message): PlannedMessage => ({
      id: ids.get(message.sourceId)!,
      parentId: message.parentSourceId === null ? null : ids.get(message.parentSourceId)!,
      // A chat without versions is read in order of writing; a forked one by these marks.
      shown: !forked || shown.has(message.sourceId) ? 1 : 0,
      role: message.role,
      parts: JSON.stringify(capParts(withImportedArtifactIds(message.parts, artifacts.artifactIds), maxMessageChars).parts),
      model: message.role === 'assistant' ? (message.model ?? null) : null,
      createdAt: message.createdAt,
    }),
  )
  return {
    chat: {
      source: chat.source,
      ...(chat.chatId !== undefined && { chatId: chat.chatId }),
      title: chat.title,
      createdAt: chat.createdAt,
      updatedAt: chat.updatedAt,
      systemPrompt: chat.systemPrompt,
      // Without versions the chat is one line, which it shows to its end.
      currentLeafId: ids.get(forked ? chat.currentLeafSourceId : chat.messages.at(-1)!.sourceId)!,
      forked,
      versions: forked ? JSON.stringify(versions) : null,
      ...(chat.pinnedAt !== undefined && { pinnedAt: chat.pinnedAt }),
      ...(chat.archivedAt !== undefined && { archivedAt: chat.archivedAt }),
      messageCount: messages.length,
      ...(artifacts.versions.length > 0 && { artifacts: artifacts.versions }),
    },
    messages,
  }
}

/** From `start`, at most `maxRows` messages and `maxChars` of parts in all (at least one message). */
export function messagesWithin(messages: PlannedMessage[], start: number, maxRows: number, maxChars: number): PlannedMessage[] {
  let end = start
  let chars = 0
  while (end < messages.length && end - start < maxRows && (end === start || chars + messages[end]!.parts.length <= maxChars)) chars += messages[end++]!.parts.length
  return messages.slice(start, end)
}
