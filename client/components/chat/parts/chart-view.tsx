// The chart tool's result as SVG (its own lazy chunk): axes, a legend, the values of the point under
// the pointer (or the focused column, by keyboard), light and dark; its data as a table, read by
// screen readers and shown on demand.
import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react'
import './chart-view.css'

export interface ChartSpec {
  title: string
  kind: 'line' | 'bar' | 'area'
  labels: string[]
  series: Array<{ name: string; values: number[] }>
  unit?: string
}

const WIDTH = 640
const HEIGHT = 280
const PAD = { left: 52, right: 16, top: 16, bottom: 36 }
/** Series colours, each for light and dark (the page's color-scheme picks). */
const COLORS = ['light-dark(#2563eb, #60a5fa)', 'light-dark(#16a34a, #4ade80)', 'light-dark(#d97706, #fbbf24)', 'light-dark(#dc2626, #f87171)', 'light-dark(#7c3aed, #a78bfa)', 'light-dark(#0891b2, #22d3ee)']

/** Round steps (1, 2, 2.5, 5 × 10ⁿ) giving about `count` ticks from min to max. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) {
    min = min > 0 ? 0 : min - 1
    max = max > 0 ? max : max + 1
  }
  const rough = (max - min) / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power
  const ticks: number[] = []
  for (let tick = Math.floor(min / step) * step; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)))
  if (ticks.at(-1)! < max) ticks.push(Number((ticks.at(-1)! + step).toPrecision(12)))
  return ticks
}

const format = (value: number) => (Math.abs(value) >= 1000 ? value.toLocaleString('en') : String(Number(value.toPrecision(6))))

export function ChartView({ spec }: { spec: ChartSpec }) {
  const [hover, setHover] = useState<number | null>(null)
  const [showData, setShowData] = useState(false)
  const tableId = useId()
  const { labels, series, kind } = spec
  const values = series.flatMap((entry) => entry.values)
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values))
  const low = ticks[0]!
  const high = ticks.at(-1)!
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const y = (value: number) => PAD.top + plotHeight - ((value - low) / (high - low || 1)) * plotHeight
  const band = plotWidth / labels.length
  // Lines and areas put points at the middle of each label's band, like the bars.
  const x = (index: number) => PAD.left + band * index + band / 2
  const every = Math.ceil(labels.length / 10)

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const index = Math.floor((((event.clientX - box.left) / box.width) * WIDTH - PAD.left) / band)
    setHover(index >= 0 && index < labels.length ? index : null)
  }
  const step = (event: KeyboardEvent<SVGSVGElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    event.preventDefault()
    setHover((current) => Math.min(labels.length - 1, Math.max(0, (current ?? (delta > 0 ? -1 : labels.length)) + delta)))
  }

  return (
    <figure className="chart">
      <figcaption className="chart__title">{spec.title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${kind} chart: ${spec.title}. ${series.length} series, ${labels.length} values each; the table has the data.`}
        aria-describedby={tableId}
        tabIndex={0}
        onPointerMove={pick}
        onPointerLeave={() => setHover(null)}
        onKeyDown={step}
        onBlur={() => setHover(null)}
      >
        {ticks.map((tick) => (
          <g key={tick} className="chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {format(tick)}
            </text>
          </g>
        ))}
        {labels.map((label, index) =>
          index % every === 0 ? (
            <text key={index} className="chart__label" x={x(index)} y={HEIGHT - PAD.bottom + 20} textAnchor="middle">
              {label.length > 12 ? `${label.slice(0, 11)}…` : label}
            </text>
          ) : null,
        )}
        {hover !== null && <rect className="chart__hover" x={PAD.left + band * hover} y={PAD.top} width={band} height={plotHeight} />}
        {series.map((entry, which) => {
          const color = COLORS[which % COLORS.length]!
          if (kind === 'bar') {
            const width = (band * 0.8) / series.length
            return (
              <g key={entry.name} style={{ fill: color }}>
                {entry.values.map((value, index) => (
                  <rect key={index} x={PAD.left + band * index + band * 0.1 + width * which} width={Math.max(1, width - 1)} y={Math.min(y(value), y(0))} height={Math.abs(y(value) - y(0))} rx={2} />
                ))}
              </g>
            )
          }
          const points = entry.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')
          return (
            <g key={entry.name} style={{ stroke: color, fill: color }}>
              {kind === 'area' && <polygon points={`${x(0)},${y(0)} ${points} ${x(entry.values.length - 1)},${y(0)}`} className="chart__area" />}
              <polyline points={points} className="chart__line" />
              {entry.values.map((value, index) => (
                <circle key={index} cx={x(index)} cy={y(value)} r={hover === index ? 5 : 3} />
              ))}
            </g>
          )
        })}
        <line className="chart__axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
      </svg>
      <div className="chart__foot">
        <ul className="chart__legend">
          {series.map((entry, which) => (
            <li key={entry.name}>
              <span className="chart__swatch" style={{ background: COLORS[which % COLORS.length] }} />
              {entry.name}
            </li>
          ))}
        </ul>
        <output className="chart__readout" aria-live="polite">
          {hover !== null && `${labels[hover]}: ${series.map((entry) => `${series.length > 1 ? `${entry.name} ` : ''}${format(entry.values[hover]!)}${spec.unit ? ` ${spec.unit}` : ''}`).join(', ')}`}
        </output>
        <button type="button" className="chart__toggle" aria-expanded={showData} aria-controls={tableId} onClick={() => setShowData(!showData)}>
          {showData ? 'Hide data' : 'Show data'}
        </button>
      </div>
      <table id={tableId} className={showData ? 'chart__table' : 'sr-only'}>
        <caption className="sr-only">{spec.title}</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {series.map((entry) => (
              <th key={entry.name} scope="col">
                {entry.name}
                {spec.unit ? ` (${spec.unit})` : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={index}>
              <th scope="row">{label}</th>
              {series.map((entry) => (
                <td key={entry.name}>{format(entry.values[index]!)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
