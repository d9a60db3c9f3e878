import { useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { Icon } from '../ui/icon.tsx'
import { requestIcon } from '../../lib/icons.ts'
import { Tooltip } from '../ui/tooltip.tsx'
import { cx } from '../../lib/cx.ts'
import { useConnectionState } from '../../lib/connection.ts'
import { InitialStateContext } from '../../lib/page-context.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import type { ComposerFilesHandle, ComposerFilesProps } from './attachments/composer-files.tsx'
import type { SentFile } from './attachments/file-sizes.ts'

// Attaching files (the paperclip, drop, paste, the chips): a chunk of its own once the page has settled.
const Files = lazyComponent<ComposerFilesProps>('attachments', () => pageSettled().then(() => import('./attachments/composer-files.tsx')).then((module) => module.ComposerFiles))

const MAX_HEIGHT_PX = 240
const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content')

/**
 * Icons of what comes after sending (Stop, the answer and its actions): fetched once the user starts
 * typing, so none pops in late, and none is fetched for a visit that only looks.
 */
const NEXT_ICONS = ['lucide:square', 'lucide:sparkles', 'lucide:copy', 'lucide:check', 'lucide:thumbs-up', 'lucide:thumbs-down', 'lucide:refresh-cw', 'lucide:pencil', 'lucide:loader-circle', 'lucide:arrow-down']

/** Forgets a composer's draft (its text was sent from elsewhere than the box, and the box is going). */
export function clearDraft(draftKey: string): void {
  try {
    localStorage.removeItem(`draft:${draftKey}`)
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export interface PromptBoxProps {
  value: string
  onValueChange: (value: string) => void
  /** The text and the files, once every file is uploaded. */
  onSubmit: (text: string, files: SentFile[]) => void
  /** An answer is being written: the send button becomes Stop (typing stays possible). */
  streaming?: boolean
  onStop?: () => void
  /** Stop was pressed and the server is ending the answer. */
  stopping?: boolean
  /** A send is on its way (no second send meanwhile). */
  sending?: boolean
  placeholder?: string
  /** Controls under the text (the model picker). */
  footer?: ReactNode
  /** The caller's handle on the textarea (to focus it). */
  textareaRef?: RefObject<HTMLTextAreaElement | null>
  /** The caller's handle on the attached files (to clear them with a sent message, or restore them). */
  filesRef?: RefObject<ComposerFilesHandle | null>
  /** Where the unsent text is kept (this browser's localStorage), to survive a reload or leaving the page. */
  draftKey?: string
}

/**
 * The message box: grows with its text up to a limit, Enter sends, Shift+Enter breaks the line,
 * and the send button stays disabled while there is nothing to send.
 */
export function PromptBox({ value, onValueChange, onSubmit, streaming = false, onStop, stopping = false, sending = false, placeholder = 'Send a message…', footer, textareaRef, filesRef, draftKey }: PromptBoxProps) {
  const id = useId()
  const ownRef = useRef<HTMLTextAreaElement>(null)
  const FilesArea = Files.useComponent(true)
  const ownFiles = useRef<ComposerFilesHandle>(null)
  const files = filesRef ?? ownFiles
  const [fileCount, setFileCount] = useState(0)
  const [filesButton, setFilesButton] = useState<HTMLElement | null>(null)
  const empty = value.trim() === '' && fileCount === 0
  // Disconnected, a send could only fail: the text stays here until the connection is back.
  const connected = useConnectionState() === 'online'
  const maxChars = useContext(InitialStateContext)?.messageMaxChars ?? Infinity
  const length = value.trim().length
  const tooLong = length > maxChars
  const canSend = !empty && !streaming && !sending && connected && !tooLong

  // The draft: read back once hydrated (the server cannot know it), kept on every change until the
  // text is sent (the caller empties the box) or erased.
  const draftRead = useRef(false)
  useEffect(() => {
    if (!draftKey) return
    const key = `draft:${draftKey}`
    try {
      if (!draftRead.current) {
        draftRead.current = true
        const draft = localStorage.getItem(key)
        if (draft && !value) return onValueChange(draft)
      }
      if (value) localStorage.setItem(key, value)
      else localStorage.removeItem(key)
    } catch {
      // Storage full or blocked: the draft is just not kept.
    }
  }, [draftKey, value])

  // Grow with the content (before paint, so the box never shows a scrollbar first). Where CSS can
  // (field-sizing: content), it does, and nothing is measured: measuring sets the height to auto
  // and reads it back, which lays out the whole page on every key (in a long chat, every message).
  useLayoutEffect(() => {
    const element = ownRef.current
    if (!element || SIZES_ITSELF) return
    element.style.height = 'auto'
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`
    element.style.overflowY = element.scrollHeight > MAX_HEIGHT_PX ? 'auto' : 'hidden'
  }, [value])

  const iconsRequested = useRef(false)
  function onChange(next: string) {
    if (!iconsRequested.current) {
      iconsRequested.current = true
      NEXT_ICONS.forEach(requestIcon)
    }
    onValueChange(next)
  }

  // Both our ref (for sizing) and the caller's (for focus).
  const setRefs = useCallback(
    (element: HTMLTextAreaElement | null) => {
      ownRef.current = element
      if (textareaRef) textareaRef.current = element
    },
    [textareaRef],
  )

  /** Enter pressed while an answer is written: the text waits, and the box says why. */
  const [waitHint, setWaitHint] = useState(false)
  if (waitHint && !streaming) setWaitHint(false)

  function submit(event?: FormEvent) {
    event?.preventDefault()
    const text = value.trim()
    if (canSend) files.current ? files.current.whenUploaded((sent) => onSubmit(text, sent)) : onSubmit(text, [])
    else if (streaming && !empty) setWaitHint(true)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing a character uses Enter to confirm it: that is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form
      onSubmit={submit}
      className="rounded-2xl border border-neutral-300 bg-white shadow-sm transition-colors focus-within:border-primary-600 focus-within:ring-1 focus-within:ring-primary-600 dark:border-neutral-700 dark:bg-neutral-800 dark:focus-within:border-primary-500 dark:focus-within:ring-primary-500"
    >
      {FilesArea && <FilesArea handle={files} textarea={ownRef} buttonSlot={filesButton} onCountChange={setFileCount} />}
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <textarea
        ref={setRefs}
        id={id}
        data-prompt
        name="message"
        rows={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-describedby={`${id}-hint`}
        className="block max-h-60 min-h-12 w-full resize-none overflow-y-auto bg-transparent [field-sizing:content] px-4 pt-3.5 pb-1 text-base text-neutral-900 placeholder:text-neutral-500 focus:outline-none dark:text-neutral-100 dark:placeholder:text-neutral-400"
      />
      <p id={`${id}-hint`} className="sr-only">
        Enter sends, Shift+Enter adds a new line.
      </p>
      {/* Counted from 90 % of the limit on: the server refuses a longer message. */}
      {length > maxChars * 0.9 && (
        <p id={`${id}-count`} aria-live="polite" data-char-count className={cx('px-4 pb-1 text-xs', tooLong ? 'font-medium text-error-700 dark:text-error-300' : 'text-neutral-600 dark:text-neutral-300')}>
          {tooLong
            ? `${(length - maxChars).toLocaleString('en')} ${length - maxChars === 1 ? 'character' : 'characters'} over the limit of ${maxChars.toLocaleString('en')}: shorten it to send.`
            : `${length.toLocaleString('en')} / ${maxChars.toLocaleString('en')} characters`}
        </p>
      )}
      {waitHint && (
        <p role="status" className="px-4 pb-1 text-xs text-neutral-600 dark:text-neutral-300">
          Your message is kept: wait for the answer to finish, or press Stop.
        </p>
      )}
      {!connected && (
        <p className="px-4 pb-1 text-xs text-neutral-600 dark:text-neutral-300" data-offline-hint>
          Not connected: your message stays here until you can send it.
        </p>
      )}
      <div className="flex items-center gap-2 px-2 pb-2">
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <span ref={setFilesButton} className="contents" />
          {footer}
        </div>
        {streaming ? (
          <Tooltip content="Stop">
            <button
              type="button"
              onClick={onStop}
              disabled={stopping}
              aria-label="Stop"
              className="inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200"
            >
              <Icon name="lucide:square" size={14} className="fill-current" />
            </button>
          </Tooltip>
        ) : (
          <Tooltip content={!connected ? 'Not connected' : tooLong ? 'Too long to send' : 'Send message'}>
            <button
              type="submit"
              aria-label="Send message"
              disabled={!canSend}
              className={cx(
                'inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400',
                'disabled:cursor-not-allowed disabled:bg-neutral-200 disabled:text-neutral-500 dark:disabled:bg-neutral-700 dark:disabled:text-neutral-400',
              )}
            >
              <Icon name={sending ? 'lucide:loader-circle' : 'lucide:arrow-up'} size={18} className={sending ? 'animate-spin' : undefined} />
            </button>
          </Tooltip>
        )}
      </div>
    </form>
  )
}
