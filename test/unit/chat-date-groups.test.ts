// The sidebar groups chats by the viewer's local calendar day: Today, Yesterday, Previous 7 days,
// Previous 30 days, then by month. A fixed clock and time zone make the boundaries exact.
import t from 'tap'

process.env.TZ = 'Europe/Berlin'
const { groupByDate } = await import('../../client/lib/chat-groups.ts')

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime()
const labels = (items: Array<{ updatedAt: number }>, now: number) =>
  groupByDate(items, now).map((group) => `${group.label}: ${group.items.length}`)

t.test('boundaries are local midnights, not 24-hour steps', async (t) => {
  const now = local(2026, 10, 20, 0, 30) // half past midnight
  t.same(labels([{ updatedAt: local(2026, 10, 20, 0, 0) }], now), ['Today: 1'], 'midnight today is today')
  t.same(labels([{ updatedAt: local(2026, 10, 19, 23, 59) }], now), ['Yesterday: 1'], 'a minute before midnight is yesterday')
  t.same(labels([{ updatedAt: local(2026, 10, 19, 0, 0) }], now), ['Yesterday: 1'])
  t.same(labels([{ updatedAt: local(2026, 10, 18, 23, 59) }], now), ['Previous 7 days: 1'])
  t.same(labels([{ updatedAt: local(2026, 10, 13, 0, 0) }], now), ['Previous 7 days: 1'], 'seven days back, at midnight')
  t.same(labels([{ updatedAt: local(2026, 10, 12, 23, 59) }], now), ['Previous 30 days: 1'])
  t.same(labels([{ updatedAt: local(2026, 9, 20, 0, 0) }], now), ['Previous 30 days: 1'], 'thirty days back, at midnight')
  t.same(labels([{ updatedAt: local(2026, 9, 19, 23, 59) }], now), ['September 2026: 1'])
})

t.test('the daylight saving change (a 25-hour day) does not move a boundary', async (t) => {
  // Clocks go back on 25 October 2026 in Berlin: that day has 25 hours.
  const now = local(2026, 10, 26, 0, 10)
  t.same(labels([{ updatedAt: local(2026, 10, 25, 0, 5) }], now), ['Yesterday: 1'])
  t.same(labels([{ updatedAt: local(2026, 10, 24, 23, 55) }], now), ['Previous 7 days: 1'])
})

t.test('older chats are grouped by month and year, newest first, in their given order', async (t) => {
  const now = local(2027, 1, 15, 12)
  const items = [
    { id: 'a', updatedAt: local(2027, 1, 15, 9) },
    { id: 'b', updatedAt: local(2027, 1, 14, 18) },
    { id: 'c', updatedAt: local(2027, 1, 10) },
    { id: 'd', updatedAt: local(2026, 12, 20) },
    { id: 'e', updatedAt: local(2026, 12, 1) },
    { id: 'f', updatedAt: local(2026, 11, 30) },
    { id: 'g', updatedAt: local(2026, 10, 3) },
    { id: 'h', updatedAt: local(2025, 10, 3) },
  ]
  const groups = groupByDate(items, now)
  t.same(
    groups.map((group) => [group.label, group.items.map((item) => item.id).join('')]),
    [
      ['Today', 'a'],
      ['Yesterday', 'b'],
      ['Previous 7 days', 'c'],
      ['Previous 30 days', 'd'],
      ['December 2026', 'e'],
      ['November 2026', 'f'],
      ['October 2026', 'g'],
      ['October 2025', 'h'],
    ],
  )
  t.equal(new Set(groups.map((group) => group.key)).size, groups.length, 'keys are unique (same month, different years)')
})

t.test('a chat dated after now (clock skew) is today; no chats, no groups', async (t) => {
  const now = local(2026, 10, 20, 12)
  t.same(labels([{ updatedAt: now + 60_000 }], now), ['Today: 1'])
  t.same(groupByDate([], now), [])
})
