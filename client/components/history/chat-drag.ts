// Drag a chat from the sidebar onto a project to move it there. Wired by delegation on the sidebar's
// list once the page has settled, so none of it is in the first load: a chat row's link carries
// `data-chat-id`, a project's row `data-project-id`.
import { chatHistory } from '../../lib/chat-history.ts'

const TYPE = 'application/x-chat-id'
/** How the project under a dragged chat looks (the open chat's look in the list). */
const HIGHLIGHT = ['bg-neutral-200', 'dark:bg-neutral-800']

export function enableChatDrag(root: HTMLElement): () => void {
  let over: HTMLElement | null = null
  const mark = (project: HTMLElement | null) => {
    over?.classList.remove(...HIGHLIGHT)
    over = project
    project?.classList.add(...HIGHLIGHT)
  }
  const projectAt = (event: DragEvent) => (event.target instanceof Element ? event.target.closest<HTMLElement>('[data-project-id]') : null)

  const listeners: Array<[string, (event: DragEvent) => void]> = [
    [
      'dragstart',
      (event) => {
        const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-chat-id]') : null
        if (row && event.dataTransfer) event.dataTransfer.setData(TYPE, row.dataset.chatId!)
      },
    ],
    [
      'dragover',
      (event) => {
        const project = projectAt(event)
        if (!project || !event.dataTransfer?.types.includes(TYPE)) return mark(null)
        // Accepting the drop: a move.
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        mark(project)
      },
    ],
    ['dragend', () => mark(null)],
    [
      'drop',
      (event) => {
        const project = projectAt(event)
        mark(null)
        const chat = chatHistory.get().chats.find((known) => known.id === event.dataTransfer?.getData(TYPE))
        if (!project || !chat) return
        event.preventDefault()
        void import('../../lib/chat-actions.ts').then((actions) => actions.moveChatTo(chat, project.dataset.projectId!))
      },
    ],
  ]
  for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener)
  return () => {
    for (const [type, listener] of listeners) root.removeEventListener(type, listener as EventListener)
  }
}
