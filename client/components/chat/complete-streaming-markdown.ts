// While an answer streams, its last block is often half written: `**bold` without its closing
// marks, an inline `code span, a link whose URL is still arriving. Rendered as is, the raw syntax
// flashes up and then turns into formatting a moment later. This closes what is open (and drops a
// link's unfinished URL) so the text looks as it will once complete. Only for the last block of a
// streaming answer; a fenced code block needs nothing (an open fence runs to the end anyway).

/** Markdown `block` with its open inline constructs closed. */
export function completeStreamingMarkdown(block: string): string {
  if (/^ {0,3}(`{3,}|~{3,})/.test(block)) return block
  let text = block
  // A link or image whose URL has not finished: show its text only, as it will read.
  text = text.replace(/!?\[([^\]\n]*)\]\([^)\s]*$/, '$1')
  // An inline code span that is still open: close it (and ignore markers inside code spans below).
  const ticks = text.match(/`/g)?.length ?? 0
  if (ticks % 2 === 1) text += '`'
  const outsideCode = text.replace(/`[^`]*`/g, '')
  for (const marker of ['**', '~~']) {
    const count = outsideCode.split(marker).length - 1
    if (count % 2 === 1 && !text.endsWith(marker)) text += marker
  }
  return text
}
