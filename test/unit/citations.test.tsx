// `[n]` in an answer becomes a link to source n, made from the source itself: a url or title that
// Markdown would read (a `)`, `](javascript:…)`, `]`, `**`) ends up exactly as it is in the link's
// href and title, and never becomes text or a link of its own. Not inside code, not an existing
// link or a reference, not a number no source has.
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { CitedMarkdown, SourceList, type SourcePart } from '../../client/components/chat/parts/sources.tsx'
import { offlineToolAnswer } from '../../server/services/llm/offline-tools.ts'

const decode = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
const attribute = (attributes: string, name: string) => {
  const value = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1]
  return value === undefined ? undefined : decode(value)
}
/** Every link of the rendered HTML: its href, title and text (tags stripped). */
function links(html: string) {
  return [...html.matchAll(/<a\s([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: attribute(attributes!, 'href'),
    title: attribute(attributes!, 'title'),
    text: decode(inner!.replace(/<[^>]+>/g, '')),
  }))
}
const textOf = (html: string) => decode(html.replace(/<[^>]+>/g, ''))
const render = (text: string, sources: SourcePart[]) => renderToStaticMarkup(<CitedMarkdown text={text} sources={sources} streaming={false} />)

const sources: SourcePart[] = [
  { type: 'source-url', sourceId: '1', url: 'https://en.wikipedia.org/wiki/Tea', title: 'Tea - "Wikipedia"' },
  { type: 'source-url', sourceId: '2', url: 'https://example.org/tea' },
]

t.test('citations link to their sources', async (t) => {
  const html = render('Tea came from China [1], then Europe [2][1].', sources)
  t.same(links(html), [
    { href: 'https://en.wikipedia.org/wiki/Tea', title: 'Tea - "Wikipedia"', text: '[1]' },
    { href: 'https://example.org/tea', title: 'example.org', text: '[2]' },
    { href: 'https://en.wikipedia.org/wiki/Tea', title: 'Tea - "Wikipedia"', text: '[1]' },
  ])
  t.equal(textOf(html), 'Tea came from China [1], then Europe [2][1].')
  t.match(html, /target="_blank"/)
  t.match(html, /rel="noopener noreferrer nofollow"/)
})

t.test('unknown numbers, code, links and reference definitions are left alone', async (t) => {
  const html = render('See [3] and array[1] in `a[1]`.', sources)
  t.same(links(html).map((link) => link.text), ['[1]'], 'array[1] cites; [3] has no source; inline code stays code')
  t.match(html, /<code>a\[1\]<\/code>/)
  t.same(
    links(render('[1](https://x.test) and [1]: https://y.test', sources)),
    [
      { href: 'https://x.test', title: undefined, text: '1' },
      { href: 'https://y.test', title: undefined, text: 'https://y.test' },
    ],
    "a link stays the model's link, [1]: is no citation",
  )
  const fenced = render('```js\nconst a = b[1]\n```\n\nafter [2]', sources)
  t.same(links(fenced).map((link) => link.text), ['[2]'], 'fenced code stays')
  t.match(textOf(fenced), 'const a = b[1]')
  t.same(links(render('No sources [1].', [])), [])
  t.equal(textOf(render('No sources [1].', [])), 'No sources [1].')
})

t.test("a search result's url and title cannot write Markdown of their own", async (t) => {
  const url = 'https://evil.example/a)b](javascript:alert(1))"x\' [2](https://phish.example/)'
  const title = 'Title ] with **markdown** [link](https://phish.example/) and "quotes"'
  const hostile: SourcePart[] = [{ type: 'source-url', sourceId: '1', url, title }]
  const html = render('The claim [1].', hostile)
  t.same(links(html), [{ href: url, title, text: '[1]' }], 'one link: its href exactly the url, its title exactly the title')
  t.equal(textOf(html), 'The claim [1].', 'no injected text')
  t.notMatch(html.replace(/ (?:href|title)="[^"]*"/g, ''), /javascript:|phish|<strong>/, 'nothing of them outside the one link')

  const list = renderToStaticMarkup(<SourceList sources={hostile} />)
  const [chip, ...others] = links(list)
  t.same(others, [], 'the list has one link')
  t.equal(chip!.href, url)
  t.match(chip!.text, title, 'its text shows the title as written')
})

t.test('a source that is not a web page is not a link', async (t) => {
  const scripted: SourcePart[] = [{ type: 'source-url', sourceId: '1', url: 'javascript:alert(1)', title: 'Click me' }]
  t.same(links(render('See [1].', scripted)), [])
  t.equal(textOf(render('See [1].', scripted)), 'See [1].')
  t.same(links(renderToStaticMarkup(<SourceList sources={scripted} />)), [])
})

t.test("the offline model's search summary writes the results' titles and snippets as text", async (t) => {
  const title = '[Log in](https://phish.example/) **now**'
  const snippet = 'Visit https://phish.example/login or www.phish.example, mail a@phish.example'
  const results = [{ n: 1, title, url: 'https://a.example/', host: 'a.example', snippet }]
  const prompt = [
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'search the web for tea' }] },
    { role: 'tool' as const, content: [{ type: 'tool-result' as const, toolCallId: 'c1', toolName: 'web_search', output: { type: 'json' as const, value: { query: 'tea](https://phish.example/)', results } } }] },
  ]
  const html = render(offlineToolAnswer(prompt as never), [{ type: 'source-url', sourceId: '1', url: 'https://a.example/', title: 'A' }])
  const showsItsAddress = (link: { href?: string; text: string }) => decodeURI(link.href ?? '').replace(/^mailto:|^http:\/\/(?=www\.)/, '') === link.text
  const [citation, ...others] = links(html).filter((link) => !showsItsAddress(link))
  t.same(citation, { href: 'https://a.example/', title: 'A', text: '[1]' })
  // An address in the text is linked as Markdown links any address (showing itself); no link shows other words than its address.
  t.same(others, [], 'no link made of their words')
  t.match(textOf(html), `${title}: ${snippet} [1]`, 'the words as the page wrote them')
  t.match(textOf(html), '“tea](https://phish.example/)”')
})
