// The end of a long message: a page carries only the start of a message longer than the server's
// page share of it (metadata.clipped), so that one huge answer does not make a huge page; this says
// so and loads the rest when the reader asks.
import { useState } from 'react'
import type { UIMessage } from 'ai'
import { TextButton } from './text-button.tsx'

export interface ClippedMark {
  shownChars: number
  totalChars: number
}

/** How much of the message the page carried, when it carried only its start. */
export function clippedOf(message: Pick<UIMessage, 'metadata'>): ClippedMark | undefined {
  return (message.metadata as { clipped?: ClippedMark } | undefined)?.clipped
}

export function ShowRest({ clipped, onShow }: { clipped: ClippedMark; onShow: () => Promise<unknown> }) {
  const [loading, setLoading] = useState(false)
  const kb = Math.max(1, Math.ceil((clipped.totalChars - clipped.shownChars) / 1024))
  async function show() {
    setLoading(true)
    try {
      await onShow()
    } finally {
      setLoading(false)
    }
  }
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-300" data-clipped>
      <span>This message goes on: the page shows its first {clipped.shownChars.toLocaleString('en-US')} characters.</span>
      <TextButton onClick={() => void show()} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading the rest…' : `Show the rest (${kb.toLocaleString('en-US')} KB)`}
      </TextButton>
    </p>
  )
}
