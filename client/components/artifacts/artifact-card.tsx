// An artifact tool call in an answer: the artifact's kind, title and version, and Open, which shows
// it in the panel (live while the model is still writing it).
import { useRef } from 'react'
import { Icon } from '../ui/icon.tsx'
import { TextButton } from '../chat/text-button.tsx'
import type { ToolPartLike } from '../chat/parts/tool-part.ts'
import { useArtifactOpener } from './artifact-context.ts'
import { KIND_ICONS, KIND_NAMES } from './artifact-kinds.ts'
import { readArtifactCall } from './live-artifact.ts'

/** The answer a card is in (the message list marks each with its id; the parts do not carry it). */
const messageIdOf = (element: HTMLElement | null) => element?.closest<HTMLElement>('[data-message-id]')?.dataset.messageId

export function ArtifactCard({ part, settled }: { part: ToolPartLike; settled: boolean }) {
  const opener = useArtifactOpener()
  const card = useRef<HTMLDivElement>(null)
  const artifact = readArtifactCall(part)
  // A call the answer ended without finishing never made a version.
  const unfinished = artifact.streaming && settled
  const writing = artifact.streaming && !settled
  const title = artifact.title || (writing ? 'New artifact' : 'Artifact')
  const kind = artifact.kind ? KIND_NAMES[artifact.kind] : undefined
  const shown = opener && ((opener.shownCall === part.toolCallId && (!opener.shownMessage || opener.shownMessage === messageIdOf(card.current))) || (!opener.shownCall && !!artifact.output && opener.shownId === artifact.output.artifactId))
  const canOpen = opener && !unfinished && (writing || artifact.output)
  return (
    <div
      ref={card}
      role="group"
      aria-label={`Artifact: ${title}`}
      data-artifact-card
      data-state={unfinished ? 'unfinished' : writing ? 'writing' : 'done'}
      className="not-prose my-3 flex items-center gap-3 rounded-lg border border-neutral-200 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900">
      <span className="flex size-9 items-center justify-center rounded-md bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
        <Icon name={artifact.kind ? KIND_ICONS[artifact.kind] : 'lucide:file-code'} size={18} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">{title}</span>
        <span className="block text-xs text-neutral-600 dark:text-neutral-300" role="status">
          {kind}
          {kind && ' · '}
          {unfinished ? 'Not finished' : writing ? 'Writing…' : artifact.output ? `v${artifact.output.version}` : ''}
        </span>
      </span>
      {canOpen && (
        <TextButton
          aria-pressed={shown || undefined}
          aria-label={`Open ${title}`}
          onClick={() => {
            const messageId = messageIdOf(card.current)
            opener.open(writing ? { toolCallId: part.toolCallId, messageId, artifactId: artifact.artifactId } : { artifactId: artifact.output!.artifactId, version: artifact.output!.version, toolCallId: part.toolCallId, messageId })
          }}>
          <Icon name="lucide:panel-right-open" size={16} /> Open
        </TextButton>
      )}
    </div>
  )
}
