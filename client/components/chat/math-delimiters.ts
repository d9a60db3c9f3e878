// The ways models write math, brought to the one the Markdown math parser reads (micromark's, with
// single dollars off): `$$…$$` inline, a `$$` fence for display. Code is left alone. A single `$`
// is math only the way Pandoc reads it — `$x$` with no space inside the dollars and no digit right
// after — so "it costs $5 and $10" stays text.

/** Fenced code blocks (kept as they are) split from the rest. */
const FENCED = /(^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\2[ \t]*$)/m

export function normalizeMath(markdown: string): string {
  return markdown
    .split(FENCED)
    .map((piece, index) => {
      // split() with two groups: [text, block, fence, text, block, fence, …]
      if (index % 3 === 1) return piece
      if (index % 3 === 2) return ''
      return prose(piece)
    })
    .join('')
}

function prose(text: string): string {
  return (
    text
      // \[ … \] (may span lines): display math.
      .replace(/\\\[([\s\S]+?)\\\]/g, (_match, tex: string) => `\n$$\n${tex.trim()}\n$$\n`)
      // $$ … $$ alone on its line: display math.
      .replace(/^[ \t]*\$\$([^\n]+?)\$\$[ \t]*$/gm, (_match, tex: string) => `$$\n${tex.trim()}\n$$`)
      .split(/(`+[^`\n]*`+)/)
      .map((part, index) =>
        index % 2 === 1
          ? part
          : part
              // \( … \): inline math.
              .replace(/\\\(([^\n]+?)\\\)/g, (_match, tex: string) => `$$${tex}$$`)
              // $…$ the Pandoc way: inline math.
              .replace(/(^|[^\\$])\$(?![\s$])([^$\n]*?[^\s\\$])\$(?![\d$])/g, (_match, before: string, tex: string) => `${before}$$${tex}$$`),
      )
      .join('')
  )
}
