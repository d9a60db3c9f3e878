// Vite plugin: Mermaid goes to the browser as Mermaid's own prebuilt ES modules, copied next to our
// assets (assets/vendor/mermaid-{version}/, cached as immutable: the version is in the path), not
// bundled. Bundled, its hundreds of internal chunks made the bundler split its runtime helpers into
// a chunk of their own, one more request on every page's first load; it is also megabytes that
// only an answer with a diagram ever needs.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)
const packageJson = require.resolve('mermaid/package.json')
const version = (JSON.parse(await readFile(packageJson, 'utf8')) as { version: string }).version
const distDir = join(dirname(packageJson), 'dist')
const ENTRY = 'mermaid.esm.min.mjs'
const CHUNKS = 'chunks/mermaid.esm.min'

/** Where the browser imports Mermaid from, in a build. */
export const MERMAID_BUILD_URL = `/assets/vendor/mermaid-${version}/${ENTRY}`
/** …and from the dev server (straight from node_modules). */
export const MERMAID_DEV_URL = `/@fs${join(distDir, ENTRY)}`

export function vendorMermaid(): Plugin {
  return {
    name: 'vendor-mermaid',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      const target = join(options.dir!, 'assets', 'vendor', `mermaid-${version}`)
      await mkdir(join(target, CHUNKS), { recursive: true })
      const files = [ENTRY, ...(await readdir(join(distDir, CHUNKS))).filter((file) => file.endsWith('.mjs')).map((file) => `${CHUNKS}/${file}`)]
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(join(distDir, file))
          await copyFile(join(distDir, file), join(target, file))
          // Precompressed like our own assets; a lower brotli level keeps the build quick.
          await writeFile(join(target, `${file}.gz`), gzipSync(source, { level: 9 }))
          await writeFile(join(target, `${file}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 7 } }))
        }),
      )
    },
  }
}
