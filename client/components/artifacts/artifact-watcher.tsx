// What opens the panel without a click (its own chunk, fetched once the chat screen has settled):
// `#artifact=<id>` in the address after a reload, and an artifact an answer makes now — beside the
// chat on a wide screen (never over it on a phone), once (closed, it stays closed), live while the
// model writes it. A call that was done before the screen saw it stream (a short edit) shows its
// new version too.
import { useEffect, useRef } from 'react'
import type { UIMessage } from 'ai'
import { artifactFromHash, type ArtifactTarget } from './artifact-context.ts'

export interface ArtifactWatcherProps {
  messages: UIMessage[]
  busy: boolean
  onOpen(target: ArtifactTarget): void
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

/** Every artifact call the screen shows when the watcher starts: those never open by themselves. */
const callsOf = (messages: UIMessage[]) =>
  messages.flatMap((message) => (message.parts as CallPart[]).flatMap((part) => (ARTIFACT_PARTS.has(part.type) ? [`${message.id} ${part.toolCallId}`] : [])))

export function ArtifactWatcher({ messages, busy, onOpen }: ArtifactWatcherProps) {
  useEffect(() => {
    const id = artifactFromHash(location.hash)
    if (id) onOpen({ artifactId: id })
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const seen = useRef<Set<string> | null>(null)
  // Started while an answer is written (sent before the screen settled, or resumed on arrival): that answer's artifact may open.
  seen.current ??= new Set(callsOf(busy && messages.at(-1)?.role === 'assistant' ? messages.slice(0, -1) : messages))
  // Also on the render where the answer has just ended: a short edit can be made and stored between
  // two renders, so no render while busy ever saw its call.
  const wasBusy = useRef(busy)
  const made = busy || wasBusy.current ? newestCall(messages) : undefined
  useEffect(() => void (wasBusy.current = busy), [busy])
  useEffect(() => {
    if (!made || seen.current!.has(made)) return
    seen.current!.add(made)
    const [messageId, toolCallId] = made.split(' ')
    if (matchMedia('(min-width: 768px)').matches) onOpen({ messageId, toolCallId, quiet: true })
    // onOpen is the layout's state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [made])
  return null
}
