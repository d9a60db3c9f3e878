// Splits Markdown into its top-level blocks (paragraphs, lists, tables, fenced code), so a streaming
// answer re-renders only its last block on every token while the finished ones stay memoised.

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** Blocks in order; joining them with blank lines gives back equivalent Markdown. */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = []
  let current: string[] = []
  let fence: string | null = null
  const flush = () => {
    if (current.some((line) => line.trim() !== '')) blocks.push(current.join('\n'))
    current = []
  }
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      current.push(line)
      // A fence closes with at least as many of the same character and nothing else on the line.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
        fence = null
        flush()
      }
      continue
    }
    if (marker) {
      flush()
      fence = marker
      current.push(line)
      continue
    }
    // A blank line ends a block unless a list continues after it (a loose list stays one block).
    if (line.trim() === '') {
      const inList = current.length > 0 && /^\s*([-*+]|\d+[.)])\s/.test(current[0]!)
      if (inList) current.push(line)
      else flush()
      continue
    }
    if (current.length > 0 && current.every((l) => l.trim() === '')) current = []
    // A line that is not indented and not a list item after a blank line inside a list starts a new block.
    if (current.length > 0 && current[current.length - 1]!.trim() === '' && !/^\s/.test(line) && !/^([-*+]|\d+[.)])\s/.test(line)) flush()
    current.push(line)
  }
  flush()
  return blocks
}
