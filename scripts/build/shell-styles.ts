// Vite plugin: client/shell.css, the home page's render-blocking stylesheet, gets Tailwind's
// utilities only for the classes of the code that first paint runs. Where the file says
// `/* shell-sources */`, this plugin writes an `@source` line for every module that the entry
// (client/mount.tsx) and the home page import statically, followed to the end. A module loaded with
// import() is not followed: what it draws waits for the whole sheet (client/lib/full-styles.ts).
//
// The walk reads import statements with a regular expression rather than the bundler's graph: the
// stylesheet is compiled while the graph is still being built. It over-includes rather than misses
// (a commented-out import counts), which only costs a few unused rules.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'

const MARKER = '/* shell-sources */'
/** `import … from '…'`, `export … from '…'` and `import '…'`; not `import('…')`, nor `import type` (no code). */
const STATIC_IMPORT = /\b(?:import|export)\s+(?!type\s*[{*])(?:[\w*${},\s]+?\s+from\s+)?['"]([^'"\n]+)['"]/g
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Every module the roots import statically, the roots included (absolute paths of .ts/.tsx files). */
export function staticImportClosure(roots: readonly string[]): string[] {
  const seen = new Set<string>()
  const pending = [...roots]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      // Packages carry no classes of ours; stylesheets and assets are not code.
      if (!specifier?.startsWith('.')) continue
      const base = resolve(dirname(file), specifier)
      const found = EXTENSIONS.map((extension) => base + extension).find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate))
      if (found) pending.push(found)
    }
  }
  return [...seen].sort()
}

/**
 * The shell's roots: the entry, the home page, and modules loaded later that draw in the shell's
 * own elements: the sidebar's chat list (drawn by the server, its code loaded with the rows or once
 * the page has settled; the rows come with it) and the drop highlight while a chat is dragged onto a project.
 */
export function shellRoots(projectRoot: string): string[] {
  return ['client/mount.tsx', 'client/pages/home.tsx', 'client/components/history/chat-history-content.tsx', 'client/components/history/chat-drag.ts'].map((file) => resolve(projectRoot, file))
}

export function shellStyles(projectRoot: string): Plugin {
  const shellCss = resolve(projectRoot, 'client/shell.css')
  return {
    name: 'shell-styles',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== shellCss) return null
      const css = readFileSync(shellCss, 'utf8')
      if (!css.includes(MARKER)) throw new Error(`shell-styles: ${shellCss} lacks the ${MARKER} marker`)
      const files = staticImportClosure(shellRoots(projectRoot))
      for (const file of files) this.addWatchFile(file)
      const sources = files.map((file) => `@source "./${relative(dirname(shellCss), file)}";`).join('\n')
      return css.replace(MARKER, sources)
    },
  }
}

/**
 * The shell's stylesheet is the entry's CSS (index.html links it), and Vite lists an entry's CSS
 * among the files every lazy chunk loads before it runs. A page served with the whole sheet would
 * then fetch the shell's too, with its first lazy chunk. Lazy code waits for the whole sheet instead
 * (client/lib/full-styles.ts), so the shell's is taken out of those lists: after index.html has its
 * link (vite:build-html), before the lists are written (vite:build-import-analysis), both in
 * generateBundle.
 */
export function shellStylesNotPreloaded(): Plugin {
  return {
    name: 'shell-styles-not-preloaded',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) chunk.viteMetadata?.importedCss.clear()
      }
    },
  }
}
