// The sidebar's date groups: Today, Yesterday, Previous 7 days, Previous 30 days, then one group per
// calendar month ("October 2026"). Days are the viewer's local calendar days, so the groups are
// computed in the browser only (the server cannot know the viewer's time zone).

export interface DatedItem {
  updatedAt: number
}

export interface DateGroup<T extends DatedItem> {
  /** Stable across renders and unique in the list: the label in lower case with dashes (`october-2026`). */
  key: string
  label: string
  items: T[]
}

/**
 * Made the first time a month's label is wanted: the first Intl.DateTimeFormat of a page loads
 * ICU's date data, 59–92 ms of the main thread with the CPU slowed 4× (Chromium, measured), which
 * every page paid while loading, also for a first visit with no chat to group.
 */
let monthFormat: Intl.DateTimeFormat | undefined
const monthLabel = (at: number) => (monthFormat ??= new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })).format(at)

/**
 * Groups items already sorted newest first, keeping their order. Anything dated after `now` (the
 * server's clock ahead of the browser's) counts as today. Boundaries are local midnights so many
 * calendar days back (not `days * 24 h`: DST days are 23 or 25 hours).
 */
export function groupByDate<T extends DatedItem>(items: readonly T[], now: number): DateGroup<T>[] {
  const day = new Date(now)
  const midnight = (daysBack: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() - daysBack).getTime()
  const bounds: Array<[number, string]> = [
    [midnight(0), 'Today'],
    [midnight(1), 'Yesterday'],
    [midnight(7), 'Previous 7 days'],
    [midnight(30), 'Previous 30 days'],
  ]
  const groups: DateGroup<T>[] = []
  for (const item of items) {
    const label = bounds.find(([start]) => item.updatedAt >= start)?.[1] ?? monthLabel(item.updatedAt)
    let group = groups.find((known) => known.label === label)
    // Labels are unique (a month's has its year); the key is one usable in an id.
    if (!group) groups.push((group = { key: label.toLowerCase().replaceAll(' ', '-'), label, items: [] }))
    group.items.push(item)
  }
  return groups
}
