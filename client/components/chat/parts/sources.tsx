// Sources an answer cites (AI SDK `source-url` parts, from a web search): numbered chips under the
// answer, and `[n]` in its text turned into links to them. No site's own icon is fetched: that
// would send every reader's browser to each cited host.
import { Icon } from '../../ui/icon.tsx'

export interface SourcePart {
  type: 'source-url'
  sourceId: string
  url: string
  title?: string
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/**
 * The text with each `[n]` that names a source made a link to it (not inside code, not already a
 * link or a reference definition).
 */
export function linkCitations(markdown: string, sources: SourcePart[]): string {
  if (sources.length === 0) return markdown
  const byId = new Map(sources.map((source) => [source.sourceId, source]))
  // Odd pieces are fenced code blocks: left as they are.
  return markdown
    .split(/(^`{3,}[^\n]*\n[\s\S]*?^`{3,}[ \t]*$)/m)
    .map((piece, index) =>
      index % 2 === 1
        ? piece
        : piece.replace(/(`[^`\n]*`)|\[(\d{1,3})\](?![(:])/g, (match, code: string | undefined, n: string | undefined) => {
            if (code) return code
            const source = byId.get(n!)
            return source ? `[[${n}]](${source.url} "${(source.title ?? hostOf(source.url)).replace(/["\\]/g, '')}")` : match
          }),
    )
    .join('')
}

export function SourceList({ sources }: { sources: SourcePart[] }) {
  return (
    <div className="sources" role="group" aria-label="Sources">
      <ol>
        {sources.map((source) => (
          <li key={source.sourceId}>
            <a href={source.url} target="_blank" rel="noopener noreferrer nofollow" title={source.title ?? source.url}>
              <span className="sources__n">{source.sourceId}</span>
              <Icon name="lucide:globe" size={14} />
              <span className="sources__title">{source.title ?? hostOf(source.url)}</span>
              <span className="sources__host">{hostOf(source.url)}</span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  )
}
