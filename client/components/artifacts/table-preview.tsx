// A table artifact: its CSV as a table whose headers sort it (ascending, then descending; numbers as
// numbers), and "Chart this", which draws its numeric columns with the chat's chart view.
import { useMemo, useState } from 'react'
import { lazyComponent } from '../../lib/lazy-component.ts'
import type { ChartSpec } from '../chat/parts/chart-view.tsx'
import { TextButton } from '../chat/text-button.tsx'
import { Icon } from '../ui/icon.tsx'
import { numberOf, numericColumns, parseCsv, sortRows } from './csv.ts'

const ChartView = lazyComponent<{ spec: ChartSpec }>('the chart', () => import('../chat/parts/chart-view.tsx').then((module) => module.ChartView))

/** The chart shows at most this many rows (more would be unreadable bars). */
const CHART_MAX_ROWS = 60

export function TablePreview({ content, title }: { content: string; title: string }) {
  const csv = useMemo(() => parseCsv(content), [content])
  const numeric = useMemo(() => numericColumns(csv), [csv])
  const [sort, setSort] = useState<{ column: number; direction: 'ascending' | 'descending' } | null>(null)
  const [chart, setChart] = useState(false)
  const rows = useMemo(() => (sort ? sortRows(csv.rows, sort.column, sort.direction, numeric[sort.column]!) : csv.rows), [csv, sort, numeric])
  const spec = useMemo(() => chartSpec(title, csv.header, rows, numeric), [title, csv.header, rows, numeric])
  const Chart = ChartView.useComponent(chart && spec !== null)

  function sortBy(column: number) {
    setSort((current) => (current?.column === column && current.direction === 'ascending' ? { column, direction: 'descending' } : { column, direction: 'ascending' }))
  }

  if (csv.header.length === 0) return <p className="p-4 text-sm text-neutral-600 dark:text-neutral-300">The table is empty.</p>
  return (
    <div className="flex flex-col gap-3 p-3">
      {spec && (
        <div className="flex items-center gap-2">
          <TextButton aria-pressed={chart} onClick={() => setChart(!chart)}>
            <Icon name="lucide:chart-column" size={16} /> {chart ? 'Hide the chart' : 'Chart this'}
          </TextButton>
          {chart && rows.length > CHART_MAX_ROWS && <span className="text-xs text-neutral-600 dark:text-neutral-300">The chart shows the first {CHART_MAX_ROWS} rows.</span>}
        </div>
      )}
      {chart && spec && (Chart ? <Chart spec={spec} /> : <p className="text-sm text-neutral-600 dark:text-neutral-300">Drawing the chart…</p>)}
      <div className="markdown-table overflow-auto rounded-md border border-neutral-200 dark:border-neutral-700" tabIndex={0} role="region" aria-label={`Table: ${title}`}>
        <table className="w-full border-collapse text-sm">
          <thead className="sticky top-0 bg-neutral-100 dark:bg-neutral-800">
            <tr>
              {csv.header.map((name, column) => {
                const state = sort?.column === column ? sort.direction : undefined
                return (
                  <th key={column} scope="col" aria-sort={state ?? 'none'} className={`border-b border-neutral-200 p-0 dark:border-neutral-700 ${numeric[column] ? 'text-right' : 'text-left'}`}>
                    <button type="button" onClick={() => sortBy(column)} className={`flex w-full items-center gap-1 px-3 py-2 font-semibold ${numeric[column] ? 'justify-end' : ''} text-neutral-900 hover:bg-neutral-200 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 dark:text-neutral-100 dark:hover:bg-neutral-700`}>
                      {name}
                      <Icon name={state === 'ascending' ? 'lucide:arrow-up' : state === 'descending' ? 'lucide:arrow-down' : 'lucide:arrow-up-down'} size={14} className={state ? '' : 'opacity-40'} />
                      <span className="sr-only">{state ? `, sorted ${state}` : ', sort'}</span>
                    </button>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="odd:bg-white even:bg-neutral-50 dark:odd:bg-neutral-900 dark:even:bg-neutral-950">
                {row.map((cell, column) => (
                  <td key={column} className={`border-b border-neutral-100 px-3 py-1.5 text-neutral-800 dark:border-neutral-800 dark:text-neutral-200 ${numeric[column] ? 'text-right tabular-nums' : ''}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {csv.cut && <p className="text-xs text-neutral-600 dark:text-neutral-300">Only the first rows are shown.</p>}
    </div>
  )
}

/** The numeric columns as series over the first text column (or the row numbers); null without any. */
export function chartSpec(title: string, header: string[], rows: string[][], numeric: boolean[]): ChartSpec | null {
  const series = header.flatMap((name, column) => (numeric[column] ? [{ name, column }] : []))
  if (series.length === 0 || rows.length === 0) return null
  const labelColumn = numeric.findIndex((isNumber) => !isNumber)
  const shown = rows.slice(0, CHART_MAX_ROWS)
  return {
    title,
    kind: shown.length > 24 ? 'line' : 'bar',
    labels: shown.map((row, index) => (labelColumn >= 0 ? row[labelColumn]! : String(index + 1))),
    series: series.slice(0, 6).map(({ name, column }) => ({ name, values: shown.map((row) => numberOf(row[column]!) ?? 0) })),
  }
}
