import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { UIMessage } from 'ai'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { TextButton } from './text-button.tsx'
import { CopyButton } from './copy-button.tsx'
import { IconButton } from './icon-button.tsx'
import { messageText } from './message-text.ts'

export interface UserMessageProps {
  message: UIMessage
  /** Editing is offered when no answer is being written and the chat is the visitor's. */
  canEdit: boolean
  readOnly: boolean
  /** Sends the edited text in place of this message (everything after it goes); rejects when it could not. */
  onEdit: (text: string) => Promise<void>
}

/** The visitor's own message: plain text (never Markdown, never HTML), editable in place. */
export function UserMessage({ message, canEdit, readOnly, onEdit }: UserMessageProps) {
  const text = messageText(message)
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(text)
  const [saving, setSaving] = useState(false)
  const editor = useRef<HTMLTextAreaElement>(null)
  const editorId = useId()

  useEffect(() => {
    if (!editing) return
    const element = editor.current
    element?.focus()
    element?.setSelectionRange(element.value.length, element.value.length)
  }, [editing])

  async function save() {
    const next = draft.trim()
    if (!next || saving) return
    setSaving(true)
    try {
      await onEdit(next)
      setEditing(false)
    } catch {
      // The caller told the user why; the draft stays for another try.
    } finally {
      setSaving(false)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      setEditing(false)
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void save()
    }
  }

  if (editing) {
    return (
      <div className="ml-auto w-full max-w-[85%] rounded-2xl border border-neutral-300 bg-white p-2 dark:border-neutral-600 dark:bg-neutral-800">
        <label htmlFor={editorId} className="sr-only">
          Edit your message
        </label>
        <textarea
          ref={editor}
          id={editorId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={Math.min(8, Math.max(2, draft.split('\n').length))}
          className="block w-full resize-y bg-transparent px-2 py-1.5 text-[15px] text-neutral-900 focus:outline-none dark:text-neutral-100"
        />
        <div className="mt-2 flex justify-end gap-2">
          <TextButton variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </TextButton>
          <TextButton variant="primary" onClick={() => void save()} disabled={!draft.trim() || saving}>
            Send
          </TextButton>
        </div>
      </div>
    )
  }

  return (
    <article className="group flex flex-col items-end" aria-label="Your message" data-role="user">
      <div className="max-w-[85%] rounded-2xl bg-neutral-100 px-4 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100">
        {text}
      </div>
      {!readOnly && (
        <div className="mt-1 -mr-1 flex items-center gap-0.5 transition-opacity sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          <CopyButton text={text} label="Copy message" />
          {canEdit && (
            <Tooltip content="Edit message">
              <IconButton
                label="Edit message"
                onClick={() => {
                  setDraft(text)
                  setEditing(true)
                }}
              >
                <Icon name="lucide:pencil" size={16} />
              </IconButton>
            </Tooltip>
          )}
        </div>
      )}
    </article>
  )
}
