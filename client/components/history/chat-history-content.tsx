// The sidebar's chat list itself: the pinned chats, the projects, the owner's chats grouped by
// date (chat-history-rows.tsx), the empty state, loading and errors; loaded page by page as the
// list scrolls (a sentinel after the last row asks for the next page when it comes near the view).
// A chunk of its own (chat-history-list.tsx loads it): a first visit has no chat to list, so the
// server draws its frame and the browser makes it work once the page has settled.
// Date groups depend on the viewer's clock and time zone: a list with rows is drawn in the browser
// only (a skeleton until then), inside its own scroll area, so it moves nothing else on the page.
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useLocation, useRoute, useSearch } from 'wouter'
import { hasSidebarRow } from '../../../shared/page-data.ts'
import { historyOfFirstPage, useChatHistory, type ProjectSummary } from '../../lib/chat-history.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import { chatListOwner, ensureChatList, loadNextChatPage, useChatListStatus } from '../../lib/chat-list-loader.ts'
import { useSession } from '../../lib/session.ts'
import { InitialStateContext } from '../../lib/page-context.ts'
import { cx } from '../../lib/cx.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'
import { useInlinedIcons } from '../../lib/icons.ts'
import { ChatRowGroups, GROUP_HEADING, LIST_ICONS, type ChatRowGroupsProps } from './chat-history-rows.tsx'
import { ListSkeleton, buttonsIn, chatLinkClasses, type ChatHistoryContentProps } from './chat-history-list.tsx'

const LIST_ICON_NAMES = Object.values(LIST_ICONS)

/** The list is remounted with each page (the layout is): its scroll position outlives it here. */
let savedScrollTop = 0

const actions = () => import('../../lib/chat-actions.ts')

export function ChatHistoryContent({ scroller, onNavigate, place, handover }: ChatHistoryContentProps) {
  useInlinedIcons(LIST_ICON_NAMES)
  // Drawn in place of the server's HTML: the focus goes to the same button, and a button clicked
  // before this code came is clicked now. (The place's element is the one that held that HTML.)
  useLayoutEffect(() => {
    const focused = handover?.current.focused ?? -1
    if (focused >= 0 && place) buttonsIn(place.current)[focused]?.focus()
  }, []) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!handover || !place) return
    const { clicked } = handover.current
    handover.current = { focused: -1, clicked: -1 }
    if (clicked >= 0) buttonsIn(place.current)[clicked]?.click()
  }, []) // eslint-disable-line react-hooks/exhaustive-deps
  // The server and the hydration draw the list of the page's state; the store holds it from then on.
  const firstPage = useContext(InitialStateContext)?.chatList
  const drawn = useMemo(() => historyOfFirstPage(firstPage), [firstPage])
  const { chats, projects, loaded, nextCursor } = useChatHistory(drawn)
  const { loading, error } = useChatListStatus()
  const ownerKey = chatListOwner(useSession().session)
  const [, params] = useRoute<{ id: string }>('/chat/:id')
  const currentId = params?.id
  // Grouping needs the browser's clock: null during the server render and hydration.
  const [now, setNow] = useState<number | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const hasRows = chats.some(hasSidebarRow)

  // The list follows whoever is signed in (a sign-in or sign-out changes whose chats these are).
  useEffect(() => ensureChatList(ownerKey), [ownerKey])
  useEffect(() => {
    setNow(Date.now())
    // Past midnight, "Today" becomes "Yesterday".
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])

  // Dragging a chat onto a project: wired once the page has settled (not part of the first load).
  useEffect(() => {
    let off: (() => void) | undefined
    let active = true
    void pageSettled()
      .then(() => import('./chat-drag.ts'))
      .then((drag) => active && scroller.current && (off = drag.enableChatDrag(scroller.current)))
      // Offline, or a new build replaced the chunk: the list works without dragging until a reload.
      .catch(() => undefined)
    return () => {
      active = false
      off?.()
    }
  }, [scroller])

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = savedScrollTop
    const onScroll = () => (savedScrollTop = element.scrollTop)
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [scroller])

  // Re-created after each page: if the sentinel is still in view (a tall screen), the observer's
  // first report asks for the next page at once. `shown`: the sentinel only exists once the list is drawn.
  const shown = loaded && (!hasRows || now !== null)
  useEffect(() => {
    const target = sentinel.current
    if (!target || !nextCursor || loading || error) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadNextChatPage(), {
      root: scroller.current,
      rootMargin: '0px 0px 240px 0px',
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [nextCursor, loading, error, chats.length, scroller, shown])

  if (!shown) return error ? <LoadError message={error} /> : <ListSkeleton />

  // Pinned first (newest pin first), then the projects, then the dated history: the chats neither
  // pinned, archived nor in a project.
  const rows = (part: ChatRowGroupsProps['part']) => now !== null && <ChatRowGroups chats={chats} now={now} currentId={currentId} onNavigate={onNavigate} part={part} />

  return (
    <>
      {rows('pinned')}
      <Projects projects={projects} onNavigate={onNavigate} />
      {!hasRows ? (
        <div className="flex flex-col items-center gap-2 px-2 py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">
          <Icon name={LIST_ICONS.empty} size={20} />
          <p>No chats yet.</p>
          <p className="text-xs">Your conversations will appear here.</p>
        </div>
      ) : (
        rows('dated')
      )}
      {nextCursor && !error && (
        <div ref={sentinel} className="flex h-10 items-center justify-center" data-testid="chat-list-sentinel">
          {loading && (
            <>
              <Icon name="lucide:loader-circle" size={16} className="animate-spin text-neutral-500 motion-reduce:animate-none" />
              <span className="sr-only">Loading more chats…</span>
            </>
          )}
        </div>
      )}
      {error && <LoadError message={error} />}
    </>
  )
}

/** The projects, each a link to its page (`/?project=`) and a place to drop a chat; and New project. */
function Projects({ projects, onNavigate }: { projects: ProjectSummary[]; onNavigate: () => void }) {
  const [, navigate] = useLocation()
  const shown = new URLSearchParams(useSearch()).get('project')
  return (
    <section aria-labelledby="chat-group-projects" className="mb-3">
      <h2 id="chat-group-projects" className={GROUP_HEADING}>
        Projects
      </h2>
      <ul className="grid grid-cols-1 gap-0.5">
        {projects.map((project) => (
          // A chat dragged here moves into the project (chat-drag.ts).
          <li key={project.id} data-project-id={project.id}>
            <PrefetchLink href={`/?project=${encodeURIComponent(project.id)}`} aria-current={shown === project.id ? 'page' : undefined} onClick={onNavigate} className={cx(chatLinkClasses(shown === project.id), 'gap-2')}>
              <Icon name={LIST_ICONS.project} size={16} className="shrink-0" />
              <span className="min-w-0 truncate">{project.name}</span>
            </PrefetchLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => {
              onNavigate()
              void actions()
                .then((a) => a.newProject())
                .then((project) => project && navigate(`/?project=${encodeURIComponent(project.id)}`))
            }}
            className={cx(chatLinkClasses(false), 'w-full gap-2')}
          >
            <Icon name={LIST_ICONS.newProject} size={16} className="shrink-0" />
            New project
          </button>
        </li>
      </ul>
    </section>
  )
}

function LoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-2 my-3 rounded-md border border-error-200 bg-error-50 p-3 text-sm text-error-700 dark:border-error-900 dark:bg-error-950/40 dark:text-error-300">
      <p>Could not load your chats: {message}</p>
      <button type="button" onClick={() => void loadNextChatPage()} className="mt-2 font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600">
        Try again
      </button>
    </div>
  )
}
