// The `web_search` tool: a search through the operator's SearXNG instance (its JSON API,
// `/search?q=…&format=json`). The model gets the top results, numbered; the answer shows them as
// numbered sources ([1], [2]…) that its text cites. SEARXNG_URL is the only host it talks to.
import { Type } from 'typebox'
import type { ChatTool, CitedSource } from './tool-types.ts'
import { ToolError } from './tool-types.ts'
import { fetchJson } from './upstream-json.ts'

export interface WebSearchOptions {
  searxngUrl: string
  fetch?: typeof globalThis.fetch
}

export interface SearchResult {
  /** The source's number in the answer: the model cites it as [n]. */
  n: number
  title: string
  url: string
  host: string
  snippet: string
}

const MAX_RESULTS = 8

const Input = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 200, description: 'What to search the web for' }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RESULTS, description: `How many results (default 5, at most ${MAX_RESULTS})` })),
  },
  { additionalProperties: false },
)

interface SearxngResponse {
  results?: Array<{ url?: unknown; title?: unknown; content?: unknown }>
  unresponsive_engines?: unknown[]
}

export function createWebSearchTool(options: WebSearchOptions): ChatTool {
  const base = options.searxngUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? globalThis.fetch
  return {
    name: 'web_search',
    label: 'Search the web',
    group: 'Built-in',
    description:
      'Searches the web and returns the top results (title, address, snippet), each with a number. Use it for recent events and facts you are not sure of; cite the results you use as [n] with their number.',
    inputSchema: Input as never,
    async execute(input, { signal }) {
      const { query, count = 5 } = input as { query: string; count?: number }
      const url = new URL(`${base}/search`)
      url.search = new URLSearchParams({ q: query, format: 'json', safesearch: '1' }).toString()
      const data = (await fetchJson(fetchFn, url, signal, 'The search service')) as SearxngResponse
      if (!data || !Array.isArray(data.results)) throw new ToolError('The search service sent results this app cannot read.')
      const results: SearchResult[] = []
      for (const result of data.results) {
        const link = safeUrl(result.url)
        if (!link || results.some((seen) => seen.url === link.href)) continue
        results.push({
          n: results.length + 1,
          title: clean(result.title, 200) || link.hostname,
          url: link.href,
          host: link.hostname.replace(/^www\./, ''),
          snippet: clean(result.content, 400),
        })
        if (results.length >= count) break
      }
      return { query, results }
    },
    /** Numbers the results for this answer (a second search goes on from where the first stopped). */
    cite(output, number) {
      const value = output as { query: string; results: SearchResult[] }
      const sources: CitedSource[] = []
      const results = value.results.map((result) => {
        const n = number(result.url, result.title)
        sources.push({ n, url: result.url, title: result.title })
        return { ...result, n }
      })
      return { output: { ...value, results }, sources }
    },
  }
}

/** Only web addresses become sources (no javascript:, data: or relative links from an upstream). */
function safeUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

function clean(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const text = value.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
