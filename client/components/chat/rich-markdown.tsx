// Answers with math or diagrams (a lazy chunk: KaTeX and its stylesheet and fonts come only with an
// answer that has math; Mermaid, bigger still, only with one that has a diagram). The Markdown is
// the same as everywhere else (markdown.tsx), with math parsed and rendered by KaTeX — with `trust`
// off, so no \href or \includegraphics, and limits that keep a hostile formula cheap — and
// ```mermaid blocks drawn as diagrams.
import type { ComponentProps, ReactElement } from 'react'
import Markdown, { type Components } from 'react-markdown'
import katex from 'katex'
import 'katex/dist/katex.min.css'
import { math } from 'micromark-extension-math'
import { mathFromMarkdown } from 'mdast-util-math'
import { createRenderedBlocks } from './rendered-blocks.ts'
import { codeBlock, COMPONENTS, MarkdownBlocks, REMARK_PLUGINS, useStreaming, type BlockRenderer } from './markdown.tsx'
import { normalizeMath } from './math-delimiters.ts'
import { lazyComponent } from '../../lib/lazy-component.ts'

interface ParserData {
  micromarkExtensions?: unknown[]
  fromMarkdownExtensions?: unknown[]
}

/** Math for parsing only; single dollars are off (math-delimiters.ts decides what is math). */
function remarkMathParse(this: { data(): object }) {
  const data = this.data() as ParserData
  ;(data.micromarkExtensions ??= []).push(math({ singleDollarTextMath: false }))
  ;(data.fromMarkdownExtensions ??= []).push(mathFromMarkdown())
}

function tex(source: string, displayMode: boolean): string {
  return katex.renderToString(source, { displayMode, throwOnError: false, trust: false, strict: 'ignore', maxSize: 20, maxExpand: 500, output: 'htmlAndMathml' })
}

const Mermaid = lazyComponent<{ code: string }>('the diagram', () => import('./mermaid-diagram.tsx').then((module) => module.MermaidDiagram))

function MermaidBlock({ code }: { code: string }) {
  // While the answer streams the diagram is not whole yet: its code shows until it is.
  const streaming = useStreaming()
  const Diagram = Mermaid.useComponent(!streaming)
  return !streaming && Diagram ? <Diagram code={code} /> : codeBlock(code, 'mermaid')
}

const textOf = (props: ComponentProps<'code'> | undefined) => String(Array.isArray(props?.children) ? props.children.join('') : (props?.children ?? ''))

const RICH_COMPONENTS: Components = {
  ...COMPONENTS,
  code({ className, children, node: _node, ...props }) {
    if (className?.includes('math-inline')) return <span className="math-inline" dangerouslySetInnerHTML={{ __html: tex(String(children), false) }} />
    return (
      <code className={className} {...props}>
        {children}
      </code>
    )
  },
  pre(props) {
    const code = (Array.isArray(props.children) ? props.children[0] : props.children) as { props?: ComponentProps<'code'> } | undefined
    const className = code?.props?.className ?? ''
    if (className.includes('math-display')) return <div className="math-display" dangerouslySetInnerHTML={{ __html: tex(textOf(code?.props), true) }} />
    if (/language-mermaid\b/.test(className)) return <MermaidBlock code={textOf(code?.props).replace(/\n$/, '')} />
    return (COMPONENTS.pre as (props: object) => ReactElement)(props)
  },
}

const PLUGINS = [...REMARK_PLUGINS, remarkMathParse]

const rich: BlockRenderer = {
  render: (markdown) => Markdown({ children: normalizeMath(markdown), remarkPlugins: PLUGINS, components: RICH_COMPONENTS }),
  cache: createRenderedBlocks<ReactElement>({ maxBlocks: 500, maxChars: 250_000 }),
}

export function RichMarkdown({ text, streaming }: { text: string; streaming: boolean }) {
  return <MarkdownBlocks text={text} streaming={streaming} renderer={rich} />
}
