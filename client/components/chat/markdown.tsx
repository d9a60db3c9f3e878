// Assistant answers as Markdown, safe and streaming-friendly:
// - raw HTML is never rendered as HTML: react-markdown turns it into plain text (no rehype-raw);
// - URLs go through react-markdown's allow-list (http, https, mailto, ...); anything else, such
//   as `javascript:`, becomes an empty href, which we render as plain text instead of a link;
// - images are not loaded from wherever a model points (a tracking pixel, a huge file): they
//   become links to the image;
// - while streaming, what the model has not closed yet in the last block (bold, code, a link's
//   URL) is closed for display (complete-streaming-markdown.ts), so raw syntax does not flash up;
//   the answer is split into blocks and only the last one re-renders on each token.
import { memo, useContext, type ComponentProps, type ReactElement, type ReactNode } from 'react'
import { lazyComponent } from '../../lib/lazy-component.ts'
import Markdown, { type Components } from 'react-markdown'
import { remarkGfmParse } from './remark-gfm-parse.ts'
import { completeStreamingMarkdown } from './complete-streaming-markdown.ts'
import { CodeBlock, StreamingContext } from './code-block.tsx'
import { splitBlocks } from './markdown-blocks.ts'
import { createRenderedBlocks } from './rendered-blocks.ts'
import { Citation, remarkCitations } from './citations.tsx'

export const REMARK_PLUGINS = [remarkGfmParse, remarkCitations]

function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children)
  if (Array.isArray(children)) return children.map(textOf).join('')
  return ''
}

export const COMPONENTS: Components = {
  a({ href, children, node: _node, ...props }) {
    if (!href) return <span className="markdown-unsafe-link">{children}</span>
    const internal = href.startsWith('#')
    return (
      <a href={href} {...props} {...(internal ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
        {children}
      </a>
    )
  },
  img({ src, alt }) {
    if (typeof src !== 'string' || !src) return <span>{alt}</span>
    return (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt ? `Image: ${alt}` : 'Image'}
      </a>
    )
  },
  pre({ children }) {
    // The <code> inside carries the language and the text; the block replaces the <pre>.
    const code = Array.isArray(children) ? children[0] : children
    const props = (code as { props?: ComponentProps<'code'> } | undefined)?.props
    const language = /language-([\w+#.-]+)/.exec(props?.className ?? '')?.[1]
    return <CodeBlock code={textOf(props?.children).replace(/\n$/, '')} language={language} />
  },
  // `[n]` citations (citations.tsx): the link is made from the source itself, never from Markdown.
  cite: Citation as Components['cite'],
  table({ node: _node, ...props }) {
    return (
      <div className="markdown-table" tabIndex={0} role="region" aria-label="Table">
        <table {...props} />
      </div>
    )
  },
}

/** For the math and diagram chunk: a code block, and whether the answer is still streaming. */
export const codeBlock = (code: string, language?: string) => <CodeBlock code={code} language={language} />
export const useStreaming = () => useContext(StreamingContext)

/** How blocks become elements, with its own cache of finished ones (the same text renders differently per renderer). */
export interface BlockRenderer {
  render(markdown: string): ReactElement
  cache: ReturnType<typeof createRenderedBlocks<ReactElement>>
}

const plain: BlockRenderer = {
  // Markdown (not MarkdownHooks) is a plain function of its props: no hooks, so it can run here.
  render: (markdown) => Markdown({ children: markdown, remarkPlugins: REMARK_PLUGINS, components: COMPONENTS }),
  /** Finished blocks, rendered once: at most 500,000 characters of Markdown (a few MB of elements). */
  cache: createRenderedBlocks<ReactElement>({ maxBlocks: 1000, maxChars: 500_000 }),
}

const Block = memo(function Block({ markdown, finished, renderer }: { markdown: string; finished: boolean; renderer: BlockRenderer }) {
  return finished ? renderer.cache.get(markdown, renderer.render) : renderer.render(markdown)
})

export function MarkdownBlocks({ text, streaming, renderer }: { text: string; streaming: boolean; renderer: BlockRenderer }) {
  const blocks = splitBlocks(text)
  return (
    <StreamingContext value={streaming}>
      <div className="markdown">
        {blocks.map((block, index) => {
          const last = index === blocks.length - 1
          const growing = streaming && last
          return <Block key={index} markdown={growing ? completeStreamingMarkdown(block) : block} finished={!growing} renderer={renderer} />
        })}
      </div>
    </StreamingContext>
  )
}

// Math ($…$, $$…$$, \(…\), \[…\]) and Mermaid diagrams: their own chunk (KaTeX, Mermaid), loaded when
// an answer has them; until then the text shows as it is.
const Rich = lazyComponent<{ text: string; streaming: boolean }>('math and diagrams', () => import('./rich-markdown.tsx').then((module) => module.RichMarkdown))
const RICH_SYNTAX = /\$\$|\\[([]|(?:^|[^\\$\w])\$(?![\s${])[^$\n]*?[^\s\\$]\$(?![\d$\w])|^ {0,3}(?:`{3,}|~{3,})\s*mermaid/m

export function MarkdownContent({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const Loaded = Rich.useComponent(RICH_SYNTAX.test(text))
  return Loaded ? <Loaded text={text} streaming={streaming} /> : <MarkdownBlocks text={text} streaming={streaming} renderer={plain} />
}
