import { useEffect, useState } from 'react'
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import { Icon } from '../ui/icon.tsx'
import { ColorModeButton } from './color-mode-button.tsx'
import { AccountMenu } from './account-menu.tsx'
import { useSidebarCollapsed } from '../../lib/sidebar.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { useRoute } from 'wouter'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { useChatHistory } from '../../lib/chat-history.ts'
import { Tooltip } from '../ui/tooltip.tsx'

// Share and Export only exist on a chat screen: their code loads there, not with every first load.
const ChatHeaderActions = lazyComponent('the chat actions', () => import('./chat-header-actions.tsx').then((module) => module.ChatHeaderActions))

const ICON_BUTTON =
  'inline-flex size-9 pointer-coarse:size-11 shrink-0 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'

export function AppHeader({ onToggleSidebar, drawerOpen, chatTitle }: { onToggleSidebar: () => void; drawerOpen: boolean; chatTitle?: string }) {
  const collapsed = useSidebarCollapsed()
  const [onChat, params] = useRoute<{ id: string }>('/chat/:id')
  // The sidebar's entry follows renames and the generated title; the page's own data is the
  // fallback for a chat not in the list (someone else's public chat, one beyond the loaded pages).
  const { chats } = useChatHistory()
  const title = onChat ? (chats.find((chat) => chat.id === params?.id)?.title ?? chatTitle) : undefined
  const ChatActions = ChatHeaderActions.useComponent(onChat)
  // aria-expanded depends on the viewport, which the server cannot know: set after hydration.
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    setExpanded(window.matchMedia('(min-width: 768px)').matches ? !collapsed : drawerOpen)
  }, [collapsed, drawerOpen])

  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-neutral-200 px-2 sm:gap-2 sm:px-3 dark:border-neutral-800">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={expanded}
        className={ICON_BUTTON}
      >
        <Icon name="lucide:panel-left" size={20} />
      </button>
      {title !== undefined ? (
        <p className="min-w-0 truncate text-sm font-semibold text-neutral-900 dark:text-white" data-chat-title title={title}>
          {title}
        </p>
      ) : (
        // Its touch height (44 px, styles/base.css) as line height: the name stays centred in the bar.
        <PrefetchLink href="/" className="truncate text-sm font-semibold text-neutral-900 pointer-coarse:leading-11 dark:text-white">
          {PRODUCT_NAME}
        </PrefetchLink>
      )}
      <div className="ml-auto flex shrink-0 items-center gap-1">
        {/* On phones the sidebar's New chat is a tap further away: here it is one tap. */}
        <Tooltip content="New chat">
          <PrefetchLink href="/" aria-label="New chat" className={`${ICON_BUTTON} md:hidden`}>
            <Icon name="lucide:square-pen" size={20} />
          </PrefetchLink>
        </Tooltip>
        {onChat && ChatActions && <ChatActions />}
        {/* On a phone a chat's header needs the room for its title: the colour mode is in Settings and the account menu. */}
        <ColorModeButton className={onChat ? 'max-sm:hidden' : ''} />
        <AccountMenu />
      </div>
    </header>
  )
}
