// Vite plugin: writes .br and .gz next to every compressible client asset at build time, so the
// server sends precompressed files (@fastify/static preCompressed) instead of compressing per request.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/
const MIN_BYTES = 512

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir!
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(outDir, file)
            const source = await readFile(path)
            if (source.length < MIN_BYTES) return
            await writeFile(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
            await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }))
          }),
      )
    },
  }
}
