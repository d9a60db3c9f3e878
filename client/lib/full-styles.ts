// The whole stylesheet (client/styles.css). The home page paints with the shell's (client/shell.css:
// the classes of the entry's and the home page's own code); every other page is served with the
// whole sheet linked (the server takes its address from the SSR entry, client/index.tsx). In the
// browser it loads once the page has settled, and before any page or part whose code loads later
// is drawn (lazy-page.ts, lazy-component.ts wait for it), so nothing is drawn without its rules.
//
// Loaded with a <link> of our own rather than Vite's CSS preloading: Vite never asks again for a
// file that failed once (offline, a restart), where a new <link> does.
//
// The entries (mount.tsx, index.tsx) import the sheet's address (`styles.css?url`, which only Vite
// resolves) and hand it over: this module is also imported by code that tests run outside Vite.

/** The whole sheet's address: `/assets/styles-{hash}.css` once built, `/styles.css` in development. */
let wholeStylesheetUrl: string | null = null
let loading: Promise<void> | undefined

export function setWholeStylesheetUrl(url: string): void {
  wholeStylesheetUrl = url
}

/** Resolves once the whole sheet applies; at once where there is none to load (the server, tests). */
export function loadFullStyles(): Promise<void> {
  const url = wholeStylesheetUrl
  if (typeof document === 'undefined' || url === null) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const linked = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${url}"]`)
    // Served with the page and applied (a script runs only after the sheets before it have loaded).
    if (linked?.sheet) return resolve()
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = url
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener(
      'error',
      () => {
        link.remove()
        // The next page or part that wants it tries again. "Failed to fetch" and the address:
        // chunk-reload.ts tells a lost connection from a deploy that removed the file.
        loading = undefined
        reject(new Error(`Failed to fetch the stylesheet ${link.href}`))
      },
      { once: true },
    )
    document.head.append(link)
  })
  return loading
}
