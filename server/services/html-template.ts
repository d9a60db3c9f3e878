// The HTML document around the React stream. Vite produces client/index.html (hashed asset links
// in production, the HMR client in development); the server splits it once at its markers and
// fills in head tags, the nonce and the inlined state per request.
import {
  BUILD_ID_META_NAME,
  STYLE_NONCE_META_NAME,
  OG_IMAGE_PATH,
  PRODUCT_NAME,
  THEME_COLOR_DARK,
  THEME_COLOR_LIGHT,
} from '../../shared/constants.ts'
import { colorModeScript } from '../../shared/color-mode-script.ts'
import type { PageHead } from '../../shared/page-state.ts'
import { ICON_SNAPSHOT_ID, type IconSnapshot } from '../../shared/icons.ts'

const HEAD_MARKER = '<!--app-head-->'
const HTML_MARKER = '<!--app-html-->'
const STATE_MARKER = '<!--app-state-->'
const NONCE = '%NONCE%'

export interface DocumentTemplate {
  /** Everything up to and including the opening of the app container. */
  /**
   * `stylesheet` replaces the href of the template's stylesheet (the shell's, client/shell.css):
   * the whole sheet for a page the shell's rules do not cover.
   */
  start(input: { nonce: string; styleNonce?: string; head: PageHead; origin: string; preloads: readonly string[]; buildId?: string; stylesheet?: string }): string
  /** Everything after the React markup: the state (as serializeState wrote it), the icons the render drew, closing tags. */
  end(input: { stateJson: string; nonce: string; icons?: IconSnapshot }): string
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** JSON that is safe inside <script type="application/json">: no `</script>` or `<!--` breakout. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The stylesheet's link in index.html (`/shell.css` in development, the built file in production): its href. */
const STYLESHEET_HREF = /<link rel="stylesheet"[^>]*? href="([^"]+)"/

/** The built entry as Vite writes it into index.html (development serves /mount.tsx instead). */
const BUILT_ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/

/**
 * The built entry runs once the page has painted, not before. A module script that has arrived by
 * the end of parsing runs before the first paint, so the visitor saw nothing until the whole app
 * had been evaluated (observed in Chromium's traces: first paint after the entry's evaluation);
 * a phone spends 100–200 ms there. Now the entry downloads at once as before (modulepreload) and
 * is imported after both DOMContentLoaded (the state script is parsed) and the first contentful
 * paint; 300 ms after DOMContentLoaded at the latest, for a page that does not paint (a tab
 * opened in the background). Lighthouse (mobile): total blocking time on the chat page 244–315 →
 * 68–131 ms.
 *
 * The scripts are preloaded at low priority, as are the page's own chunks (render.ts): the paint
 * waits for the stylesheet only, and on a slow link 80 KB of script fetched at high priority beside
 * it shared the bandwidth with it and put the paint off (Lighthouse's simulated first paint of the
 * home page: 1.55–1.8 s before, 0.77 s now). They still start at once, and run after the paint in
 * any case.
 */
export function entryAfterFirstPaint(html: string): string {
  return html.replace(BUILT_ENTRY, (_tag, src: string) => {
    const url = JSON.stringify(src)
    const loader =
      // The entry's own <script type="module">, added late: a failed download or an error while it
      // runs is reported as the tag always reported it (import() would turn both into a rejection).
      `(()=>{let ready=0;const go=()=>{if(++ready!==2)return;const entry=document.createElement("script");` +
      `entry.type="module";entry.crossOrigin="";entry.src=${url};document.head.append(entry)};` +
      `addEventListener("DOMContentLoaded",()=>{go();setTimeout(go,300)},{once:true});` +
      `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true})})()`
    return `<link rel="modulepreload" crossorigin fetchpriority="low" href="${src}"><script>${loader}</script>`
  })
}

export function compileTemplate(html: string): DocumentTemplate {
  for (const marker of [HEAD_MARKER, HTML_MARKER, STATE_MARKER]) {
    if (!html.includes(marker)) throw new Error(`render: index.html lacks the ${marker} marker`)
  }
  // Every script the template carries (the entry's loader, Vite's dev preamble) gets the nonce.
  const withNonce = entryAfterFirstPaint(html).replace(/<script(?=[\s>])/g, `<script nonce="${NONCE}"`)
  const [beforeHead, afterHead] = split(withNonce, HEAD_MARKER)
  const [headToApp, afterApp] = split(afterHead, HTML_MARKER)
  const [appToState, afterState] = split(afterApp, STATE_MARKER)
  const linked = STYLESHEET_HREF.exec(headToApp)
  const hrefEnd = linked ? linked.index + linked[0].length - 1 : 0
  /** The template around its stylesheet's href, for pages served with another sheet. */
  const aroundHref = linked && [headToApp.slice(0, hrefEnd - linked[1]!.length), headToApp.slice(hrefEnd)]

  return {
    start({ nonce, styleNonce, head, origin, preloads, buildId, stylesheet }) {
      const title = escapeHtml(head.title)
      const description = escapeHtml(head.description)
      const tags =
        `<title>${title}</title>` +
        `<meta name="description" content="${description}">` +
        `<meta property="og:type" content="website">` +
        `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}">` +
        `<meta property="og:title" content="${title}">` +
        `<meta property="og:description" content="${description}">` +
        `<meta property="og:image" content="${escapeHtml(origin + OG_IMAGE_PATH)}">` +
        `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">` +
        `<meta name="twitter:card" content="summary_large_image">` +
        `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOR_LIGHT}">` +
        `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOR_DARK}">` +
        // The update check compares this with /_nuxt/builds/latest.json.
        (buildId ? `<meta name="${BUILD_ID_META_NAME}" content="${escapeHtml(buildId)}">` : '') +
        // For the one script that must add a <style> element (a Mermaid diagram's layout).
        (styleNonce ? `<meta name="${STYLE_NONCE_META_NAME}" content="${escapeHtml(styleNonce)}">` : '') +
        `<script nonce="${nonce}">${colorModeScript}</script>` +
        preloads.map((href) => `<link rel="modulepreload" fetchpriority="low" href="${escapeHtml(href)}">`).join('')
      const styled = stylesheet && aroundHref ? aroundHref[0] + escapeHtml(stylesheet) + aroundHref[1] : headToApp
      return (beforeHead + tags + styled).replaceAll(NONCE, nonce)
    },
    end({ stateJson, nonce, icons }) {
      const iconScript =
        icons && Object.keys(icons).length > 0
          ? `<script type="application/json" id="${ICON_SNAPSHOT_ID}">${serializeState(icons)}</script>`
          : ''
      return (
        appToState +
        iconScript +
        `<script type="application/json" id="__APP_STATE__">${stateJson}</script>` +
        afterState
      ).replaceAll(NONCE, nonce)
    },
  }
}

function split(source: string, marker: string): [string, string] {
  const index = source.indexOf(marker)
  return [source.slice(0, index), source.slice(index + marker.length)]
}
