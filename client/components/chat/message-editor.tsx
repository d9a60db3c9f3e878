// Editing a sent message in place (its own chunk: loaded when the Edit button is hovered, focused
// or pressed, never with the chat's first load). Enter sends, Shift+Enter breaks the line, Escape
// cancels; a failed send keeps the draft.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { TextButton } from './text-button.tsx'
import { GHOST_TONE, PRIMARY_TONE } from './text-button-tones.ts'

export interface MessageEditorProps {
  initial: string
  onCancel: () => void
  /** Sends the edited text; rejects when it could not (the caller told the user why). */
  onSave: (text: string) => Promise<void>
}

export function MessageEditor({ initial, onCancel, onSave }: MessageEditorProps) {
  const [draft, setDraft] = useState(initial)
  const [saving, setSaving] = useState(false)
  const editor = useRef<HTMLTextAreaElement>(null)
  const editorId = useId()

  useEffect(() => {
    const element = editor.current
    element?.focus()
    element?.setSelectionRange(element.value.length, element.value.length)
  }, [])

  async function save() {
    const next = draft.trim()
    if (!next || saving) return
    setSaving(true)
    try {
      await onSave(next)
    } catch {
      // The draft stays for another try.
      setSaving(false)
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCancel()
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void save()
    }
  }

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
        <TextButton tone={GHOST_TONE} onClick={onCancel}>
          Cancel
        </TextButton>
        <TextButton tone={PRIMARY_TONE} onClick={() => void save()} disabled={!draft.trim() || saving}>
          Send
        </TextButton>
      </div>
    </div>
  )
}
