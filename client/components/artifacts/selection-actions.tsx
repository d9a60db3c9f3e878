// Text selected in a document's preview or in the code: "Ask about this" and "Change this" put a
// message quoting it in the composer (Change also names the artifact, so the model updates it).
import { useEffect, useState, type RefObject } from 'react'
import { TextButton } from '../chat/text-button.tsx'
import { Icon } from '../ui/icon.tsx'

/** The text selected inside `container` (empty when the selection is elsewhere or collapsed). */
export function useSelectedText(container: RefObject<HTMLElement | null>): string {
  const [text, setText] = useState('')
  useEffect(() => {
    const onChange = () => {
      const selection = document.getSelection()
      const root = container.current
      if (!selection || selection.isCollapsed || !root || !selection.anchorNode || !root.contains(selection.anchorNode)) return setText('')
      setText(selection.toString().trim())
    }
    document.addEventListener('selectionchange', onChange)
    return () => document.removeEventListener('selectionchange', onChange)
  }, [container])
  return text
}

/** Longest quote put in the composer (the artifact itself is in the model's prompt anyway). */
const QUOTE_MAX = 4_000

const quote = (text: string) => {
  const cut = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text
  return cut
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
}

export function askAboutMessage(title: string, text: string): string {
  return `About this part of “${title}”:\n\n${quote(text)}\n\n`
}

export function changeMessage(title: string, artifactId: string, text: string): string {
  return `Change this part of the artifact “${title}” (id ${artifactId}):\n\n${quote(text)}\n\nInto: `
}

export function SelectionActions({ text, onAsk, onChange }: { text: string; onAsk(): void; onChange?(): void }) {
  if (!text) return null
  return (
    <div role="toolbar" aria-label="Selected text" className="flex shrink-0 flex-wrap items-center gap-2 border-t border-neutral-200 bg-neutral-50 px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900">
      <span className="text-xs text-neutral-600 dark:text-neutral-300">
        {text.length} {text.length === 1 ? 'character' : 'characters'} selected
      </span>
      {/* Pressing a button would clear the selection before the click: keep it. */}
      <TextButton onMouseDown={(event) => event.preventDefault()} onClick={onAsk}>
        <Icon name="lucide:message-square-quote" size={16} /> Ask about this
      </TextButton>
      {onChange && (
        <TextButton onMouseDown={(event) => event.preventDefault()} onClick={onChange}>
          <Icon name="lucide:pencil" size={16} /> Change this
        </TextButton>
      )}
    </div>
  )
}
