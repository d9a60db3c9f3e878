// Numbers and times as the admin page shows them.
import { useHydrated } from '../../lib/hydrated.ts'

const NUMBER = new Intl.NumberFormat('en-US')
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })

export const formatNumber = (value: number) => NUMBER.format(value)
export const formatCompact = (value: number) => COMPACT.format(value)

/** "3 min ago", "2 days ago"; "never" for null. */
function formatAgo(at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  return days === 1 ? 'yesterday' : days < 60 ? `${days} days ago` : DATE.format(at)
}

/**
 * A time: `date` (Nov 26, 2026), `datetime` (Nov 26, 03:25 AM) or `ago` (3 min ago). The server
 * knows neither the reader's time zone nor the moment the page is read: times are UTC until the
 * page has hydrated, so the hydrated page matches the server's, and become local right after.
 */
export function Time({ at, as, className }: { at: number; as: 'date' | 'datetime' | 'ago'; className?: string }) {
  const hydrated = useHydrated()
  const iso = new Date(at).toISOString()
  const text = !hydrated ? `${iso.slice(0, as === 'date' ? 10 : 16).replace('T', ' ')} UTC` : as === 'date' ? DATE.format(at) : as === 'datetime' ? DATE_TIME.format(at) : formatAgo(at, Date.now())
  return (
    <time dateTime={iso} title={hydrated ? new Date(at).toLocaleString() : undefined} className={className}>
      {text}
    </time>
  )
}
