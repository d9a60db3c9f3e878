// Numbers and times as the admin page shows them.
const NUMBER = new Intl.NumberFormat('en-US')
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })

export const formatNumber = (value: number) => NUMBER.format(value)
export const formatCompact = (value: number) => COMPACT.format(value)
export const formatDate = (at: number) => DATE.format(at)
export const formatDateTime = (at: number) => DATE_TIME.format(at)

/** "3 min ago", "2 days ago"; "never" for null. */
export function formatAgo(at: number | null, now = Date.now()): string {
  if (at === null) return 'never'
  const minutes = Math.round((now - at) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  return days === 1 ? 'yesterday' : days < 60 ? `${days} days ago` : formatDate(at)
}

export const SECTION_HEADING = 'text-lg font-semibold text-neutral-900 dark:text-white'
export const CARD = 'rounded-xl border border-neutral-200 dark:border-neutral-700'
