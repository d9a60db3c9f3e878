// Under a message: when it was written (relative, the exact time on hover), and for an answer an
// info button with how it went: model, tokens in and out, time to first token, total time, tokens
// per second and why it ended; for a message with versions, the switcher between them. Drawn in
// the browser only (relative time depends on its clock), from a chunk of its own loaded once the
// page has settled (message-meta-loader.ts).
import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import type { UIMessage } from 'ai'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { IconButton } from './icon-button.tsx'
import { answerFacts, exactTime, relativeTime, type AnswerMetadata } from './message-meta-format.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'
import type { VersionSwitcherProps } from './version-switcher.tsx'
import './message-meta.css'

export interface MessageMetaProps {
  message: UIMessage
  /** An answer: its info button too. */
  answer?: boolean
  /** The message's versions and how to switch between them (the switcher shows with two or more). */
  versions?: Omit<VersionSwitcherProps, 'current'>
}

// Its own chunk: most chats never have a second version of anything.
const Switcher = lazyComponent<VersionSwitcherProps>('the version switcher', () => import('./version-switcher.tsx').then((module) => module.VersionSwitcher))

/** Messages written in this tab have no stored time yet: the moment they first showed. */
const firstSeen = new Map<string, number>()

// One clock for every timestamp on the page, ticking twice a minute.
let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined
function subscribe(listener: () => void) {
  listeners.add(listener)
  timer ??= setInterval(() => {
    now = Date.now()
    for (const notify of listeners) notify()
  }, 30_000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

export function MessageMeta({ message, answer = false, versions }: MessageMetaProps) {
  const metadata = (message.metadata ?? {}) as AnswerMetadata
  const [seen] = useState(() => {
    if (!firstSeen.has(message.id)) firstSeen.set(message.id, Date.now())
    return firstSeen.get(message.id)!
  })
  const at = metadata.createdAt ?? seen
  const reference = useSyncExternalStore(subscribe, () => now)
  const [open, setOpen] = useState(false)
  const VersionSwitcher = Switcher.useComponent(Boolean(versions))
  const panel = useId()
  // The clock may have moved on since the module loaded.
  useEffect(() => void (now = Date.now()), [])

  return (
    <>
      {versions && VersionSwitcher && <VersionSwitcher {...versions} current={message.id} />}
      <time className="message-meta__time" dateTime={new Date(at).toISOString()} title={exactTime(at)}>
        {relativeTime(at, Math.max(reference, at))}
      </time>
      {answer && (
        <>
          <Tooltip content="Answer details">
            <IconButton label="Answer details" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((value) => !value)}>
              <Icon name="lucide:info" size={16} />
            </IconButton>
          </Tooltip>
          {open && (
            <dl id={panel} className="message-meta__details" aria-label="Answer details">
              {answerFacts(metadata).map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </>
  )
}
