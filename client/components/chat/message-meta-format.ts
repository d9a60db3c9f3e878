// The words of a message's time and of an answer's details (message-meta.tsx): pure, so tested
// without a browser (test/unit/message-meta-format.test.ts).

export interface AnswerMetadata {
  createdAt?: number
  model?: string | null
  usage?: { inputTokens?: number; outputTokens?: number }
  details?: { firstTokenMs?: number; totalMs?: number; finishReason?: string }
}

// Made on first use, not when the chat screen's code loads: the first Intl.DateTimeFormat of a
// page loads ICU's date data (chat-groups.ts).
let relative: Intl.RelativeTimeFormat | undefined
let exact: Intl.DateTimeFormat | undefined

/** "Wednesday, November 25, 2026 at 5:29:03 PM": the hover text of a message's time. */
export function exactTime(at: number): string {
  return (exact ??= new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'medium' })).format(at)
}

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
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
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
