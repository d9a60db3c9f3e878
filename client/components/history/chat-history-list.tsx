// The sidebar's chat list: its frame (the projects, the empty state, loading and errors) and the
// owner's chats grouped by date, loaded page by page as the list scrolls (a sentinel after the
// last row asks for the next page when it comes near the view). The rows themselves are a chunk of
// their own (chat-history-rows.tsx), loaded once there is a chat to show: a first visit has none.
// The list is drawn in the browser only: its date groups depend on the viewer's clock and time
// zone, and it appears inside its own scroll area, so it moves nothing else on the page.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useLocation, useRoute, useSearch } from 'wouter'
import { hasSidebarRow } from '../../../shared/page-data.ts'
import { useChatHistory, type ProjectSummary } from '../../lib/chat-history.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import { chatListOwner, ensureChatList, loadNextChatPage, useChatListStatus } from '../../lib/chat-list-loader.ts'
import { useSession } from '../../lib/session.ts'
import { cx } from '../../lib/cx.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'
import { useInlinedIcons } from '../../lib/icons.ts'
import type { ChatRowGroupsProps } from './chat-history-rows.tsx'

/** What the list shows right after hydration: the empty state, a public chat's mark, a row's menu, projects. */
export const LIST_ICONS = { empty: 'lucide:message-square', public: 'lucide:globe', rowMenu: 'lucide:ellipsis', project: 'lucide:folder', newProject: 'lucide:folder-plus' } as const
const LIST_ICON_NAMES = Object.values(LIST_ICONS)

/** The rows' classes are in the shell's stylesheet: they show without waiting for the whole sheet. */
const ChatRowGroups = lazyComponent<ChatRowGroupsProps>('the chat list', () => import('./chat-history-rows.tsx').then((module) => module.ChatRowGroups), { wholeStylesheet: false })

/** The list is remounted with each page (the layout is): its scroll position outlives it here. */
let savedScrollTop = 0

const actions = () => import('../../lib/chat-actions.ts')

export function ChatHistoryList({ scroller, onNavigate }: { scroller: RefObject<HTMLElement | null>; onNavigate: () => void }) {
  useInlinedIcons(LIST_ICON_NAMES)
  const { chats, projects, loaded, nextCursor } = useChatHistory()
  const { loading, error } = useChatListStatus()
  const { session } = useSession()
  const ownerKey = chatListOwner(session)
  const [, params] = useRoute<{ id: string }>('/chat/:id')
  const currentId = params?.id
  // Grouping needs the browser's clock: null during the server render and hydration.
  const [now, setNow] = useState<number | null>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const hasRows = chats.some(hasSidebarRow)
  const Rows = ChatRowGroups.useComponent(hasRows)

  useEffect(() => ensureChatList(ownerKey), [ownerKey])
  // Without a chat yet, the rows' code comes once the page has settled: the first chat then shows at once.
  useEffect(() => void pageSettled().then(ChatRowGroups.load), [])
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
  // first report asks for the next page at once. `drawn`: a page inlined with the document is in
  // the store before the list first draws (with its rows' code), and the sentinel only exists from then on.
  const drawn = loaded && now !== null && (!hasRows || Rows !== null)
  useEffect(() => {
    const target = sentinel.current
    if (!target || !nextCursor || loading || error) return
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void loadNextChatPage(), {
      root: scroller.current,
      rootMargin: '0px 0px 240px 0px',
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [nextCursor, loading, error, chats.length, scroller, drawn])

  // Until the rows' code is in, the list keeps its skeleton: the frame and the rows appear together.
  if (!loaded || now === null || (hasRows && !Rows)) {
    return error ? <LoadError message={error} /> : <ListSkeleton />
  }

  // Pinned first (newest pin first), then the projects, then the dated history: the chats neither
  // pinned, archived nor in a project.
  const rows = (part: ChatRowGroupsProps['part']) => Rows && <Rows chats={chats} now={now} currentId={currentId} onNavigate={onNavigate} part={part} />

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

export const GROUP_HEADING = 'sticky top-0 z-10 bg-neutral-50 px-2 pt-2 pb-1 text-xs font-medium text-neutral-600 dark:bg-neutral-950 dark:text-neutral-400'

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

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-2 px-2 pt-3">
      <span className="sr-only">Loading chats…</span>
      {[72, 56, 80, 64, 48].map((width, index) => (
        <div key={index} aria-hidden="true" className="h-5 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800" style={{ width: `${width}%` }} />
      ))}
    </div>
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
