// The dialogs of projects: make or edit one (name and instructions), and move a chat into one.
import { useId, useState, type FormEvent } from 'react'
import type { OverlayProps } from '../../lib/overlay.ts'
import type { ProjectSummary } from '../../lib/chat-history.ts'
import { cn } from '../../lib/cn.ts'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'
import { PROJECT_NAME_MAX_CHARS, SYSTEM_PROMPT_MAX_CHARS } from '../../../shared/personal.ts'

const FIELD =
  'mt-1.5 block w-full rounded-md border border-neutral-300 bg-white px-3 text-base outline-none sm:text-sm focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 dark:border-neutral-700 dark:bg-neutral-950'

export interface ProjectDraft {
  name: string
  instructions: string
}

/** Name and instructions of a new project, or of one being edited; null when cancelled. */
export function ProjectDialog({ project, close }: { project?: ProjectSummary } & OverlayProps<ProjectDraft | null>) {
  const ids = { name: useId(), instructions: useId(), error: useId() }
  const [name, setName] = useState(project?.name ?? '')
  const [instructions, setInstructions] = useState(project?.instructions ?? '')
  const [error, setError] = useState<string | null>(null)

  function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return setError('The project needs a name.')
    if (trimmed.length > PROJECT_NAME_MAX_CHARS) return setError(`A name can be at most ${PROJECT_NAME_MAX_CHARS} characters (this one has ${trimmed.length}).`)
    if (instructions.trim().length > SYSTEM_PROMPT_MAX_CHARS) return setError(`Instructions can be at most ${SYSTEM_PROMPT_MAX_CHARS} characters.`)
    close({ name: trimmed, instructions: instructions.trim() })
  }

  return (
    <DialogPanel title={project ? 'Edit project' : 'New project'} description="A project groups chats. Its instructions reach the model in every chat of the project.">
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div>
          <label htmlFor={ids.name} className="block text-sm font-medium">
            Name
          </label>
          <input
            id={ids.name}
            value={name}
            data-autofocus=""
            onChange={(event) => {
              setName(event.target.value)
              setError(null)
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className={cn(FIELD, 'h-10')}
          />
        </div>
        <div>
          <label htmlFor={ids.instructions} className="block text-sm font-medium">
            Instructions (optional)
          </label>
          <textarea id={ids.instructions} value={instructions} rows={4} onChange={(event) => setInstructions(event.target.value)} placeholder="We are planning a trip to Japan in April, on a budget." className={cn(FIELD, 'resize-y py-2')} />
        </div>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-error-700 dark:text-error-300">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            {project ? 'Save' : 'Create project'}
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}

/** Where the chat goes: a project's id, '' for no project, 'new' for a new one; null when cancelled. */
export function MoveToProjectDialog({ title, current, projects, close }: { title: string; current: string | undefined; projects: ProjectSummary[] } & OverlayProps<string | null>) {
  const name = useId()
  const [choice, setChoice] = useState(current ?? '')
  const options = [...projects.map((project) => ({ value: project.id, label: project.name })), { value: '', label: 'No project' }, { value: 'new', label: 'New project…' }]
  return (
    <DialogPanel title="Move to project" description={`Where should “${title}” go?`}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          close(choice)
        }}
        className="mt-4"
      >
        <div role="radiogroup" aria-label="Project" className="grid max-h-60 gap-1 overflow-y-auto">
          {options.map((option) => (
            <label key={option.value} className={cn('flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800', choice === option.value && 'bg-neutral-100 dark:bg-neutral-800')}>
              <input type="radio" name={name} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} data-autofocus={choice === option.value ? '' : undefined} />
              {option.label}
            </label>
          ))}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(null)}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            Move
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}
