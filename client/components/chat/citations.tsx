// `[n]` in an answer as a link to its source n: found in the parsed Markdown's text (so never inside
// code, an existing link or a reference definition) and drawn as an element of our own, whose link
// is made from the source's url and title as they are. Written back into the Markdown as
// `[[n]](url "title")`, a url with `)` or a title with `"` ended the link early and the rest was
// read as Markdown of the page's own (text and links a search result chose).
import { createContext, useContext, type ReactNode } from 'react'

export interface SourcePart {
  type: 'source-url'
  sourceId: string
  url: string
  title?: string
}

export const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** Only web pages are linked to (a source-url part is data from a tool: any string could be in it). */
export const isWebUrl = (url: string) => /^https?:\/\//i.test(url)

const Sources = createContext<ReadonlyMap<string, SourcePart> | null>(null)

/** The sources the answer inside cites, by number. */
export function CitationSources({ sources, children }: { sources: SourcePart[]; children: ReactNode }) {
  return <Sources value={new Map(sources.map((source) => [source.sourceId, source]))}>{children}</Sources>
}

interface MdastNode {
  type: string
  value?: string
  children?: MdastNode[]
  data?: Record<string, unknown>
}

const CITATION = /\[(\d{1,3})\](?![(:])/g

/** What remark-citations makes of `[n]`: a <cite> element of our own (Markdown itself never makes one: raw HTML stays text). */
function citation(n: string): MdastNode {
  return { type: 'citation', data: { hName: 'cite', hProperties: { dataSource: n }, hChildren: [{ type: 'text', value: `[${n}]` }] } }
}

function split(text: string): MdastNode[] | null {
  const matches = [...text.matchAll(CITATION)]
  if (matches.length === 0) return null
  const nodes: MdastNode[] = []
  let at = 0
  for (const match of matches) {
    if (match.index > at) nodes.push({ type: 'text', value: text.slice(at, match.index) })
    nodes.push(citation(match[1]!))
    at = match.index + match[0].length
  }
  if (at < text.length) nodes.push({ type: 'text', value: text.slice(at) })
  return nodes
}

function walk(node: MdastNode) {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return
  node.children = node.children.flatMap((child) => (child.type === 'text' ? (split(child.value ?? '') ?? [child]) : (walk(child), [child])))
}

/** The remark plugin: every `[n]` in text becomes a citation (drawn as text when no source n is known). */
export function remarkCitations() {
  return (tree: MdastNode) => walk(tree)
}

/** A citation as drawn: a link to its source when the answer has one with that number, else the text `[n]`. */
export function Citation(props: { 'data-source'?: string; children?: ReactNode }) {
  const sources = useContext(Sources)
  const n = props['data-source'] ?? ''
  const source = sources?.get(n)
  if (!source || !isWebUrl(source.url)) return <>{`[${n}]`}</>
  return (
    <a className="citation" href={source.url} title={source.title ?? hostOf(source.url)} target="_blank" rel="noopener noreferrer nofollow">
      {`[${n}]`}
    </a>
  )
}
