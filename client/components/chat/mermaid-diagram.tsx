// A ```mermaid block drawn as a diagram (its own chunk, the biggest one: loaded only for an answer
// with a diagram). Mermaid runs with securityLevel 'strict' (no scripts, no click handlers, labels
// sanitised) and labels as SVG text, not HTML: DOMPurify keeps an <img> in an HTML label, and the
// reader's browser would fetch whatever it names. A diagram cannot turn that back on, and what
// still points outside the drawing (an image, a CSS url()) is taken out before it is shown. Mermaid lays the diagram out with a <style> element in the page, which the CSP allows
// only with the page's style nonce: the element gets it while Mermaid draws. The finished SVG keeps
// its stylesheet as a constructed stylesheet of the shadow root it lives in. The code is a click
// away, and shown instead when it does not parse.
import { useEffect, useId, useRef, useState } from 'react'
import type { Mermaid } from 'mermaid'
import { STYLE_NONCE_META_NAME } from '../../../shared/constants.ts'
import { codeBlock } from './markdown.tsx'
import './mermaid-diagram.css'

/** Mermaid's own ES module build, served beside our assets (scripts/build/vendor-mermaid.ts). */
declare const __MERMAID_URL__: string
let loading: Promise<Mermaid> | undefined
const loadMermaid = () =>
  (loading ??= import(/* @vite-ignore */ __MERMAID_URL__).then(
    (module: { default: Mermaid }) => module.default,
    (error: unknown) => {
      loading = undefined // tried again next time
      throw error
    },
  ))

let configuredFor: 'dark' | 'light' | undefined
/** Mermaid's own default `secure` keys, kept when ours are added. */
const MERMAID_SECURE = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges']

const LOADS_SOMETHING = 'img, image, picture, source, video, audio, iframe, object, embed, foreignObject img'
/** A url() in CSS that is not a reference inside the drawing (#id) or inline data. */
const OUTSIDE_URL = /url\(\s*(?!['"]?(?:#|data:))[^)]*\)/gi

/**
 * Takes out of a drawn diagram whatever would make the browser fetch something: elements that load,
 * attributes that name an address (links to web pages stay links), CSS url()s. (The CSP refuses
 * such images too; this keeps them from being asked for at all.)
 */
function withoutOutsideReferences(content: DocumentFragment, css: string): string {
  content.querySelectorAll(LOADS_SOMETHING).forEach((element) => element.remove())
  for (const element of content.querySelectorAll('*')) {
    for (const { name, value } of [...element.attributes]) {
      const local = name.replace(/^xlink:/, '').toLowerCase()
      const link = element.localName === 'a' && local === 'href' && /^https?:/i.test(value.trim())
      if ((['src', 'srcset', 'href', 'background', 'poster'].includes(local) && !link && !value.trim().startsWith('#')) || (local === 'style' && OUTSIDE_URL.test(value))) element.removeAttribute(name)
      OUTSIDE_URL.lastIndex = 0
    }
  }
  return css.replace(OUTSIDE_URL, 'none')
}

async function draw(id: string, code: string, scheme: 'dark' | 'light'): Promise<string> {
  const mermaid = await loadMermaid()
  if (configuredFor !== scheme) {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      // What a diagram's own init directive or front matter may not change (Mermaid's list and ours).
      secure: [...MERMAID_SECURE, 'htmlLabels', 'flowchart', 'class', 'state', 'dompurifyConfig', 'themeCSS', 'themeVariables', 'fontFamily', 'altFontFamily'],
      theme: scheme === 'dark' ? 'dark' : 'default',
      suppressErrorRendering: true,
      fontFamily: 'inherit',
    })
    configuredFor = scheme
  }
  withStyleNonce(true)
  try {
    const { svg } = await mermaid.render(id, code)
    return svg
  } finally {
    withStyleNonce(false)
  }
}

/** Diagrams being drawn, and what withStyleNonce wraps as it was before the first of them. */
let drawing = 0
let original: { createElement: Document['createElement']; parseFromString: DOMParser['parseFromString'] } | undefined

/**
 * While Mermaid draws, the <style> elements it makes carry the page's style nonce: the one it lays
 * the diagram out with (document.createElement), and the one in the SVG that DOMPurify parses to
 * sanitise it (DOMParser: Chrome checks that inert document against the page's policy too).
 */
function withStyleNonce(on: boolean) {
  const nonce = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META_NAME}"]`)?.content
  if (!nonce || !/^[\w-]+$/.test(nonce)) return
  if (!on) {
    if (--drawing === 0 && original) {
      document.createElement = original.createElement
      DOMParser.prototype.parseFromString = original.parseFromString
    }
    return
  }
  if (drawing++ > 0) return
  const { createElement, parseFromString } = (original = { createElement: document.createElement, parseFromString: DOMParser.prototype.parseFromString })
  document.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = createElement.call(this, tagName, options)
    if (tagName.toLowerCase() === 'style') element.setAttribute('nonce', nonce)
    return element
  } as Document['createElement']
  DOMParser.prototype.parseFromString = function (this: DOMParser, markup: string, type: DOMParserSupportedType) {
    return parseFromString.call(this, String(markup).replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`), type)
  } as DOMParser['parseFromString']
}

export function MermaidDiagram({ code }: { code: string }) {
  const id = `mermaid-${useId().replace(/[^\w-]/g, '')}`
  const host = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<{ svg?: string; error?: string }>({})
  const [showCode, setShowCode] = useState(false)

  useEffect(() => {
    let active = true
    const scheme = document.documentElement.classList.contains('dark') ? 'dark' : 'light'
    draw(id, code, scheme).then(
      (svg) => active && setState({ svg }),
      (error: unknown) => active && setState({ error: error instanceof Error ? error.message.split('\n')[0] : String(error) }),
    )
    return () => {
      active = false
    }
  }, [id, code])

  useEffect(() => {
    const element = host.current
    if (!element || !state.svg) return
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    const template = document.createElement('template')
    template.innerHTML = state.svg
    const styles = [...template.content.querySelectorAll('style')]
    const css = withoutOutsideReferences(template.content, styles.map((style) => style.textContent ?? '').join('\n'))
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css + '\nsvg { max-width: 100%; height: auto; }')
    styles.forEach((style) => style.remove())
    root.adoptedStyleSheets = [sheet]
    root.replaceChildren(template.content)
  }, [state.svg])

  const codeShown = showCode || Boolean(state.error)
  return (
    <figure className="code-block not-prose my-4 overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-700" data-mermaid>
      {state.error ? (
        <p className="mermaid-diagram__note mermaid-diagram__error">The diagram could not be drawn: {state.error}</p>
      ) : state.svg ? (
        <div ref={host} role="img" aria-label="Diagram" className="overflow-x-auto bg-white p-3 dark:bg-neutral-950" />
      ) : (
        <p className="mermaid-diagram__note">Drawing the diagram…</p>
      )}
      <figcaption className="mermaid-diagram__caption">
        {!state.error && (
          <button type="button" aria-expanded={showCode} onClick={() => setShowCode(!showCode)}>
            {showCode ? 'Hide code' : 'Show code'}
          </button>
        )}
      </figcaption>
      {codeShown && codeBlock(code, 'mermaid')}
    </figure>
  )
}
