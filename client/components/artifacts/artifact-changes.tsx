// The Changes tab: what a version changed from the one before it, line by line (its own lazy chunk
// with the `diff` package). Added and removed lines carry a + or − and words for screen readers,
// not only a colour.
import { useMemo } from 'react'
import { diffLines } from 'diff'

export interface ArtifactChangesProps {
  before: string
  after: string
  beforeVersion: number
  afterVersion: number
}

type Line = { kind: 'added' | 'removed' | 'same'; text: string }

const CONTEXT = 3

export function ArtifactChanges({ before, after, beforeVersion, afterVersion }: ArtifactChangesProps) {
  const lines = useMemo(() => {
    const out: Line[] = []
    for (const change of diffLines(before, after)) {
      const kind = change.added ? 'added' : change.removed ? 'removed' : 'same'
      const texts = change.value.replace(/\n$/, '').split('\n')
      for (const text of texts) out.push({ kind, text })
    }
    return out
  }, [before, after])
  const added = lines.filter((line) => line.kind === 'added').length
  const removed = lines.filter((line) => line.kind === 'removed').length
  // Unchanged lines far from any change fold into "… n unchanged lines".
  const near = lines.map((_, index) => lines.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((line) => line.kind !== 'same'))
  const rows: Array<Line | { kind: 'fold'; count: number }> = []
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || near[index]) return void rows.push(line)
    const last = rows.at(-1)
    if (last?.kind === 'fold') last.count++
    else rows.push({ kind: 'fold', count: 1 })
  })
  return (
    <div className="p-3" data-artifact-changes>
      <p className="mb-2 text-sm text-neutral-700 dark:text-neutral-200">
        Version {beforeVersion} → {afterVersion}: {added} {added === 1 ? 'line' : 'lines'} added, {removed} removed
      </p>
      {added + removed === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-300">No changes in the content.</p>
      ) : (
        <pre tabIndex={0} className="overflow-x-auto rounded-md border border-neutral-200 bg-white font-mono text-[13px] leading-relaxed dark:border-neutral-700 dark:bg-neutral-950">
          {rows.map((row, index) =>
            row.kind === 'fold' ? (
              <div key={index} className="bg-neutral-50 px-3 text-neutral-600 italic dark:bg-neutral-900 dark:text-neutral-300">
                … {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
              </div>
            ) : row.kind === 'added' ? (
              <ins key={index} data-change="added" className="block bg-green-50 px-3 text-green-900 no-underline dark:bg-green-950 dark:text-green-100">
                <span aria-hidden="true">+ </span>
                <span className="sr-only">Added: </span>
                {row.text}
              </ins>
            ) : row.kind === 'removed' ? (
              <del key={index} data-change="removed" className="block bg-red-50 px-3 text-red-900 no-underline dark:bg-red-950 dark:text-red-100">
                <span aria-hidden="true">− </span>
                <span className="sr-only">Removed: </span>
                {row.text}
              </del>
            ) : (
              <div key={index} className="px-3 text-neutral-800 dark:text-neutral-200">
                <span aria-hidden="true">{'  '}</span>
                {row.text}
              </div>
            ),
          )}
        </pre>
      )}
    </div>
  )
}
