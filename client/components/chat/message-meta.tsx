// Under a message: when it was written (relative, the exact time on hover), and for an answer an
// info button with how it went: model, tokens in and out, time to first token, total time, tokens
// per second and why it ended. Drawn in the browser only (relative time depends on its clock), from
// a chunk of its own loaded once the page has settled (message-meta-loader.ts).
import { useEffect, useId, useState, useSyncExternalStore } from 'react'
import type { UIMessage } from 'ai'
import { Icon } from '../ui/icon.tsx'
import { Tooltip } from '../ui/tooltip.tsx'
import { IconButton } from './icon-button.tsx'
import './message-meta.css'

export interface MessageMetaProps {
  message: UIMessage
  /** An answer: its info button too. */
  answer?: boolean
}

interface AnswerMetadata {
  createdAt?: number
  model?: string | null
  usage?: { inputTokens?: number; outputTokens?: number }
  details?: { firstTokenMs?: number; totalMs?: number; finishReason?: string }
}

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

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'medium' })
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(at: number, reference: number): string {
  const seconds = Math.round((at - reference) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit)
  return relative.format(Math.round(seconds / 60) || -1, 'minute')
}

const FINISH: Record<string, string> = {
  stop: 'Finished',
  length: 'Stopped at the length limit',
  stopped: 'Stopped by you',
  error: 'Failed',
  interrupted: 'Interrupted',
  'tool-calls': 'Stopped at the tool step limit',
  'content-filter': 'Stopped by the provider’s content filter',
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`

/** The answer's facts, each with a value or what is missing ("not reported by the provider"). */
export function answerFacts(metadata: AnswerMetadata): Array<[string, string]> {
  const { usage, details } = metadata
  const tokens = (value: number | undefined) => (value === undefined ? 'not reported by the provider' : value.toLocaleString('en'))
  const writing = details?.totalMs !== undefined && details.firstTokenMs !== undefined ? details.totalMs - details.firstTokenMs : undefined
  const rate = usage?.outputTokens !== undefined && writing !== undefined && writing > 0 ? `${(usage.outputTokens / (writing / 1000)).toFixed(1)} tokens/s` : 'not known'
  const timing = (value: number | undefined, missing: string) => (value === undefined ? missing : seconds(value))
  const recorded = details !== undefined
  return [
    ['Model', metadata.model ?? 'not recorded'],
    ['Input tokens', tokens(usage?.inputTokens)],
    ['Output tokens', tokens(usage?.outputTokens)],
    ['First token after', recorded ? timing(details.firstTokenMs, 'no text came') : 'not recorded'],
    ['Total time', recorded ? timing(details.totalMs, 'not recorded') : 'not recorded'],
    ['Speed', recorded ? rate : 'not known'],
    ['Finish', recorded && details.finishReason ? (FINISH[details.finishReason] ?? details.finishReason) : 'not recorded'],
  ]
}

export function MessageMeta({ message, answer = false }: MessageMetaProps) {
  const metadata = (message.metadata ?? {}) as AnswerMetadata
  const [seen] = useState(() => {
    if (!firstSeen.has(message.id)) firstSeen.set(message.id, Date.now())
    return firstSeen.get(message.id)!
  })
  const at = metadata.createdAt ?? seen
  const reference = useSyncExternalStore(subscribe, () => now)
  const [open, setOpen] = useState(false)
  const panel = useId()
  // The clock may have moved on since the module loaded.
  useEffect(() => void (now = Date.now()), [])

  return (
    <>
      <time className="message-meta__time" dateTime={new Date(at).toISOString()} title={exact.format(at)}>
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
