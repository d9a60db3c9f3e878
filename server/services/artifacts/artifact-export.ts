// Artifacts in a chat's exports: in Markdown, each artifact's current content in a fenced block
// under a heading (for reading); in JSON, every version (imported again by import-artifacts.ts).
import type { ArtifactKind, ArtifactVersion } from '../../../shared/artifacts.ts'

/** The info string of each kind's fence, so that a Markdown viewer highlights it. */
const FENCE_LANGUAGE: Record<Exclude<ArtifactKind, 'code'>, string> = {
  document: 'markdown',
  html: 'html',
  svg: 'svg',
  mermaid: 'mermaid',
  react: 'jsx',
  table: 'csv',
}

/** A fence longer than any run of backticks in the content, so that nothing inside can close it. */
function fenceFor(content: string): string {
  const longest = Math.max(0, ...Array.from(content.matchAll(/`+/g), (match) => match[0].length))
  return '`'.repeat(Math.max(3, longest + 1))
}

/** Headings carry one line of plain text: a title cannot start another block. */
const headingText = (title: string) => title.replace(/[\r\n]+/g, ' ').replace(/^#+\s*/, '')

/** The "Artifacts" section of a Markdown export ('' when there are none). */
export function artifactsMarkdown(artifacts: readonly ArtifactVersion[]): string {
  if (artifacts.length === 0) return ''
  const lines = ['## Artifacts', '']
  for (const artifact of artifacts) {
    const language = artifact.kind === 'code' ? (artifact.language ?? '').replace(/[^\w#+.-]/g, '') : FENCE_LANGUAGE[artifact.kind]
    const fence = fenceFor(artifact.content)
    lines.push(`### ${headingText(artifact.title)}`, '', `_${artifact.kind}${artifact.language ? ` · ${artifact.language}` : ''} · version ${artifact.version}_`, '')
    lines.push(`${fence}${language}`, artifact.content.replace(/\n$/, ''), fence, '')
  }
  return lines.join('\n')
}

/** A version as the JSON export carries it: all of it but the chat (the export is of that chat). */
export function exportedVersion({ chatId: _chat, ...version }: ArtifactVersion): Omit<ArtifactVersion, 'chatId'> {
  return version
}
