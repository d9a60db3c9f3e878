// The items of a chat's menu in the sidebar and in a project's list, made when the menu opens (Pin
// or Unpin depends on the moment), so their code is not part of the first load.
import { chatHistory, type ChatSummary } from '../../lib/chat-history.ts'
import * as actions from '../../lib/chat-actions.ts'
import { Icon } from '../ui/icon.tsx'
import type { MenuSection } from '../ui/menu.tsx'

export function chatMenuSections(listed: ChatSummary, navigate: (to: string) => void): MenuSection[] {
  // The list's copy may be older than the store's (a pin a moment ago).
  const chat = chatHistory.get().chats.find((known) => known.id === listed.id) ?? listed
  return [
    {
      items: [
        { label: 'Rename', icon: <Icon name="lucide:pencil" size={16} />, onSelect: () => void actions.renameChat(chat) },
        chat.pinnedAt
          ? { label: 'Unpin', icon: <Icon name="lucide:pin-off" size={16} />, onSelect: () => void actions.pinChat(chat, false) }
          : { label: 'Pin', icon: <Icon name="lucide:pin" size={16} />, onSelect: () => void actions.pinChat(chat, true) },
        { label: 'Move to project…', icon: <Icon name="lucide:folder-input" size={16} />, onSelect: () => void actions.moveChat(chat) },
        { label: 'Share', icon: <Icon name="lucide:share-2" size={16} />, onSelect: () => actions.shareChat(chat) },
      ],
    },
    {
      label: 'Export',
      items: [
        { label: 'Markdown', icon: <Icon name="lucide:file-text" size={16} />, onSelect: () => void actions.exportChat(chat.id, 'md') },
        { label: 'JSON', icon: <Icon name="lucide:file-json" size={16} />, onSelect: () => void actions.exportChat(chat.id, 'json') },
      ],
    },
    {
      items: [
        { label: 'Archive', icon: <Icon name="lucide:archive" size={16} />, onSelect: () => void actions.archiveChat(chat) },
        { label: 'Delete', danger: true, icon: <Icon name="lucide:trash-2" size={16} />, onSelect: () => void actions.removeChat(chat, navigate) },
      ],
    },
  ]
}
