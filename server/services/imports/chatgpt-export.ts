// A conversation of a ChatGPT export (`conversations.json`): `mapping` is a tree of nodes (each with
// its parent, its children and maybe a message), `current_node` the leaf of the branch shown. Kept:
// every branch, user and assistant messages, code, the system prompt; tool calls, their results,
// browsing and image generation as readable text; reasoning as reasoning. Nodes with nothing to
// show (the empty root, hidden context) are skipped and their children follow their parent.
import { SkippedConversation, fenced, mergeParts, timeOf, titleOf, type ImportedChat, type ImportedMessage } from './imported-chat.ts'

type Json = Record<string, any>
type Part = Record<string, unknown>

/** What one node adds: a message's parts, or text for the system prompt; null when nothing. */
interface NodeContent {
  role: 'user' | 'assistant' | 'system'
  parts: Part[]
  createdAt: number | null
  model: string | null
}

export function isChatGptConversation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'mapping' in value && typeof (value as Json).mapping === 'object'
}

const text = (value: string): Part[] => (value.trim() ? [{ type: 'text', text: value }] : [])

function partsOf(message: Json): Part[] {
  const content: Json = message.content ?? {}
  const recipient = typeof message.recipient === 'string' ? message.recipient : 'all'
  const toolName = typeof message.author?.name === 'string' ? message.author.name : 'tool'
  const strings = (Array.isArray(content.parts) ? content.parts : []).map((part: unknown) => {
    if (typeof part === 'string') return part
    if (part && typeof part === 'object') {
      const object = part as Json
      if (object.content_type === 'image_asset_pointer') return `🖼️ *An image${object.metadata?.dalle?.prompt ? ` generated for “${String(object.metadata.dalle.prompt).slice(0, 300)}”` : ''} (images are not in the export's text)*`
      if (typeof object.text === 'string') return object.text
      return `*(${String(object.content_type ?? 'content')}: not imported)*`
    }
    return ''
  })
  const joined = strings.filter(Boolean).join('\n\n')
  switch (content.content_type) {
    case 'text':
    case 'multimodal_text':
      return message.author?.role === 'tool' ? text(joined && `**${toolName}**\n\n${joined}`) : text(joined)
    case 'code': {
      const language = typeof content.language === 'string' && content.language !== 'unknown' ? content.language : ''
      const code = String(content.text ?? '')
      if (!code.trim()) return []
      // Sent to a tool (python, the browser, image generation): a tool call, shown as one.
      return text(recipient === 'all' ? fenced(code, language) : `**Tool call: ${recipient}**\n\n${fenced(code, language)}`)
    }
    case 'execution_output':
      return text(String(content.text ?? '').trim() && `**Output**\n\n${fenced(String(content.text))}`)
    case 'tether_browsing_display':
      return text(String(content.summary || content.result || '').trim() && `**Browsing**\n\n${String(content.summary || content.result)}`)
    case 'tether_quote':
      return text(String(content.text ?? '').trim() && `> **${String(content.title ?? content.domain ?? 'Quote')}** ${content.url ? `(${String(content.url)})` : ''}\n>\n> ${String(content.text).replace(/\n/g, '\n> ')}`)
    case 'system_error':
      return text(`**Error${content.name ? ` (${String(content.name)})` : ''}:** ${String(content.text ?? '')}`)
    case 'thoughts': {
      const thoughts = (Array.isArray(content.thoughts) ? content.thoughts : []).map((thought: Json) => [thought.summary, thought.content].filter(Boolean).join('\n\n')).filter(Boolean).join('\n\n')
      return thoughts ? [{ type: 'reasoning', text: thoughts, state: 'done' }] : []
    }
    case 'reasoning_recap':
      // "Thought for 12 seconds": the reasoning itself is kept from its own node.
      return []
    case 'user_editable_context':
      return text([content.user_profile, content.user_instructions].filter((part) => typeof part === 'string' && part.trim()).join('\n\n'))
    default:
      // Something this importer does not know: its text if it has some, else a note, never nothing.
      if (typeof content.text === 'string') return text(content.text)
      if (joined) return text(joined)
      return text(`*(${String(content.content_type ?? 'a message')} not imported)*`)
  }
}

function contentOf(node: Json): NodeContent | null {
  const message: Json | null | undefined = node.message
  if (!message || typeof message !== 'object') return null
  const role = message.author?.role
  const hidden = message.metadata?.is_visually_hidden_from_conversation === true
  // Hidden context is skipped, except the user's instructions (what the model was told).
  if (hidden && message.content?.content_type !== 'user_editable_context') return null
  const parts = partsOf(message)
  if (parts.length === 0) return null
  const createdAt = typeof message.create_time === 'number' ? timeOf(message.create_time, 0) : null
  if (role === 'system' || message.content?.content_type === 'user_editable_context') return { role: 'system', parts, createdAt, model: null }
  if (role === 'user') return { role: 'user', parts: parts.filter((part) => part.type === 'text'), createdAt, model: null }
  if (role === 'assistant' || role === 'tool') return { role: 'assistant', parts, createdAt, model: typeof message.metadata?.model_slug === 'string' ? message.metadata.model_slug : null }
  return null
}

export function fromChatGpt(conversation: Json, now: number): ImportedChat {
  const title = titleOf(conversation.title)
  const id = conversation.conversation_id ?? conversation.id
  if (typeof id !== 'string' || !id) throw new SkippedConversation(title, 'it has no id')
  const mapping: Record<string, Json> = conversation.mapping
  const createdAt = timeOf(conversation.create_time, now)
  const updatedAt = Math.max(createdAt, timeOf(conversation.update_time, createdAt))
  const system: string[] = []
  const messages: ImportedMessage[] = []
  const byId = new Map<string, ImportedMessage>()
  /** Each node id → the message that stands for it (itself, the one it was merged into, or its nearest kept ancestor's). */
  const standsFor = new Map<string, string | null>()

  const childrenOf = (nodeId: string): string[] => {
    const children = (Array.isArray(mapping[nodeId]?.children) ? mapping[nodeId]!.children : []).filter((child: unknown) => typeof child === 'string' && mapping[child as string])
    // Versions oldest first: by their message's time where it has one, else as listed.
    const time = (child: string) => mapping[child]?.message?.create_time ?? 0
    return [...children].sort((a, b) => time(a) - time(b))
  }
  const roots = Object.keys(mapping).filter((nodeId) => {
    const parent = mapping[nodeId]?.parent
    return typeof parent !== 'string' || !mapping[parent]
  })

  // Depth first, parents before children, with an explicit stack (a long chat is a deep tree).
  const stack: Array<{ nodeId: string; parent: string | null; parentSingle: boolean }> = roots.reverse().map((nodeId) => ({ nodeId, parent: null, parentSingle: false }))
  const seen = new Set<string>()
  while (stack.length > 0) {
    const { nodeId, parent, parentSingle } = stack.pop()!
    if (seen.has(nodeId)) continue
    seen.add(nodeId)
    const content = contentOf(mapping[nodeId]!)
    let stands = parent
    if (content?.role === 'system') {
      system.push(...content.parts.map((part) => String(part.text ?? '')))
    } else if (content) {
      const above = parent ? byId.get(parent) : undefined
      // A step of the same answer (reasoning, a tool call, its result, the text after it) with no
      // other version at this point joins the message before it.
      if (above && above.role === 'assistant' && content.role === 'assistant' && parentSingle) {
        above.parts = mergeParts([...above.parts, ...content.parts])
        if (content.model) above.model = content.model
      } else {
        const message: ImportedMessage = {
          sourceId: nodeId,
          parentSourceId: parent,
          role: content.role,
          parts: mergeParts(content.parts),
          createdAt: content.createdAt ?? (above?.createdAt ?? createdAt),
          model: content.model,
        }
        messages.push(message)
        byId.set(nodeId, message)
        stands = nodeId
      }
    }
    standsFor.set(nodeId, stands)
    const children = childrenOf(nodeId)
    for (const child of [...children].reverse()) stack.push({ nodeId: child, parent: stands, parentSingle: children.length === 1 })
  }

  if (messages.length === 0) throw new SkippedConversation(title, 'it has no messages')
  const current = typeof conversation.current_node === 'string' ? standsFor.get(conversation.current_node) : undefined
  // Without a usable current node: the newest message.
  const currentLeafSourceId = current ?? messages.reduce((newest, message) => (message.createdAt >= newest.createdAt ? message : newest)).sourceId
  return { source: `chatgpt:${id}`, title, createdAt, updatedAt, systemPrompt: system.filter((piece) => piece.trim()).join('\n\n'), messages, currentLeafSourceId }
}
