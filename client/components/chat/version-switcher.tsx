// Under a message with versions (an edited question, a regenerated answer): "Previous version",
// "2 / 3", "Next version". Switching shows that version's branch (chat.tsx asks the server, which
// keeps the choice). A chunk of its own, loaded by the message meta chunk for a message with versions.
import { useEffect, useRef } from 'react'
import { Icon } from '../ui/icon.tsx'
import type { StoredChatMessage } from '../../../shared/page-data.ts'
import { http } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { IconButton } from './icon-button.tsx'
import { describeChatError } from './chat-errors.ts'
import './version-switcher.css'

export interface VersionSwitcherProps {
  /** Every version of the message, oldest first (shared/page-data.ts). */
  versions: string[]
  current: string
  /** While an answer is written the branch cannot change. */
  disabled?: boolean
  chatId: string
  /** The branch of the version switched to, as the server now shows it (it keeps the choice). */
  onShown: (messages: StoredChatMessage[]) => void
}

/**
 * The switcher just used: the version it switched to gets a switcher of its own (a new message on
 * screen), which takes the focus, so a keyboard user can press again.
 */
let refocus: { messageId: string; label: string } | null = null

export function VersionSwitcher({ versions, current, disabled = false, chatId, onShown }: VersionSwitcherProps) {
  const group = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (refocus?.messageId !== current || !group.current) return
    const buttons = [...group.current.querySelectorAll('button')].filter((button) => !button.disabled)
    ;(buttons.find((button) => button.getAttribute('aria-label') === refocus!.label) ?? buttons[0])?.focus()
    refocus = null
  }, [current])
  const index = versions.indexOf(current)
  if (index < 0 || versions.length < 2) return null
  const previous = versions[index - 1]
  const next = versions[index + 1]
  async function switchTo(messageId: string | undefined, label: string) {
    if (!messageId) return
    refocus = { messageId, label }
    try {
      onShown((await http.post<{ messages: StoredChatMessage[] }>(`/api/chats/${encodeURIComponent(chatId)}/branch`, { messageId })).messages)
    } catch (error) {
      refocus = null
      notify({ title: 'Could not show that version', description: describeChatError(error).message, variant: 'error' })
    }
  }
  return (
    <span ref={group} className="message-versions" role="group" aria-label="Versions">
      <IconButton label="Previous version" disabled={disabled || !previous} onClick={() => void switchTo(previous, 'Previous version')}>
        <Icon name="lucide:chevron-left" size={16} />
      </IconButton>
      <span className="message-versions__count" aria-label={`Version ${index + 1} of ${versions.length}`}>
        {index + 1} / {versions.length}
      </span>
      <IconButton label="Next version" disabled={disabled || !next} onClick={() => void switchTo(next, 'Next version')}>
        <Icon name="lucide:chevron-right" size={16} />
      </IconButton>
    </span>
  )
}
