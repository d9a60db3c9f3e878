// Sources an answer cites (AI SDK `source-url` parts, from a web search): numbered chips under the
// answer (`[n]` in its text links to them: citations.tsx). No site's own icon is fetched: that
// would send every reader's browser to each cited host.
import { Icon } from '../../ui/icon.tsx'
import { MarkdownContent } from '../markdown.tsx'
import { CitationSources, hostOf, isWebUrl, type SourcePart } from '../citations.tsx'

export type { SourcePart }

/** An answer's text, its `[n]` linked to the sources it has. */
export function CitedMarkdown({ text, sources, streaming }: { text: string; sources: SourcePart[]; streaming: boolean }) {
  return (
    <CitationSources sources={sources}>
      <MarkdownContent text={text} streaming={streaming} />
    </CitationSources>
  )
}

export function SourceList({ sources }: { sources: SourcePart[] }) {
  return (
    <div className="sources" role="group" aria-label="Sources">
      <ol>
        {sources.map((source) => {
          const content = (
            <>
              <span className="sources__n">{source.sourceId}</span>
              <Icon name="lucide:globe" size={14} />
              <span className="sources__title">{source.title ?? hostOf(source.url)}</span>
              <span className="sources__host">{hostOf(source.url)}</span>
            </>
          )
          return (
            <li key={source.sourceId}>
              {/* A source that is not a web page is named, not linked. */}
              {isWebUrl(source.url) ? (
                <a href={source.url} target="_blank" rel="noopener noreferrer nofollow" title={source.title ?? source.url}>
                  {content}
                </a>
              ) : (
                <span title={source.title ?? source.url}>{content}</span>
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
