// A conversation of a Claude export (`conversations.json`): `chat_messages` in order, each with its
// `sender` (human or assistant), `text` and `content` blocks (text, thinking, tool use and results),
// attachments with their extracted text, and in newer exports `parent_message_uuid` (branches).
import { SkippedConversation, fenced, mergeParts, timeOf, titleOf, type ImportedChat, type ImportedMessage } from './imported-chat.ts'

type Json = Record<string, any>
type Part = Record<string, unknown>

/** The parent Claude gives a conversation's first message. */
const ROOT_PARENT = '00000000-0000-4000-8000-000000000000'

export function isClaudeConversation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as Json).chat_messages)
}

function blockParts(block: Json): Part[] {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' && block.text.trim() ? [{ type: 'text', text: block.text }] : []
    case 'thinking':
      return typeof block.thinking === 'string' && block.thinking.trim() ? [{ type: 'reasoning', text: block.thinking, state: 'done' }] : []
    case 'tool_use':
      return [{ type: 'text', text: `**Tool call: ${String(block.name ?? 'tool')}**\n\n${fenced(JSON.stringify(block.input ?? {}, null, 2), 'json')}` }]
    case 'tool_result': {
      const inner = (Array.isArray(block.content) ? block.content : []).map((item: Json) => (typeof item?.text === 'string' ? item.text : '')).filter(Boolean).join('\n\n')
      return [{ type: 'text', text: `**${String(block.name ?? 'Tool')} result**\n\n${inner || '*(no text)*'}` }]
    }
    default:
      return typeof block.text === 'string' && block.text.trim() ? [{ type: 'text', text: block.text }] : [{ type: 'text', text: `*(${String(block.type ?? 'content')} not imported)*` }]
  }
}

/** Files a message carried: their text when the export has it, else their name. */
function attachmentParts(message: Json): Part[] {
  const attachments: Json[] = [...(Array.isArray(message.attachments) ? message.attachments : []), ...(Array.isArray(message.files) ? message.files : [])]
  return attachments.map((file) => {
    const name = String(file.file_name ?? 'a file')
    return typeof file.extracted_content === 'string' && file.extracted_content.trim()
      ? { type: 'text', text: `📎 **${name}**\n\n${fenced(file.extracted_content)}` }
      : { type: 'text', text: `📎 *${name} (the file is not in the export)*` }
  })
}

export function fromClaude(conversation: Json, now: number): ImportedChat {
  const title = titleOf(conversation.name)
  const id = conversation.uuid
  if (typeof id !== 'string' || !id) throw new SkippedConversation(title, 'it has no uuid')
  const createdAt = timeOf(conversation.created_at, now)
  const updatedAt = Math.max(createdAt, timeOf(conversation.updated_at, createdAt))
  const raw: Json[] = conversation.chat_messages.filter((message: unknown) => message && typeof message === 'object')
  // A tree when every message names its parent; otherwise the messages follow one another.
  const known = new Set(raw.map((message) => message.uuid))
  const tree = raw.length > 0 && raw.every((message) => typeof message.parent_message_uuid === 'string' && (message.parent_message_uuid === ROOT_PARENT || known.has(message.parent_message_uuid)))
  const messages: ImportedMessage[] = []
  const ids = new Set<string>()
  let previous: string | null = null
  raw.forEach((message, index) => {
    const sourceId = typeof message.uuid === 'string' && !ids.has(message.uuid) ? message.uuid : `message-${index}`
    const blocks: Part[] = (Array.isArray(message.content) && message.content.length > 0 ? message.content : [{ type: 'text', text: message.text }]).flatMap(blockParts)
    const role = message.sender === 'human' ? 'user' : 'assistant'
    // A user's message is text (their files as text too); reasoning and tools only in answers.
    const parts = mergeParts(role === 'user' ? [...blocks.filter((part) => part.type === 'text'), ...attachmentParts(message)] : [...blocks, ...attachmentParts(message)])
    if (parts.length === 0) return
    const parentSourceId = tree ? (message.parent_message_uuid === ROOT_PARENT || !ids.has(message.parent_message_uuid) ? null : message.parent_message_uuid) : previous
    messages.push({ sourceId, parentSourceId, role, parts, createdAt: timeOf(message.created_at, createdAt) })
    ids.add(sourceId)
    previous = sourceId
  })
  if (messages.length === 0) throw new SkippedConversation(title, 'it has no messages')
  // The branch shown: the newest message's (Claude's export does not say which one was shown).
  const currentLeafSourceId = messages.reduce((newest, message) => (message.createdAt >= newest.createdAt ? message : newest)).sourceId
  return { source: `claude:${id}`, title, createdAt, updatedAt, systemPrompt: '', messages, currentLeafSourceId }
}
