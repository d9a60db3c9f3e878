// The sidebar's date groups: Today, Yesterday, Previous 7 days, Previous 30 days, then one group per
// calendar month ("October 2026"). Days are the viewer's local calendar days, so the groups are
// computed in the browser only (the server cannot know the viewer's time zone).

export interface DatedItem {
  updatedAt: number
}

export interface DateGroup<T extends DatedItem> {
  /** Stable across renders and unique in the list: a label, or `month-2026-10`. */
  key: string
  label: string
  items: T[]
}

function startOfLocalDay(time: number): number {
  const date = new Date(time)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

/** Local midnight `days` calendar days before `dayStart` (not `days * 24 h`: DST days are 23 or 25 hours). */
function daysBefore(dayStart: number, days: number): number {
  const date = new Date(dayStart)
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - days).getTime()
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })

/**
 * Groups items already sorted newest first, keeping their order. Anything dated after `now` (the
 * server's clock ahead of the browser's) counts as today.
 */
export function groupByDate<T extends DatedItem>(items: readonly T[], now: number): DateGroup<T>[] {
  const today = startOfLocalDay(now)
  const yesterday = daysBefore(today, 1)
  const weekAgo = daysBefore(today, 7)
  const monthAgo = daysBefore(today, 30)
  const groups: DateGroup<T>[] = []
  const byKey = new Map<string, DateGroup<T>>()

  for (const item of items) {
    let key: string
    let label: string
    if (item.updatedAt >= today) [key, label] = ['today', 'Today']
    else if (item.updatedAt >= yesterday) [key, label] = ['yesterday', 'Yesterday']
    else if (item.updatedAt >= weekAgo) [key, label] = ['week', 'Previous 7 days']
    else if (item.updatedAt >= monthAgo) [key, label] = ['month', 'Previous 30 days']
    else {
      const date = new Date(item.updatedAt)
      key = `month-${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
      label = monthFormat.format(date)
    }
    let group = byKey.get(key)
    if (!group) {
      group = { key, label, items: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}
