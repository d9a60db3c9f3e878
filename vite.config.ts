import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { viteFastify } from '@fastify/vite/plugin'
import { precompress } from './scripts/build/precompress.ts'
import { dropPropertyFallbacks } from './scripts/build/drop-property-fallbacks.ts'
import { shellStyles, shellStylesNotPreloaded } from './scripts/build/shell-styles.ts'
import { entryChunkName } from './scripts/build/entry-chunk.ts'
import { zodBrowserStub } from './scripts/build/zod-browser-stub.ts'
import { MERMAID_BUILD_URL, MERMAID_DEV_URL, vendorMermaid } from './scripts/build/vendor-mermaid.ts'
import { sandboxRuntime } from './scripts/build/sandbox-runtime.ts'

const projectRoot = import.meta.dirname

export default defineConfig(({ command }) => ({
  root: resolve(projectRoot, 'client'),
  publicDir: resolve(projectRoot, 'public'),
  plugins: [viteFastify(), react(), shellStyles(projectRoot), tailwindcss(), shellStylesNotPreloaded(), dropPropertyFallbacks(), precompress(), vendorMermaid(), sandboxRuntime(projectRoot), zodBrowserStub(projectRoot)],
  // Mermaid is imported at run time from its own prebuilt modules (scripts/build/vendor-mermaid.ts).
  define: { __MERMAID_URL__: JSON.stringify(command === 'build' ? MERMAID_BUILD_URL : MERMAID_DEV_URL) },
  resolve: {
    alias: [
      // wouter reaches React's useSyncExternalStore through the React 17 shim package, whose code
      // only forwards to React's own in React 18+; forwarding here keeps the shim out of the bundle.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve(projectRoot, 'client/lib/use-sync-external-store.ts') },
    ],
  },
  build: {
    outDir: resolve(projectRoot, 'dist'),
    emptyOutDir: true,
    // Modern browsers only: smaller output, native module preload (so no polyfill for it).
    target: 'es2022',
    // Tailwind 4's own baseline (it needs these browsers: cascade layers, @property, color-mix()).
    // Left to the JS target, the CSS minifier added fallbacks for older browsers that Tailwind's
    // output does not work in anyway: hex copies of every lab() colour and color-mix() twins.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of files to preload with it leaves out the entry's own JS and CSS: they
      // are always loaded already (the page runs on them), and naming them in every dynamic import
      // cost each chunk bytes on the first load.
      resolveDependencies: (_filename, deps) => deps.filter((dep) => !/^assets\/index-[\w-]+\.(js|css)$/.test(dep)),
    },
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry's own chunk. Left alone, the
        // bundler splits what lazy chunks share with it (React, shared constants, its runtime) into
        // small chunks of their own: more requests and ~1.2 KB gzip more on every first load.
        // The composer (the prompt box and what only it uses), which both screens draw, goes there
        // too: as a chunk of its own it was one more file on every first load, and its bytes
        // compress better beside React's calls and the shell's classes (scripts/build/entry-chunk.ts).
        codeSplitting: {
          groups: [{ name: entryChunkName(/[\\/]client[\\/]components[\\/]chat[\\/](prompt-box|model-picker|new-id|focus-prompt|answer-handoff)\.tsx?$/) }],
        },
      },
    },
  },
  // The code highlighter's worker loads Shiki and each grammar as chunks of its own (dynamic imports).
  worker: { format: 'es' },
  server: { fs: { allow: [projectRoot] } },
}))
