// The document template: the built entry is preloaded at once and run after the first paint, by a
// loader that carries the request's nonce; the development entry is left as Vite serves it.
import t from 'tap'
import { compileTemplate, entryAfterFirstPaint } from '../../server/services/html-template.ts'

const built = `<!doctype html><html><head><!--app-head--><script type="module" crossorigin src="/assets/index-AbC_12-x.js"></script><link rel="stylesheet" crossorigin href="/assets/index-X.css"></head><body><div id="app"><!--app-html--></div><!--app-state--></body></html>`
const dev = `<!doctype html><html><head><!--app-head--><script type="module" src="/mount.tsx"></script></head><body><div id="app"><!--app-html--></div><!--app-state--></body></html>`

t.test('the built entry is preloaded, then imported after DOMContentLoaded and the first contentful paint', async (t) => {
  const html = entryAfterFirstPaint(built)
  t.notMatch(html, /<script type="module"/, 'no module script that would run before the first paint')
  t.match(html, '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-AbC_12-x.js">', 'the download still starts at once, behind the stylesheet the paint waits for')
  t.match(html, 'entry.type="module";entry.crossOrigin="";entry.src="/assets/index-AbC_12-x.js";document.head.append(entry)', 'then added as the module script it was')
  t.match(html, '"DOMContentLoaded"')
  t.match(html, '"first-contentful-paint"')
  t.match(html, 'setTimeout(go,300)', 'a page that never paints (a background tab) still hydrates')
  t.match(html, '<link rel="stylesheet" crossorigin href="/assets/index-X.css">', 'the rest is untouched')
})

t.test('the loader carries the nonce of each request', async (t) => {
  const template = compileTemplate(built)
  const start = template.start({ nonce: 'n0nce', head: { title: 'T', description: 'D' }, origin: 'https://example.test', preloads: [] })
  t.match(start, /<script nonce="n0nce">\(\(\)=>\{let ready=0/)
  t.notMatch(start, /<script>/, 'no inline script without the nonce')
})

t.test('the development entry is left alone', async (t) => {
  t.equal(entryAfterFirstPaint(dev), dev)
})

t.test("a page served with another stylesheet has its href in place of the template's, escaped", async (t) => {
  const template = compileTemplate(built)
  const input = { nonce: 'n', head: { title: 'T', description: 'D' }, origin: 'https://example.test', preloads: [] }
  t.match(template.start(input), '<link rel="stylesheet" crossorigin href="/assets/index-X.css">', 'none given: the template\'s own')
  const whole = template.start({ ...input, stylesheet: '/assets/styles-Y.css' })
  t.match(whole, '<link rel="stylesheet" crossorigin href="/assets/styles-Y.css">')
  t.notMatch(whole, 'index-X.css')
  t.match(template.start({ ...input, stylesheet: '/a"b.css' }), 'href="/a&#34;b.css"')
  t.equal(compileTemplate(dev).start({ ...input, stylesheet: '/styles.css' }).includes('stylesheet'), false, 'a template without a stylesheet is left as it is')
})
