// What the chat menus and header buttons do: rename, delete, share, export. Loaded the first time
// one is used (first paint shows only the buttons), so dialogs and the HTTP client stay out of the
// first load.
import { chatHistory, type ChatSummary, type ProjectSummary } from './chat-history.ts'
import { createProject, deleteChat, deleteProject, exportUrl, updateChat, updateProject, type ChatChanges } from './chat-api.ts'
import { HttpError } from './http.ts'
import { notify } from './toast.ts'
import { overlay } from './overlay.ts'
import { confirm, prompt } from '../components/ui/dialog.tsx'
import { ShareDialog } from '../components/history/share-dialog.tsx'

export const TITLE_MAX_CHARS = 100
/** How long a deleted chat can be brought back (the toast's Undo). */
export const DELETE_UNDO_MS = 8000

type Navigate = (to: string) => void

/** The problem with a title the user typed, in words, or null when the server will take it. */
export function titleProblem(value: string): string | null {
  const title = value.trim()
  if (!title) return 'The title cannot be empty.'
  if (title.length > TITLE_MAX_CHARS) return `The title can be at most ${TITLE_MAX_CHARS} characters (this one has ${title.length}).`
  return null
}

function reason(error: unknown): string {
  if (error instanceof HttpError && error.status === 0) return 'Check your connection and try again.'
  return error instanceof Error ? error.message : String(error)
}

/** Updates the sidebar's copy, if it has one (a chat beyond the loaded pages is not inserted out of order). */
function updateKnown(chat: Partial<ChatSummary> & { id: string }) {
  if (chatHistory.get().chats.some((known) => known.id === chat.id)) chatHistory.upsert(chat)
}

function isOpen(chatId: string): boolean {
  return window.location.pathname === `/chat/${encodeURIComponent(chatId)}`
}

export async function renameChat(chat: Pick<ChatSummary, 'id' | 'title'>): Promise<void> {
  const value = await prompt({
    title: 'Rename chat',
    label: 'Chat title',
    initialValue: chat.title,
    submitLabel: 'Rename',
    validate: titleProblem,
  })
  if (value === null || value.trim() === chat.title) return
  const title = value.trim()
  // Shown at once; put back if the server refuses.
  updateKnown({ id: chat.id, title })
  try {
    updateKnown(await updateChat(chat.id, { title }))
  } catch (error) {
    updateKnown({ id: chat.id, title: chat.title })
    notify({ title: 'Could not rename the chat', description: reason(error), variant: 'error' })
  }
}

export async function removeChat(chat: Pick<ChatSummary, 'id' | 'title'>, navigate: Navigate): Promise<void> {
  const confirmed = await confirm({
    title: 'Delete this chat?',
    description: `“${chat.title}” and all its messages will be deleted.`,
    confirmLabel: 'Delete',
    danger: true,
  })
  if (!confirmed) return
  // Gone from the list at once; deleted on the server when the toast closes without Undo (or when
  // the page goes away first), so Undo needs nothing from the server.
  const listed = chatHistory.get().chats.find((known) => known.id === chat.id)
  const wasOpen = isOpen(chat.id)
  chatHistory.remove(chat.id)
  if (wasOpen) navigate('/')
  let settled = false
  const deleteOnLeave = () => void fetch(`/api/chats/${encodeURIComponent(chat.id)}`, { method: 'DELETE', keepalive: true, credentials: 'same-origin' })
  window.addEventListener('pagehide', deleteOnLeave)
  const settle = () => {
    settled = true
    window.removeEventListener('pagehide', deleteOnLeave)
  }
  notify({
    title: 'Chat deleted',
    description: `“${chat.title}” was deleted.`,
    variant: 'success',
    duration: DELETE_UNDO_MS,
    action: {
      label: 'Undo',
      altText: 'Undo the deletion of the chat',
      onClick: () => {
        if (settled) return
        settle()
        if (listed) chatHistory.upsert(listed)
        if (wasOpen) navigate(`/chat/${encodeURIComponent(chat.id)}`)
      },
    },
    onClose: () => {
      if (settled) return
      settle()
      void deleteChat(chat.id).catch((error: unknown) => {
        // Already gone (deleted in another tab): what the user wanted.
        if (error instanceof HttpError && error.status === 404) return
        if (listed) chatHistory.upsert(listed)
        notify({ title: 'Could not delete the chat', description: reason(error), variant: 'error' })
      })
    },
  })
}

export function shareChat(chat: Pick<ChatSummary, 'id' | 'title' | 'visibility'>, onChange?: (chat: ChatSummary) => void): void {
  overlay.open(ShareDialog, {
    chat,
    onSaved(saved: ChatSummary) {
      updateKnown(saved)
      onChange?.(saved)
    },
  })
}

/** The file name the server gave: the UTF-8 one (the chat's title as written) when there is one. */
function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? ''
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1]
  if (utf8) {
    try {
      return decodeURIComponent(utf8)
    } catch {
      // Malformed: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback
}

/**
 * Downloads the chat as Markdown or JSON. Fetched first rather than linked: a failure (the chat
 * was deleted, the connection dropped) becomes a toast instead of a downloaded error page.
 */
export async function exportChat(chatId: string, format: 'md' | 'json'): Promise<void> {
  const label = format === 'md' ? 'Markdown' : 'JSON'
  try {
    const response = await fetch(exportUrl(chatId, format), { credentials: 'same-origin' })
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null
      throw new HttpError(response.status, `HTTP_${response.status}`, body?.message ?? response.statusText, response.url)
    }
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = filenameOf(response, `chat-${chatId}.${format}`)
    document.body.append(link)
    link.click()
    link.remove()
    // The download has its own copy once it started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } catch (error) {
    notify({ title: `Could not export the chat as ${label}`, description: reason(error), variant: 'error' })
  }
}

/**
 * Changes how a chat is filed (pin, archive, project): the sidebar shows it at once, the server's
 * answer confirms it, and a refusal puts it back and says why. Returns the saved chat (null when refused).
 */
async function refile(chat: ChatSummary, changes: ChatChanges, failure: string): Promise<ChatSummary | null> {
  const at = Date.now()
  const optimistic: ChatSummary = { ...chat }
  if (changes.pinned !== undefined) optimistic.pinnedAt = changes.pinned ? at : undefined
  if (changes.archived !== undefined) optimistic.archivedAt = changes.archived ? at : undefined
  if (changes.projectId !== undefined) optimistic.projectId = changes.projectId ?? undefined
  chatHistory.upsert(optimistic)
  try {
    const { systemPrompt: _prompt, toolsOff: _tools, ...saved } = (await updateChat(chat.id, changes)) as ChatSummary & { systemPrompt?: string; toolsOff?: string[] }
    // Absent fields are unset: the saved copy replaces every one of them.
    chatHistory.upsert({ ...saved, pinnedAt: saved.pinnedAt, archivedAt: saved.archivedAt, projectId: saved.projectId })
    return saved
  } catch (error) {
    chatHistory.upsert({ ...chat, pinnedAt: chat.pinnedAt, archivedAt: chat.archivedAt, projectId: chat.projectId })
    notify({ title: failure, description: reason(error), variant: 'error' })
    return null
  }
}

export async function pinChat(chat: ChatSummary, pinned: boolean): Promise<void> {
  await refile(chat, { pinned }, pinned ? 'Could not pin the chat' : 'Could not unpin the chat')
}

/** Hides the chat from the sidebar (the settings dialog lists it; search finds it), with Undo. */
export async function archiveChat(chat: ChatSummary): Promise<void> {
  if (!(await refile(chat, { archived: true }, 'Could not archive the chat'))) return
  notify({
    title: 'Chat archived',
    description: `“${chat.title}” is in Settings › Archived chats.`,
    variant: 'success',
    action: { label: 'Undo', altText: 'Bring the chat back from the archive', onClick: () => void refile({ ...chat, archivedAt: Date.now() }, { archived: false }, 'Could not restore the chat') },
  })
}

/** Moves a chat into a project, or out of its project (null); a drop on a project in the sidebar. */
export async function moveChatTo(chat: ChatSummary, projectId: string | null): Promise<void> {
  if ((chat.projectId ?? null) === projectId) return
  const saved = await refile(chat, { projectId }, 'Could not move the chat')
  const project = chatHistory.get().projects.find((known) => known.id === projectId)
  if (saved) notify({ title: project ? `Moved to “${project.name}”` : 'Moved out of its project', variant: 'success', type: 'background' })
}

/** Asks where the chat goes (a project, none, or a new one) and moves it. */
export async function moveChat(chat: ChatSummary): Promise<void> {
  const { MoveToProjectDialog } = await import('../components/history/project-dialogs.tsx')
  const choice = await overlay.open(MoveToProjectDialog, { title: chat.title, current: chat.projectId, projects: chatHistory.get().projects }).result
  if (choice === null || choice === undefined) return
  if (choice === 'new') {
    const project = await newProject()
    if (project) await moveChatTo(chat, project.id)
    return
  }
  await moveChatTo(chat, choice || null)
}

/** A project made or changed, into the sidebar's list (kept by name). */
function keepProject(project: ProjectSummary) {
  const others = chatHistory.get().projects.filter((known) => known.id !== project.id)
  chatHistory.replace({ projects: [...others, project].sort((a, b) => a.name.localeCompare(b.name)) })
}

/** Asks for a name and instructions and makes the project; the sidebar lists it at once. */
export async function newProject(): Promise<ProjectSummary | null> {
  const { ProjectDialog } = await import('../components/history/project-dialogs.tsx')
  const draft = await overlay.open(ProjectDialog, {}).result
  if (!draft) return null
  try {
    const project = await createProject(draft)
    keepProject(project)
    return project
  } catch (error) {
    notify({ title: 'Could not create the project', description: reason(error), variant: 'error' })
    return null
  }
}

export async function editProject(project: ProjectSummary): Promise<ProjectSummary | null> {
  const { ProjectDialog } = await import('../components/history/project-dialogs.tsx')
  const draft = await overlay.open(ProjectDialog, { project }).result
  if (!draft) return null
  try {
    const saved = await updateProject(project.id, draft)
    keepProject(saved)
    return saved
  } catch (error) {
    notify({ title: 'Could not save the project', description: reason(error), variant: 'error' })
    return null
  }
}

/** Deletes the project after asking; its chats stay, outside any project. */
export async function removeProject(project: ProjectSummary, navigate: Navigate): Promise<void> {
  const confirmed = await confirm({ title: 'Delete this project?', description: `“${project.name}” will be deleted. Its chats stay, outside any project.`, confirmLabel: 'Delete project', danger: true })
  if (!confirmed) return
  try {
    await deleteProject(project.id)
    const { projects, chats } = chatHistory.get()
    // Its chats are outside any project now.
    chatHistory.replace({ projects: projects.filter((known) => known.id !== project.id), chats: chats.map((chat) => (chat.projectId === project.id ? { ...chat, projectId: undefined } : chat)) })
    if (new URLSearchParams(window.location.search).get('project') === project.id) navigate('/')
    notify({ title: 'Project deleted', description: `Its chats are in your history.`, variant: 'success' })
  } catch (error) {
    notify({ title: 'Could not delete the project', description: reason(error), variant: 'error' })
  }
}
