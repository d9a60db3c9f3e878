// Usage over the last 30 days: tokens per day as bars stacked by model (with the numbers
// as a table for screen readers and for copying), the top users, and failed answers by kind.
import type { AdminUsage } from '../../../shared/admin.ts'
import { ADMIN_USAGE_DAYS } from '../../../shared/admin.ts'
import { formatCompact, formatNumber } from './format.tsx'
import './admin.css'

const COLORS = ['#16a34a', '#2563eb', '#d97706', '#9333ea', '#db2777', '#0891b2', '#64748b']
const DAY_MS = 86_400_000
const WIDTH = 600
const HEIGHT = 180
// Bars only in the SVG (it stretches to the card); its labels are HTML, so they stay legible on a phone.
const LEFT = 0
const BOTTOM = 1

interface DayTotals {
  day: string
  byModel: Map<string, number>
  total: number
}

/** Every day of the window, oldest first, with each model's tokens (in + out). */
function daysOf(usage: AdminUsage): DayTotals[] {
  const start = Date.parse(`${usage.from}T00:00:00Z`)
  const days: DayTotals[] = []
  for (let i = 0; i < ADMIN_USAGE_DAYS; i++) days.push({ day: new Date(start + i * DAY_MS).toISOString().slice(0, 10), byModel: new Map(), total: 0 })
  const index = new Map(days.map((entry, i) => [entry.day, i]))
  for (const row of usage.days) {
    const entry = days[index.get(row.day) ?? -1]
    if (!entry) continue
    const tokens = row.inputTokens + row.outputTokens
    entry.byModel.set(row.model, (entry.byModel.get(row.model) ?? 0) + tokens)
    entry.total += tokens
  }
  return days
}

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

export function UsagePanel({ usage }: { usage: AdminUsage }) {
  const days = daysOf(usage)
  const models = [...new Set(usage.days.map((row) => row.model))].sort()
  const color = (model: string) => COLORS[models.indexOf(model) % COLORS.length]!
  const max = Math.max(1, ...days.map((day) => day.total))
  const totals = usage.days.reduce((sum, row) => ({ input: sum.input + row.inputTokens, output: sum.output + row.outputTokens, answers: sum.answers + row.answers }), { input: 0, output: 0, answers: 0 })
  const failed = usage.failures.reduce((sum, row) => sum + row.count, 0)
  const slot = (WIDTH - LEFT) / days.length
  const plotHeight = HEIGHT - BOTTOM

  return (
    <section aria-labelledby="admin-usage" className="admin-section">
      <h2 id="admin-usage" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Usage, last {ADMIN_USAGE_DAYS} days
      </h2>
      <div className="admin-stats">
        <Stat label="Tokens in" value={formatNumber(totals.input)} />
        <Stat label="Tokens out" value={formatNumber(totals.output)} />
        <Stat label="Answers" value={formatNumber(totals.answers)} />
        <Stat label="Failed answers" value={formatNumber(failed)} />
        <Stat label="Daily quota per user" value={usage.quotas.tokensPerDay === null ? 'none' : formatNumber(usage.quotas.tokensPerDay)} />
        <Stat label="Daily quota per visitor" value={usage.quotas.tokensPerDayAnonymous === null ? 'none' : formatNumber(usage.quotas.tokensPerDayAnonymous)} />
      </div>
      <figure className="admin-card">
        <figcaption className="admin-muted">Tokens (in and out) per day (UTC), by model; the highest day: {formatCompact(max)}</figcaption>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="admin-chart" role="img" aria-label={`Tokens per day: ${formatNumber(totals.input + totals.output)} in ${ADMIN_USAGE_DAYS} days`} preserveAspectRatio="none">
          <line x1={LEFT} y1={plotHeight} x2={WIDTH} y2={plotHeight} className="admin-chart-axis" />
          {days.map((day, i) => {
            let y = plotHeight
            return (
              <g key={day.day}>
                <title>{`${shortDay(day.day)}: ${formatNumber(day.total)} tokens${[...day.byModel].map(([model, tokens]) => `\n${model}: ${formatNumber(tokens)}`).join('')}`}</title>
                {/* A transparent full-height target, so hovering an empty day tells it too. */}
                <rect x={LEFT + i * slot} y={0} width={slot} height={plotHeight} fill="transparent" />
                {models.map((model) => {
                  const tokens = day.byModel.get(model) ?? 0
                  if (!tokens) return null
                  const height = (tokens / max) * (plotHeight - 12)
                  y -= height
                  return <rect key={model} x={LEFT + i * slot + slot * 0.15} y={y} width={slot * 0.7} height={height} fill={color(model)} />
                })}
              </g>
            )
          })}
        </svg>
        <div className="admin-chart-days" aria-hidden="true">
          {[days[0], days[Math.floor(days.length / 2)], days[days.length - 1]].map((day) => (
            <span key={day!.day}>{shortDay(day!.day)}</span>
          ))}
        </div>
        {models.length > 0 ? (
          <ul className="admin-legend" aria-label="Models">
            {models.map((model) => (
              <li key={model}>
                <span className="admin-swatch" style={{ background: color(model) }} aria-hidden="true" />
                {model}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-muted">No answers yet.</p>
        )}
        <details className="mt-2">
          <summary className="admin-muted cursor-pointer">The numbers as a table</summary>
          <div className="admin-table-wrap mt-2" data-scroll="">
            <table className="admin-table">
              <caption className="sr-only">Tokens and answers per day and model</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Model</th>
                  <th scope="col" className="admin-num">Tokens in</th>
                  <th scope="col" className="admin-num">Tokens out</th>
                  <th scope="col" className="admin-num">Answers</th>
                </tr>
              </thead>
              <tbody>
                {usage.days.map((row) => (
                  <tr key={`${row.day} ${row.model}`}>
                    <td>{row.day}</td>
                    <td>{row.model}</td>
                    <td className="admin-num">{formatNumber(row.inputTokens)}</td>
                    <td className="admin-num">{formatNumber(row.outputTokens)}</td>
                    <td className="admin-num">{formatNumber(row.answers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
      <div className="admin-grid">
        <div className="admin-card">
          <h3 className="font-medium">Top users</h3>
          {usage.topUsers.length ? (
            <ol className="admin-list mt-2">
              {usage.topUsers.map((user) => (
                <li key={user.id}>
                  <span className="min-w-0 truncate">
                    {user.name}
                    {user.email && <span className="admin-muted"> · {user.email}</span>}
                  </span>
                  <span className="admin-muted">{formatNumber(user.inputTokens + user.outputTokens)} tokens</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="admin-muted mt-2">Nobody yet.</p>
          )}
        </div>
        <div className="admin-card">
          <h3 className="font-medium">Failed answers by kind</h3>
          {usage.failures.length ? (
            <ul className="admin-list mt-2">
              {usage.failures.map((failure) => (
                <li key={failure.kind}>
                  <code>{failure.kind}</code>
                  <span className="admin-muted">{formatNumber(failure.count)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-muted mt-2">None.</p>
          )}
        </div>
      </div>
    </section>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <div className="admin-muted">{label}</div>
      <div className="admin-stat-value">{value}</div>
    </div>
  )
}
