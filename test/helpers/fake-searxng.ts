// SearXNG's search API as it answers (`/search?q=…&format=json`; 403 for a format the instance has
// not turned on), with results made from the query, on a real socket. Records every request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface FakeSearxng {
  url: string
  requests: URL[]
}

/** The results SearXNG would give for `query`: two articles, a duplicate and a link that is not a web address. */
export function searchResultsFor(query: string) {
  const slug = encodeURIComponent(query.replace(/\s+/g, '_'))
  if (/^nothing\b/i.test(query)) return []
  return [
    { url: `https://en.wikipedia.org/wiki/${slug}`, title: `${query} - Wikipedia`, content: `<b>${query}</b> is a subject with a long history.`, engine: 'wikipedia', engines: ['wikipedia'], score: 3, category: 'general', parsed_url: ['https', 'en.wikipedia.org', `/wiki/${slug}`, '', '', ''], template: 'default.html', positions: [1] },
    { url: 'javascript:alert(1)', title: 'Not a web page', content: 'Should never become a source.', engine: 'bing', engines: ['bing'], score: 2, category: 'general' },
    { url: `https://www.example.org/guide/${slug}`, title: `A guide to ${query}`, content: `Everything about ${query}, explained.`, engine: 'duckduckgo', engines: ['duckduckgo'], score: 2, category: 'general', publishedDate: '2026-10-01T00:00:00' },
    { url: `https://en.wikipedia.org/wiki/${slug}`, title: 'Duplicate', content: 'Same page again.', engine: 'google', engines: ['google'], score: 1, category: 'general' },
  ]
}

export function searxngHandler(fake: Pick<FakeSearxng, 'requests'>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    fake.requests.push(url)
    if (url.pathname !== '/search') {
      res.statusCode = 404
      return res.end('Not Found')
    }
    if (url.searchParams.get('format') !== 'json') {
      res.statusCode = 403
      return res.end('Forbidden')
    }
    const query = url.searchParams.get('q') ?? ''
    const results = searchResultsFor(query)
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ query, number_of_results: results.length, results, answers: [], corrections: [], infoboxes: [], suggestions: [], unresponsive_engines: [] }))
  }
}

export async function startFakeSearxng(t: Test): Promise<FakeSearxng> {
  const fake: FakeSearxng = { url: '', requests: [] }
  const server = createServer(searxngHandler(fake))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
