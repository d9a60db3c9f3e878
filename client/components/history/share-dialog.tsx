// Share (owner only): private or public, and the chat's link to copy. A public chat can be read by
// anyone with the link and changed by no one but its owner; a private one is "Chat not found" to
// everyone else.
import { useId, useRef, useState } from 'react'
import type { OverlayProps } from '../../lib/overlay.ts'
import type { ChatSummary } from '../../lib/chat-history.ts'
import { chatLink, updateChat } from '../../lib/chat-api.ts'
import { notify } from '../../lib/toast.ts'
import { cn } from '../../lib/cn.ts'
import { DialogPanel } from '../ui/dialog.tsx'
import { Button } from '../ui/button.tsx'
import { Icon } from '../ui/icon.tsx'

type Visibility = ChatSummary['visibility']

const CHOICES: Array<{ value: Visibility; label: string; hint: string; icon: string }> = [
  { value: 'private', label: 'Private', hint: 'Only you can open this chat.', icon: 'lucide:lock' },
  { value: 'public', label: 'Public', hint: 'Anyone with the link can read it. Only you can change it.', icon: 'lucide:globe' },
]

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // No clipboard permission (or an old browser): select the link so the user can copy it.
    fallbackInput?.focus()
    fallbackInput?.select()
    return false
  }
}

export function ShareDialog({
  chat,
  onSaved,
  close,
}: {
  chat: Pick<ChatSummary, 'id' | 'title' | 'visibility'>
  onSaved: (chat: ChatSummary) => void
} & OverlayProps<void>) {
  const [visibility, setVisibility] = useState<Visibility>(chat.visibility)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const linkInput = useRef<HTMLInputElement>(null)
  const name = useId()
  const errorId = useId()
  const link = chatLink(chat.id)

  /** Resolves true once the chat has the visibility `next`. */
  async function choose(next: Visibility): Promise<boolean> {
    if (next === visibility) return true
    if (saving) return false
    const previous = visibility
    setVisibility(next)
    setSaving(true)
    setError(null)
    try {
      const saved = await updateChat(chat.id, { visibility: next })
      setVisibility(saved.visibility)
      onSaved(saved)
      return true
    } catch (failure) {
      setVisibility(previous)
      setError(`Could not change who can see this chat: ${failure instanceof Error ? failure.message : String(failure)}`)
      return false
    } finally {
      setSaving(false)
    }
  }

  /** A private chat's link would open "Chat not found" for everyone else: it is made public first. */
  async function copy() {
    if (!(await choose('public'))) return
    if (await copyText(link, linkInput.current)) {
      notify({
        title: 'Link copied',
        description: 'Anyone with the link can read this chat.',
        variant: 'success',
        type: 'background',
      })
    } else {
      notify({ title: 'Could not copy the link', description: 'The link is selected: copy it with your keyboard.', variant: 'error' })
    }
  }

  return (
    <DialogPanel title="Share chat" description={<>Choose who can open “{chat.title}”.</>}>
      <fieldset className="mt-4" aria-describedby={error ? errorId : undefined} aria-busy={saving || undefined}>
        <legend className="sr-only">Who can open this chat</legend>
        <div className="grid gap-2">
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600',
                visibility === choice.value
                  ? 'border-primary-600 bg-primary-50 dark:border-primary-500 dark:bg-primary-950/40'
                  : 'border-neutral-200 hover:bg-neutral-50 dark:border-neutral-700 dark:hover:bg-neutral-800',
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={visibility === choice.value}
                // Not disabled while saving: a disabled radio would drop the keyboard focus.
                aria-disabled={saving || undefined}
                onChange={() => void choose(choice.value)}
                data-autofocus={chat.visibility === choice.value ? '' : undefined}
                className="mt-1 size-4 accent-primary-600"
              />
              <Icon name={choice.icon} size={18} className="mt-0.5 text-neutral-600 dark:text-neutral-300" />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{choice.label}</span>
                <span className="text-sm text-neutral-600 dark:text-neutral-300">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-error-600 dark:text-error-400">
            {error}
          </p>
        )}
      </fieldset>
      <div className="mt-4 flex gap-2">
        <input
          ref={linkInput}
          readOnly
          value={link}
          aria-label="Link to this chat"
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border border-neutral-300 bg-neutral-50 px-3 text-sm text-neutral-700 outline-none focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-200"
        />
        <Button variant="primary" onClick={() => void copy()} disabled={saving}>
          <Icon name="lucide:copy" size={16} />
          {visibility === 'public' ? 'Copy link' : 'Make public and copy'}
        </Button>
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="outline" onClick={() => close()}>
          Done
        </Button>
      </div>
    </DialogPanel>
  )
}
