// The chat screen's layout with the artifact panel: the chat column, and beside it (or over it, on
// a phone) the panel of the artifact a card opened. Only this shell is in the chat screen's first
// load; the panel is its own chunk, fetched when an artifact is first opened, and what opens it by
// itself (artifact-watcher.tsx) another, fetched once the screen has settled.
import { useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react'
import type { UIMessage } from 'ai'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import type { ComposerHandle } from '../chat/chat-composer.tsx'
import { ArtifactContext, type ArtifactOpener, type ArtifactTarget } from './artifact-context.ts'
import type { ArtifactPanelProps } from './artifact-panel.tsx'
import type { ArtifactWatcherProps } from './artifact-watcher.tsx'

const Panel = lazyComponent<ArtifactPanelProps>('the artifact panel', () => import('./artifact-panel.tsx').then((module) => module.ArtifactPanel))
// Sooner when an answer starts before the screen has settled: it may make an artifact.
let hurry = () => {}
const hurried = new Promise<void>((resolve) => (hurry = resolve))
const Watcher = lazyComponent<ArtifactWatcherProps>('the artifact watcher', () =>
  Promise.race([pageSettled(), hurried])
    .then(() => import('./artifact-watcher.tsx'))
    .then((module) => module.ArtifactWatcher),
)

export interface ArtifactLayoutProps {
  chatId: string
  messages: UIMessage[]
  /** An answer is being written (the list is read again once it ends). */
  busy: boolean
  /** Someone else's public chat: preview, code, copy and download only. */
  readOnly: boolean
  composer: RefObject<ComposerHandle | null>
  /** Sends a message as if typed (the preview's Ask to fix). */
  onSend(text: string): void
  children: ReactNode
}

export function ArtifactLayout({ chatId, messages, busy, readOnly, composer, onSend, children }: ArtifactLayoutProps) {
  const [target, setTarget] = useState<ArtifactTarget | null>(null)
  const PanelView = Panel.useComponent(target !== null)
  const Watch = Watcher.useComponent(true)
  useEffect(() => void (busy && hurry()), [busy])
  const opener = useMemo<ArtifactOpener>(() => ({ open: setTarget, shownId: target?.artifactId, shownCall: target?.toolCallId, shownMessage: target?.messageId }), [target])
  return (
    <ArtifactContext value={opener}>
      <div className="flex min-h-0 min-w-0 flex-1">
        <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">{children}</div>
        {Watch && <Watch messages={messages} busy={busy} onOpen={setTarget} />}
        {target && PanelView && (
          <PanelView chatId={chatId} target={target} messages={messages} busy={busy} readOnly={readOnly} composer={composer} onSend={onSend} onShow={setTarget} onClose={() => setTarget(null)} />
        )}
      </div>
    </ArtifactContext>
  )
}
