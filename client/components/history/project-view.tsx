// A project on the home screen (`/?project={id}`): its name and instructions with Edit and Delete
// above the composer (which starts a chat inside it), and its chats below. Its own chunk, loaded
// only when a project is shown. Two parts around the composer, so the composer keeps its place
// (and its focus) when this chunk arrives.
import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { http, HttpError } from '../../lib/http.ts'
import { chatHistory, useChatHistory, type ProjectSummary } from '../../lib/chat-history.ts'
import { useChatPages } from '../../lib/chat-pages.ts'
import { PrefetchLink } from '../app/prefetch-link.tsx'
import { Icon } from '../ui/icon.tsx'
import { Menu } from '../ui/menu.tsx'
import { Button } from '../ui/button.tsx'
import { chatLinkClasses } from './chat-history-list.tsx'
import { rowMenuButtonClasses } from './row-menu-button.ts'
import { ProjectFiles } from './project-files.tsx'

const actions = () => import('../../lib/chat-actions.ts')

/** The project: from the sidebar's list, else asked for (null while unknown, 'missing' when not the visitor's). */
function useProject(projectId: string): ProjectSummary | null | 'missing' {
  const listed = useChatHistory().projects.find((project) => project.id === projectId)
  const [asked, setAsked] = useState<{ id: string; project: ProjectSummary | 'missing' } | null>(null)
  useEffect(() => {
    if (listed) return
    let active = true
    http
      .get<ProjectSummary>(`/api/projects/${encodeURIComponent(projectId)}`)
      .then((project) => active && setAsked({ id: projectId, project }))
      .catch((error: unknown) => active && error instanceof HttpError && error.status === 404 && setAsked({ id: projectId, project: 'missing' }))
    return () => {
      active = false
    }
  }, [projectId, listed])
  return listed ?? (asked?.id === projectId ? asked.project : null)
}

export function ProjectPart({ projectId, part }: { projectId: string; part: 'header' | 'chats' }) {
  return part === 'header' ? <ProjectHeader projectId={projectId} /> : <ProjectChats projectId={projectId} />
}

function ProjectHeader({ projectId }: { projectId: string }) {
  const project = useProject(projectId)
  const [, navigate] = useLocation()
  if (project === 'missing') {
    return (
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-white">Project not found</h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-300">
          It was deleted, or it is not yours.{' '}
          <PrefetchLink href="/" className="font-medium text-secondary-700 underline underline-offset-2 dark:text-secondary-300">
            Start a chat outside any project
          </PrefetchLink>
        </p>
      </div>
    )
  }
  return (
    <div>
      <div className="flex items-start gap-3">
        <Icon name="lucide:folder-open" size={28} className="mt-0.5 shrink-0 text-neutral-600 dark:text-neutral-300" />
        <h1 className="min-w-0 flex-1 text-2xl font-semibold tracking-tight break-words text-neutral-900 sm:text-3xl dark:text-white">{project?.name ?? 'Project'}</h1>
        {project && (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" onClick={() => void actions().then((a) => a.editProject(project))}>
              <Icon name="lucide:pencil" size={16} />
              Edit
            </Button>
            <Button variant="ghost" aria-label={`Delete project “${project.name}”`} onClick={() => void actions().then((a) => a.removeProject(project, navigate))}>
              <Icon name="lucide:trash-2" size={16} />
            </Button>
          </div>
        )}
      </div>
      <p className="mt-2 max-h-60 overflow-y-auto whitespace-pre-wrap text-neutral-600 dark:text-neutral-300">
        {project ? project.instructions || 'No instructions yet: Edit gives the model some for every chat of this project.' : ' '}
      </p>
      {project && <ProjectFiles projectId={project.id} />}
    </div>
  )
}

function ProjectChats({ projectId }: { projectId: string }) {
  const [, navigate] = useLocation()
  const { chats: known } = useChatHistory()
  const { chats: fetched, hasMore, more, error } = useChatPages({ project: projectId }, 30)

  // The server's pages, as the sidebar's store knows them now (a chat moved, renamed or archived
  // since), and the chats moved or started here since.
  const chats = useMemo(() => {
    if (!fetched) return null
    const byId = new Map(known.map((chat) => [chat.id, chat]))
    const merged = new Map(fetched.map((chat) => [chat.id, byId.get(chat.id) ?? chat]))
    for (const chat of known) if (chat.projectId === projectId) merged.set(chat.id, chat)
    return [...merged.values()].filter((chat) => chat.projectId === projectId && !chat.archivedAt).sort((a, b) => b.updatedAt - a.updatedAt)
  }, [fetched, known, projectId])

  return (
    <section aria-labelledby="project-chats-heading">
      <h2 id="project-chats-heading" className="text-sm font-semibold text-neutral-700 dark:text-neutral-200">
        Chats in this project
      </h2>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
          Could not load the chats: {error}
        </p>
      )}
      {chats === null ? (
        !error && <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-300">Loading…</p>
      ) : chats.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-300">No chats yet. Start one above, or drag a chat from the sidebar onto the project.</p>
      ) : (
        <ul className="mt-2 grid gap-0.5">
          {chats.map((chat) => (
            <li key={chat.id} className="group relative">
              <PrefetchLink href={`/chat/${encodeURIComponent(chat.id)}`} prefetch="interaction" title={chat.title} className={chatLinkClasses(false)}>
                <span className="min-w-0 truncate">{chat.title}</span>
              </PrefetchLink>
              <div className="absolute inset-y-0 right-1 flex items-center">
                <Menu
                  label={`Options for “${chat.title}”`}
                  trigger={<Icon name="lucide:ellipsis" size={16} />}
                  triggerClassName={rowMenuButtonClasses(false)}
                  sections={() => import('./chat-menu.tsx').then((menu) => menu.chatMenuSections(chatHistory.get().chats.find((c) => c.id === chat.id) ?? chat, navigate))}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <Button variant="ghost" className="mt-2" onClick={more}>
          Show more
        </Button>
      )}
    </section>
  )
}
