import { useEffect, useState } from 'react'
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import { Icon } from '../ui/icon.tsx'
import { ColorModeButton } from './color-mode-button.tsx'
import { AccountMenu } from './account-menu.tsx'
import { useSidebarCollapsed } from '../../lib/sidebar.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { useRoute } from 'wouter'
import { lazyComponent } from '../../lib/lazy-component.ts'

// Share and Export only exist on a chat screen: their code loads there, not with every first load.
const ChatHeaderActions = lazyComponent('the chat actions', () => import('./chat-header-actions.tsx').then((module) => module.ChatHeaderActions))

export function AppHeader({ onToggleSidebar, drawerOpen }: { onToggleSidebar: () => void; drawerOpen: boolean }) {
  const collapsed = useSidebarCollapsed()
  const [onChat] = useRoute('/chat/:id')
  const ChatActions = ChatHeaderActions.useComponent(onChat)
  // aria-expanded depends on the viewport, which the server cannot know: set after hydration.
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    setExpanded(window.matchMedia('(min-width: 768px)').matches ? !collapsed : drawerOpen)
  }, [collapsed, drawerOpen])

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-neutral-200 px-3 dark:border-neutral-800">
      <button
        type="button"
        onClick={onToggleSidebar}
        aria-label="Toggle sidebar"
        aria-controls="app-sidebar"
        aria-expanded={expanded}
        className="inline-flex size-9 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
      >
        <Icon name="lucide:panel-left" size={20} />
      </button>
      <PrefetchLink href="/" className="truncate text-sm font-semibold text-neutral-900 dark:text-white">
        {PRODUCT_NAME}
      </PrefetchLink>
      <div className="ml-auto flex items-center gap-1">
        {onChat && ChatActions && <ChatActions />}
        <ColorModeButton />
        <AccountMenu />
      </div>
    </header>
  )
}
