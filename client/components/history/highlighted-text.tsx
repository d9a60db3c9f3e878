import type { ReactNode } from 'react'

/** `text` with the [start, end) ranges wrapped in <mark> (search snippets from the server; search-palette.css styles them). */
export function HighlightedText({ text, ranges }: { text: string; ranges: ReadonlyArray<readonly [number, number]> }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start}>
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
