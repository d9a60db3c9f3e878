// The sidebar's chat list, as the entry knows it: a Suspense boundary around the list itself
// (chat-history-content.tsx, a chunk of its own), the list's skeleton, and the classes the shell
// shares with it. A first visit has no chat to list: the server draws the list's frame (Projects,
// New project, "No chats yet") and the browser leaves that HTML in place, hydrating it once the
// chunk is in: after the page has settled, or sooner when the pointer or the focus comes to the
// sidebar, or when a chat appears. A button clicked before then (React would drop that click) is
// clicked again once the list works; a link meanwhile is followed by the browser itself. A page
// that has rows to list loads the chunk with the page (client/mount.tsx; the server names it among
// the preloads), so its rows show at hydration as before.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ComponentType, type RefObject } from 'react'
import { hasSidebarRow } from '../../../shared/page-data.ts'
import { useChatHistory } from '../../lib/chat-history.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import { importWhenConnected } from '../../lib/chunk-reload.ts'
import { cx } from '../../lib/cx.ts'

export interface ChatHistoryListProps {
  scroller: RefObject<HTMLElement | null>
  onNavigate: () => void
}

type Content = ComponentType<ChatHistoryListProps>
let content: Content | undefined
let loading: Promise<Content | undefined> | undefined
let announce: (component: Content) => void
/** Settles once the chunk is in; never rejects (React would show an error instead of the list). */
const arrived = new Promise<Content>((resolve) => (announce = resolve))

/** Starts loading the list's chunk (once); resolves when it is in, or undefined when it failed (tried again next time). */
export function loadChatHistoryContent(): Promise<Content | undefined> {
  loading ??= importWhenConnected(() => import('./chat-history-content.tsx')).then(
    (module) => {
      content = module.ChatHistoryContent
      announce(content)
      return content
    },
    (error: unknown) => {
      console.error('[app] could not load the chat list', error)
      loading = undefined
      return undefined
    },
  )
  return loading
}

// A component already in (the server, a page that loaded it before hydrating) renders at once:
// React's lazy reads a thenable that calls back synchronously as already resolved.
const ChatHistoryContent = lazy<Content>(() =>
  content ? { then: (resolve: (module: { default: Content }) => void) => resolve({ default: content! }) } as Promise<{ default: Content }> : arrived.then((loaded) => ({ default: loaded })),
)

let drawn = false
let clickedEarly: HTMLElement | null = null

/** The list has hydrated (or mounted): it handles its own clicks; one that came too early is replayed. */
export function chatListDrawn(): void {
  drawn = true
  const button = clickedEarly
  clickedEarly = null
  if (button?.isConnected) button.click()
}

export function ChatHistoryList({ scroller, onNavigate }: ChatHistoryListProps) {
  const wanted = useChatHistory().chats.some(hasSidebarRow)
  // A chat to list: its rows are wanted now. Otherwise once the page has settled, or at the first
  // sign the sidebar is about to be used (the pointer over it, the focus in it, a touch).
  useEffect(() => {
    if (wanted) void loadChatHistoryContent()
  }, [wanted])
  useEffect(() => {
    void pageSettled().then(loadChatHistoryContent)
    const sidebar = scroller.current?.closest('aside')
    if (!sidebar || drawn) return
    const soon = () => void loadChatHistoryContent()
    const events = ['pointerover', 'focusin', 'touchstart'] as const
    for (const event of events) sidebar.addEventListener(event, soon, { once: true, passive: true })
    // Caught on the document, before React's own listener on the root stops it.
    const early = (event: MouseEvent) => {
      const button = !drawn && event.target instanceof Element && scroller.current?.contains(event.target) && event.target.closest('button')
      if (!button) return
      event.preventDefault()
      event.stopPropagation()
      clickedEarly = button
      soon()
    }
    document.addEventListener('click', early, true)
    return () => {
      events.forEach((event) => sidebar.removeEventListener(event, soon))
      document.removeEventListener('click', early, true)
    }
  }, [scroller])

  // The boundary must not change while the server's HTML waits for its code: React would throw
  // that HTML away for the skeleton. So the element is made once, with a navigate that calls the latest.
  const latestNavigate = useRef(onNavigate)
  useLayoutEffect(() => {
    latestNavigate.current = onNavigate
  })
  const navigate = useCallback(() => latestNavigate.current(), [])
  return useMemo(
    () => (
      <Suspense fallback={<ListSkeleton />}>
        <ChatHistoryContent scroller={scroller} onNavigate={navigate} />
      </Suspense>
    ),
    [scroller, navigate],
  )
}

/** Class lists joined with cx() (the sidebar is on every first paint): no two may conflict (test/unit/class-lists.test.ts). */
export function chatLinkClasses(current: boolean): string {
  return cx(
    // No outline-none here: in Tailwind 4 it sets the outline style to none, which the
    // focus-visible width and colour below cannot bring back (no focus ring at all).
    'flex h-9 items-center rounded-md py-2 pr-9 pl-2 text-sm',
    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
    current
      ? 'bg-neutral-200 font-medium text-neutral-900 dark:bg-neutral-800 dark:text-white'
      : 'text-neutral-700 hover:bg-neutral-200/70 dark:text-neutral-300 dark:hover:bg-neutral-800/70',
  )
}

export function ListSkeleton() {
  return (
    <div role="status" className="grid gap-2 px-2 pt-3">
      <span className="sr-only">Loading chats…</span>
      {[72, 56, 80, 64, 48].map((width, index) => (
        <div key={index} aria-hidden="true" className="h-5 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" style={{ width: `${width}%` }} />
      ))}
    </div>
  )
}
