// The sidebar's chat list, as the entry knows it: the list itself (chat-history-content.tsx) is a
// chunk of its own; this holds its place, its skeleton and the classes the shell shares with it.
// A first visit has no chat to list: the server draws the list's frame (Projects, New project,
// "No chats yet") and the browser keeps that HTML as it is, without React (an element with
// dangerouslySetInnerHTML, which hydration leaves alone), until the chunk is in: once the page has
// settled, or sooner when the pointer or the focus comes to the sidebar, or when a chat appears.
// The list then draws itself in that place, the same as before, and the focus, or a button
// clicked meanwhile, goes to the same button of the new list. A link meanwhile is followed by the
// browser itself. Not a Suspense boundary: React 19.2 streams a boundary of over 500 bytes after
// its fallback, with an inline script to swap it in (0.6 KB more HTML than the list it saved).
// A page that has rows to list loads the chunk before it hydrates (client/mount.tsx; the server
// names it among the preloads), so its rows show at hydration.
import { useEffect, useRef, useState, type ComponentType, type RefObject } from 'react'
import { hasSidebarRow } from '../../../shared/page-data.ts'
import { useChatHistory } from '../../lib/chat-history.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import { importWhenConnected } from '../../lib/chunk-reload.ts'
import { cx } from '../../lib/cx.ts'

export interface ChatHistoryListProps {
  scroller: RefObject<HTMLElement | null>
  onNavigate: () => void
}

/** The list's own props: where it is drawn, and what to hand over from the server's HTML. */
export interface ChatHistoryContentProps extends ChatHistoryListProps {
  place?: RefObject<HTMLDivElement | null>
  handover?: RefObject<Handover>
}

type Content = ComponentType<ChatHistoryContentProps>
let content: Content | undefined
let loading: Promise<Content | undefined> | undefined

/** Starts loading the list's chunk (once); resolves when it is in, or undefined when it failed (tried again next time). */
export function loadChatHistoryContent(): Promise<Content | undefined> {
  loading ??= importWhenConnected(() => import('./chat-history-content.tsx')).then(
    (module) => (content = module.ChatHistoryContent),
    (error: unknown) => {
      console.error('[app] could not load the chat list', error)
      loading = undefined
      return undefined
    },
  )
  return loading
}

/** The server's HTML of the list, read once at hydration and kept until the list's code is in. */
let serverHtml: string | undefined

/**
 * Where the focus, or a button clicked too early, was: the same button of the list once drawn
 * (chat-history-content.tsx hands them over, so that code is not part of the first load).
 */
export interface Handover {
  focused: number
  clicked: number
}
export const buttonsIn = (element: HTMLElement | null) => [...(element?.querySelectorAll<HTMLElement>('a[href], button') ?? [])]

export function ChatHistoryList({ scroller, onNavigate }: ChatHistoryListProps) {
  const place = useRef<HTMLDivElement>(null)
  const [Loaded, setLoaded] = useState<{ type: Content } | null>(() => (content ? { type: content } : null))
  const handover = useRef<Handover>({ focused: -1, clicked: -1 })
  const wanted = useChatHistory().chats.some(hasSidebarRow)

  useEffect(() => {
    if (Loaded) return
    let active = true
    const load = () =>
      void loadChatHistoryContent().then((type) => {
        if (!active || !type) return
        handover.current.focused = buttonsIn(place.current).indexOf(document.activeElement as HTMLElement)
        setLoaded({ type })
      })
    // A chat to list: now. Otherwise once the page has settled, or at the first sign the sidebar is
    // about to be used (the pointer over it, the focus in it, a touch).
    if (wanted) load()
    void pageSettled().then(load)
    const sidebar = scroller.current?.closest('aside')
    const events = ['pointerover', 'focusin', 'touchstart'] as const
    for (const event of events) sidebar?.addEventListener(event, load, { passive: true })
    // The server's buttons have no handlers yet: a click on one is kept for the list once drawn.
    const early = (event: MouseEvent) => {
      const button = event.target instanceof Element && place.current?.contains(event.target) ? event.target.closest('button') : null
      if (!button) return
      event.preventDefault()
      handover.current.clicked = buttonsIn(place.current).indexOf(button)
      load()
    }
    document.addEventListener('click', early, true)
    return () => {
      active = false
      events.forEach((event) => sidebar?.removeEventListener(event, load))
      document.removeEventListener('click', early, true)
    }
  }, [Loaded, wanted, scroller])

  if (Loaded) {
    return (
      <div ref={place} data-chat-list className="contents">
        <Loaded.type scroller={scroller} onNavigate={onNavigate} place={place} handover={handover} />
      </div>
    )
  }
  // In the browser, before the list's code: the server's HTML as it is (read at hydration), or the
  // skeleton where there is none (a list mounted later, without the server's HTML).
  if (typeof document !== 'undefined') serverHtml ??= document.querySelector('[data-chat-list]')?.innerHTML
  return serverHtml === undefined ? (
    <div ref={place} data-chat-list className="contents">
      <ListSkeleton />
    </div>
  ) : (
    <div ref={place} data-chat-list className="contents" dangerouslySetInnerHTML={{ __html: serverHtml }} suppressHydrationWarning />
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
