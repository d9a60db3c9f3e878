import { useState } from 'react'
import type { ReasoningUIPart } from 'ai'
import { Icon } from '../ui/icon.tsx'

/** "Thought for 4 seconds", from the time the server measured (kept with the message). */
function thoughtFor(parts: ReasoningUIPart[]): string {
  const ms = parts.reduce((sum, part) => sum + (Number((part.providerMetadata?.chat as { durationMs?: unknown } | undefined)?.durationMs) || 0), 0)
  if (ms <= 0) return 'Thought'
  const seconds = Math.max(1, Math.round(ms / 1000))
  return `Thought for ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
}

/**
 * The model's reasoning above its answer: open and "Thinking…" while it streams, closed to "Thought
 * for N seconds" once the answer begins; the button opens it again. Plain text, never Markdown: it is
 * the model's scratchpad, not the answer.
 */
export function ReasoningBlock({ parts }: { parts: ReasoningUIPart[] }) {
  const thinking = parts.some((part) => part.state === 'streaming')
  // null: follows the stream (open while thinking); a click decides from then on.
  const [chosen, setChosen] = useState<boolean | null>(null)
  const open = chosen ?? thinking
  const text = parts.map((part) => part.text)
  return (
    <div className="mb-3" data-reasoning>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setChosen(!open)}
        className="-ml-1 inline-flex items-center gap-1.5 rounded-md px-1 py-0.5 text-sm text-neutral-600 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:text-white"
      >
        <Icon name="lucide:brain" size={16} className={thinking ? 'animate-pulse motion-reduce:animate-none' : undefined} />
        {thinking ? 'Thinking…' : thoughtFor(parts)}
        <Icon name={open ? 'lucide:chevron-up' : 'lucide:chevron-down'} size={14} />
      </button>
      {open && (
        <div className="mt-1 border-l-4 border-neutral-200 pl-3 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-300">
          {text.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
    </div>
  )
}
