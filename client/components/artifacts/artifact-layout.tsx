// The chat screen's layout with the artifact panel: the chat column, and beside it (or over it, on
// a phone) the panel of the artifact a card opened. Only this shell is in the chat screen's first
// load; the panel is its own chunk, fetched when an artifact is first opened.
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react'
import type { UIMessage } from 'ai'
import { lazyComponent } from '../../lib/lazy-component.ts'
import type { ComposerHandle } from '../chat/chat-composer.tsx'
import { ArtifactContext, artifactFromHash, type ArtifactOpener, type ArtifactTarget } from './artifact-context.ts'
import type { ArtifactPanelProps } from './artifact-panel.tsx'

const Panel = lazyComponent<ArtifactPanelProps>('the artifact panel', () => import('./artifact-panel.tsx').then((module) => module.ArtifactPanel))

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

const ARTIFACT_PARTS = new Set(['tool-create_artifact', 'tool-update_artifact'])
type CallPart = { type: string; state?: string; toolCallId?: string }

/** The newest artifact call of the last answer, as `messageId callId` (one that failed opens nothing). */
function newestCall(messages: UIMessage[]): string | undefined {
  const last = messages.at(-1)
  if (last?.role !== 'assistant') return undefined
  const part = (last.parts as CallPart[]).findLast((item) => ARTIFACT_PARTS.has(item.type))
  return part && part.state !== 'output-error' ? `${last.id} ${part.toolCallId}` : undefined
}

/** Every artifact call the screen shows (when it opens: those never open by themselves). */
const callsOf = (messages: UIMessage[]) =>
  messages.flatMap((message) => (message.parts as CallPart[]).flatMap((part) => (ARTIFACT_PARTS.has(part.type) ? [`${message.id} ${part.toolCallId}`] : [])))

export function ArtifactLayout({ chatId, messages, busy, readOnly, composer, onSend, children }: ArtifactLayoutProps) {
  const [target, setTarget] = useState<ArtifactTarget | null>(null)
  const PanelView = Panel.useComponent(target !== null)

  // A reload with `#artifact=<id>` opens it again.
  useEffect(() => {
    const id = artifactFromHash(location.hash)
    if (id) setTarget({ artifactId: id })
  }, [])

  // An artifact an answer makes now opens beside the chat (not over it on a phone, and once:
  // closed, it stays closed), live while the model writes it. Even a call that was done before the
  // screen saw it stream (a short edit) shows its new version.
  const seen = useRef<Set<string> | null>(null)
  seen.current ??= new Set(callsOf(messages))
  const made = busy ? newestCall(messages) : undefined
  useEffect(() => {
    if (!made || seen.current!.has(made)) return
    seen.current!.add(made)
    const [messageId, toolCallId] = made.split(' ')
    if (matchMedia('(min-width: 768px)').matches) setTarget({ messageId, toolCallId, quiet: true })
  }, [made])

  const opener = useMemo<ArtifactOpener>(() => ({ open: setTarget, shownId: target?.artifactId, shownCall: target?.toolCallId, shownMessage: target?.messageId }), [target])

  function close() {
    setTarget(null)
    if (artifactFromHash(location.hash)) history.replaceState(history.state, '', location.pathname + location.search)
  }

  return (
    <ArtifactContext value={opener}>
      <div className="flex min-h-0 min-w-0 flex-1">
        <div className="relative flex min-h-0 min-w-0 flex-1 flex-col">{children}</div>
        {target && PanelView && (
          <PanelView chatId={chatId} target={target} messages={messages} busy={busy} readOnly={readOnly} composer={composer} onSend={onSend} onShow={setTarget} onClose={close} />
        )}
      </div>
    </ArtifactContext>
  )
}
