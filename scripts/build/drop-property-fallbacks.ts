// Vite plugin: takes Tailwind 4's `@layer properties` block out of the built stylesheets.
//
// Tailwind registers its internal custom properties (--tw-shadow, --tw-translate-x, …) with
// @property, each with its initial value, and repeats those initial values in a block on every
// element, behind an @supports test, for browsers without @property (Safari before 16.4, Firefox
// before 128). Those browsers cannot run Tailwind 4's output anyway (cascade layers, color-mix(),
// the build's cssTarget in vite.config.ts), and in every browser that can, @property gives the
// same values: the block is 0.26 KB gzip of the shell's stylesheet that no supported browser needs.
import type { Plugin } from 'vite'

const BLOCK_START = /@layer properties\s*\{\s*@supports /

/** The stylesheet without its `@layer properties { @supports … { … } }` block (unchanged when it has none). */
export function withoutPropertyFallbacks(css: string): string {
  const start = css.search(BLOCK_START)
  if (start < 0) return css
  let depth = 0
  for (let index = start; index < css.length; index++) {
    const char = css[index]
    if (char === '{') depth++
    else if (char === '}' && --depth === 0) return css.slice(0, start) + css.slice(index + 1)
  }
  throw new Error('drop-property-fallbacks: the @layer properties block does not end')
}

export function dropPropertyFallbacks(): Plugin {
  return {
    name: 'drop-property-fallbacks',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After minification. The file keeps the name Vite gave it from the sheet before (its hash):
    // the same sheet always loses the same block, so a name still stands for one content.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css') && typeof file.source === 'string') file.source = withoutPropertyFallbacks(file.source)
      }
    },
  }
}
