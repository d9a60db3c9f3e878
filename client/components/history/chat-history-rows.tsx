// The sidebar's chat rows: the pinned chats, and the history grouped by date, each row a link and
// a menu. Part of the list's chunk (chat-history-content.tsx), whose classes are in the shell's
// stylesheet (scripts/build/shell-styles.ts).
import { useMemo } from 'react'
import { useLocation } from 'wouter'
import type { ChatSummary } from '../../lib/chat-history.ts'
import { groupByDate } from '../../lib/chat-groups.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'
import { Menu } from '../ui/menu.tsx'
import { chatLinkClasses } from './chat-history-list.tsx'
import { rowMenuButtonClasses } from './row-menu-button.ts'

/** What the list shows as soon as it is drawn: the empty state, a public chat's mark, a row's menu, projects. */
export const LIST_ICONS = { empty: 'lucide:message-square', public: 'lucide:globe', rowMenu: 'lucide:ellipsis', project: 'lucide:folder', newProject: 'lucide:folder-plus' } as const

export const GROUP_HEADING = 'sticky top-0 z-10 bg-neutral-50 px-2 pt-2 pb-1 text-xs font-medium text-neutral-600 dark:bg-neutral-950 dark:text-neutral-400'

export interface ChatRowGroupsProps {
  /** Every chat the list knows; each part picks its own. */
  chats: ChatSummary[]
  /** The browser's clock (date groups are the viewer's calendar days). */
  now: number
  currentId: string | undefined
  onNavigate: () => void
  /** 'pinned' above the projects, 'dated' below them. */
  part: 'pinned' | 'dated'
}

/** The pinned chats (newest pin first), or the dated history: the chats neither pinned, archived nor in a project. */
export function ChatRowGroups({ chats, now, currentId, onNavigate, part }: ChatRowGroupsProps) {
  const groups = useMemo(() => {
    if (part === 'pinned') {
      const pinned = chats.filter((chat) => chat.pinnedAt && !chat.archivedAt).sort((a, b) => b.pinnedAt! - a.pinnedAt!)
      return pinned.length > 0 ? [{ key: 'pinned', label: 'Pinned', items: pinned }] : []
    }
    return groupByDate(
      chats.filter((chat) => !chat.pinnedAt && !chat.projectId && !chat.archivedAt),
      now,
    )
  }, [chats, now, part])

  return groups.map((group) => (
    <section key={group.key} aria-labelledby={`chat-group-${group.key}`} className="mb-3">
      <h2 id={`chat-group-${group.key}`} className={GROUP_HEADING}>
        {group.label}
      </h2>
      <ul className="grid grid-cols-1 gap-0.5">
        {group.items.map((chat) => (
          <ChatRow key={chat.id} chat={chat} current={chat.id === currentId} onNavigate={onNavigate} />
        ))}
      </ul>
    </section>
  ))
}

function ChatRow({ chat, current, onNavigate }: { chat: ChatSummary; current: boolean; onNavigate: () => void }) {
  const [, navigate] = useLocation()
  return (
    <li className="group relative">
      <PrefetchLink
        href={`/chat/${encodeURIComponent(chat.id)}`}
        prefetch="interaction"
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
        // Dragged onto a project, it moves there (chat-drag.ts).
        data-chat-id={chat.id}
        title={chat.title}
        className={chatLinkClasses(current)}
      >
        <span className="min-w-0 truncate">{chat.title}</span>
        {chat.visibility === 'public' && <Icon name={LIST_ICONS.public} size={12} label="Public" className="ml-1.5 shrink-0 text-neutral-500 dark:text-neutral-400" />}
      </PrefetchLink>
      <div className="absolute inset-y-0 right-1 flex items-center">
        <Menu
          label={`Options for “${chat.title}”`}
          trigger={<Icon name={LIST_ICONS.rowMenu} size={16} />}
          triggerClassName={rowMenuButtonClasses(current)}
          sections={() => import('./chat-menu.tsx').then((menu) => menu.chatMenuSections(chat, navigate))}
        />
      </div>
    </li>
  )
}
