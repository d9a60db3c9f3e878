// A chat's own system prompt: the editor (from the chat header or the banner; it applies from the
// next answer on, the earlier answers stay as written) and the small banner at the top of a chat that
// has one. Its own chunk: most chats have none. The editor (loaded by the header) tells the banner of
// a change through a window event, so that the chat screen needs none of this code.
import { useEffect, useId, useState, type FormEvent } from 'react'
import { overlay, type OverlayProps } from '../../lib/overlay.ts'
import { updateChat } from '../../lib/chat-api.ts'
import { HttpError } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { cn } from '../../lib/cn.ts'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'
import { SYSTEM_PROMPT_MAX_CHARS } from '../../../shared/personal.ts'
import { SYSTEM_PROMPT_EVENT } from '../../../shared/constants.ts'
import { Icon } from '../ui/icon.tsx'

/** The system prompt of each chat shown since the page loaded, as its banner or the editor last had it. */
const known = new Map<string, string>()

/** Tells the chat screen (and this module) that a chat's system prompt changed. */
function announce(chatId: string, text: string) {
  known.set(chatId, text)
  window.dispatchEvent(new CustomEvent(SYSTEM_PROMPT_EVENT, { detail: { chatId, text } }))
}

function SystemPromptDialog({ chatId, close }: { chatId: string } & OverlayProps<void>) {
  const ids = { field: useId(), status: useId() }
  const initial = known.get(chatId) ?? ''
  const [value, setValue] = useState(initial)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const length = value.trim().length
  const tooLong = length > SYSTEM_PROMPT_MAX_CHARS

  async function save(text: string) {
    setPending(true)
    setError(null)
    try {
      const saved = await updateChat(chatId, { systemPrompt: text })
      announce(chatId, saved.systemPrompt)
      close()
      notify({ title: saved.systemPrompt ? 'System prompt saved' : 'System prompt removed', description: 'It applies from the next answer on.', variant: 'success', type: 'background' })
    } catch (failure) {
      setError(failure instanceof HttpError && failure.status === 0 ? 'Could not reach the server. Check your connection and try again.' : failure instanceof Error ? failure.message : String(failure))
      setPending(false)
    }
  }

  return (
    <DialogPanel title="System prompt" description="How the assistant should behave in this chat. It comes after your custom instructions and the project's, and applies from the next answer on.">
      <form
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          if (!tooLong) void save(value)
        }}
        className="mt-4"
      >
        <label htmlFor={ids.field} className="sr-only">
          System prompt
        </label>
        <textarea
          id={ids.field}
          value={value}
          rows={6}
          data-autofocus=""
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={ids.status}
          placeholder="You are a patient tutor. Ask one question at a time."
          className={cn(
            'block w-full resize-y rounded-md border border-neutral-300 bg-white px-3 py-2 text-base outline-none sm:text-sm',
            'focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 dark:border-neutral-700 dark:bg-neutral-950',
          )}
        />
        <p id={ids.status} className={cn('mt-1.5 text-xs', tooLong ? 'font-medium text-error-700 dark:text-error-300' : 'text-neutral-600 dark:text-neutral-400')}>
          {length.toLocaleString('en-US')} / {SYSTEM_PROMPT_MAX_CHARS.toLocaleString('en-US')} characters
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm text-error-700 dark:text-error-300">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {initial && (
            <Button variant="ghost" disabled={pending} onClick={() => void save('')}>
              Remove
            </Button>
          )}
          <Button variant="outline" onClick={() => close()}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={pending || tooLong || value.trim() === initial}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </DialogPanel>
  )
}

export function editSystemPrompt(chatId: string): void {
  overlay.open(SystemPromptDialog, { chatId })
}

/** The banner: what the system prompt says (one line, all of it on hover) and Edit; nothing when there is none. */
export function SystemPromptBanner({ chatId, initial }: { chatId: string; initial: string }) {
  const [text, setText] = useState(initial)
  known.set(chatId, text)
  // Edited from the header or from here: follow.
  useEffect(() => {
    const onChange = (event: Event) => {
      const { detail } = event as CustomEvent<{ chatId: string; text: string }>
      if (detail.chatId === chatId) setText(detail.text)
    }
    window.addEventListener(SYSTEM_PROMPT_EVENT, onChange)
    return () => window.removeEventListener(SYSTEM_PROMPT_EVENT, onChange)
  }, [chatId])
  if (!text) return null
  return (
    <aside aria-label="System prompt" className="mb-3 flex items-start gap-3 rounded-lg border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm dark:border-neutral-700 dark:bg-neutral-900">
      <Icon name="lucide:scroll-text" size={16} className="mt-0.5 shrink-0 text-neutral-600 dark:text-neutral-400" />
      <div className="min-w-0 flex-1" title={text}>
        <p className="font-medium text-neutral-900 dark:text-neutral-100">System prompt</p>
        <p className="truncate text-neutral-700 dark:text-neutral-300">{text}</p>
      </div>
      <Button aria-label="Edit system prompt" onClick={() => editSystemPrompt(chatId)}>
        Edit
      </Button>
    </aside>
  )
}
