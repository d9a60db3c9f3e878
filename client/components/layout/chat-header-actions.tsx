// Share and Export in the header, on a chat the visitor owns. Which chat: the route (/chat/:id).
// Whether it is theirs: the sidebar's list holds only their chats; a chat beyond the pages loaded
// so far is asked about once (GET /api/chats/:id says isOwner). A public chat opened by someone
// else shows neither.
import { useEffect, useState } from 'react'
import { useRoute } from 'wouter'
import { useChatHistory, type ChatSummary } from '../../lib/chat-history.ts'
import { Icon } from '../ui/icon.tsx'
import { Menu } from '../ui/menu.tsx'
import { Tooltip } from '../ui/tooltip.tsx'

const actions = () => import('../../lib/chat-actions.ts')

const ICON_BUTTON =
  'inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'

/** Answers about chats not in the list, by id: the chat when owned, null when not. */
const ownership = new Map<string, Promise<ChatSummary | null>>()

function askOwnership(id: string): Promise<ChatSummary | null> {
  let answer = ownership.get(id)
  if (!answer) {
    answer = import('../../lib/http.ts')
      .then(({ http }) => http.get<{ chat: ChatSummary & { isOwner: boolean } }>(`/api/chats/${encodeURIComponent(id)}`))
      .then(({ chat }) => (chat.isOwner ? chat : null))
      .catch(() => null)
    ownership.set(id, answer)
    // Asked again next time: sign-in or a share can change the answer.
    void answer.finally(() => setTimeout(() => ownership.delete(id), 30_000))
  }
  return answer
}

function useOwnedChat(id: string | undefined): [ChatSummary | null, (chat: ChatSummary) => void] {
  const { chats, loaded } = useChatHistory()
  const listed = id ? (chats.find((chat) => chat.id === id) ?? null) : null
  const [asked, setAsked] = useState<{ id: string; chat: ChatSummary | null } | null>(null)
  // Not in the list: ask (a chat in a project, an archived one, one beyond the pages loaded).
  const unknown = Boolean(id && !listed && loaded)

  useEffect(() => {
    if (!id || !unknown) return
    let active = true
    void askOwnership(id).then((chat) => active && setAsked({ id, chat }))
    return () => {
      active = false
    }
  }, [id, unknown])

  // After a change (Share) the answer is the saved chat.
  function update(chat: ChatSummary) {
    ownership.set(chat.id, Promise.resolve(chat))
    setAsked({ id: chat.id, chat })
  }
  if (listed) return [listed, update]
  return [unknown && asked && asked.id === id ? asked.chat : null, update]
}

export function ChatHeaderActions() {
  const [, params] = useRoute<{ id: string }>('/chat/:id')
  const [chat, update] = useOwnedChat(params?.id)
  if (!chat) return null
  const editPrompt = () => void import('../chat/system-prompt.tsx').then((dialog) => dialog.editSystemPrompt(chat.id))
  const exportAs = (format: 'md' | 'json') => void actions().then((a) => a.exportChat(chat.id, format))
  const exportItems = [
    { label: 'Markdown', icon: <Icon name="lucide:file-text" size={16} />, onSelect: () => exportAs('md') },
    { label: 'JSON', icon: <Icon name="lucide:file-json" size={16} />, onSelect: () => exportAs('json') },
  ]
  // On a phone the header would leave the chat's title a few pixels: Share stays a button, the
  // system prompt and Export go into one menu (from `sm` up, each is its own button).
  return (
    <>
      <Tooltip content="System prompt">
        <button type="button" aria-label="System prompt" onClick={editPrompt} className={`${ICON_BUTTON} max-sm:hidden`}>
          <Icon name="lucide:scroll-text" size={20} />
        </button>
      </Tooltip>
      <Tooltip content="Share">
        <button type="button" aria-label="Share chat" onClick={() => void actions().then((a) => a.shareChat(chat, update))} className={ICON_BUTTON}>
          <Icon name={chat.visibility === 'public' ? 'lucide:globe' : 'lucide:share'} size={20} />
        </button>
      </Tooltip>
      <Menu label="Export chat" tooltip="Export" trigger={<Icon name="lucide:download" size={20} />} triggerClassName={`${ICON_BUTTON} max-sm:hidden`} sections={[{ label: 'Export as', items: exportItems }]} />
      <Menu
        label="Chat options"
        trigger={<Icon name="lucide:ellipsis-vertical" size={20} />}
        triggerClassName={`${ICON_BUTTON} sm:hidden`}
        sections={[
          { items: [{ label: 'System prompt', icon: <Icon name="lucide:scroll-text" size={16} />, onSelect: editPrompt }] },
          { label: 'Export as', items: exportItems },
        ]}
      />
    </>
  )
}
