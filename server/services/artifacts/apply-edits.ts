// Exact find/replace edits on an artifact's content, as `update_artifact` takes them. Each edit
// applies to the text the earlier ones left, and must find its text exactly once: a text that is
// not there, or is there twice, would make the model's intent a guess, so the whole update is
// refused with a reason the model can act on (nothing half-applied is ever stored).

export interface ArtifactEdit {
  find: string
  replace: string
}

export type EditsResult = { ok: true; content: string; applied: number } | { ok: false; problem: string }

export function applyEdits(content: string, edits: readonly ArtifactEdit[]): EditsResult {
  if (edits.length === 0) return { ok: false, problem: 'No edits were given: give at least one {find, replace}, or the whole new content.' }
  let text = content
  for (const [index, edit] of edits.entries()) {
    const which = edits.length === 1 ? 'The edit' : `Edit ${index + 1} of ${edits.length}`
    // Which text it was looked for in: after earlier edits, the model may be looking at the old one.
    const where = index === 0 ? 'the current content' : `the content as edit${index === 1 ? '' : 's'} 1${index === 1 ? '' : `–${index}`} left it`
    if (edit.find === '') return { ok: false, problem: `${which} has an empty find text: give text that occurs once in the artifact.` }
    const at = text.indexOf(edit.find)
    if (at < 0) {
      const nearly = looselyFound(text, edit.find)
      return {
        ok: false,
        problem: `${which}: its find text (${quote(edit.find)}) is not in ${where}${nearly ? '; it is there with other spaces or line breaks, which must match exactly' : ''}. Copy it exactly from the artifact, or give the whole new content. Nothing was changed.`,
      }
    }
    const count = occurrences(text, edit.find)
    if (count > 1) {
      return {
        ok: false,
        problem: `${which}: its find text (${quote(edit.find)}) occurs ${count} times in ${where}. Make it longer (add the lines around it) so that it matches one place only. Nothing was changed.`,
      }
    }
    // Sliced, not String.replace: `$&` or `$1` in the new text stay as written.
    text = text.slice(0, at) + edit.replace + text.slice(at + edit.find.length)
  }
  return { ok: true, content: text, applied: edits.length }
}

/** Where the find text could start, overlapping ones counted ("aa" twice in "aaa"). */
function occurrences(text: string, find: string): number {
  let count = 0
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + 1)) count++
  return count
}

/** The find text is there once runs of whitespace are treated alike (a hint, never applied). */
function looselyFound(text: string, find: string): boolean {
  const squeeze = (value: string) => value.replace(/\s+/g, ' ').trim()
  const loose = squeeze(find)
  return loose !== '' && squeeze(text).includes(loose)
}

function quote(text: string): string {
  const line = text.replace(/\n/g, '\\n')
  return `“${line.length > 80 ? `${line.slice(0, 79)}…` : line}”`
}
