// Vite plugin: the artifact sandbox's two scripts, each bundled on its own as one classic script
// (no imports: the sandbox is an opaque origin, and a module script or a chunk shared with the app
// would need CORS, or would run the app's own entry inside the sandbox). The bootstrap is small and
// loads with the sandbox page; the React runtime (React, react-dom, sucrase) only when a React
// artifact renders. Their hashed names go to .vite/sandbox.json for the sandbox route.
import { mkdir, writeFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { rolldown } from 'rolldown'
import type { Plugin } from 'vite'
import { SANDBOX_MANIFEST, type SandboxManifest } from '../../server/routes/sandbox/page.ts'

async function bundle(entry: string): Promise<string> {
  const build = await rolldown({
    input: entry,
    platform: 'browser',
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
  })
  try {
    const { output } = await build.generate({ format: 'iife', minify: true })
    return output[0].code
  } finally {
    await build.close()
  }
}

async function emit(outDir: string, name: string, code: string): Promise<string> {
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10)
  const file = `assets/sandbox-${name}-${hash}.js`
  const path = join(outDir, file)
  await writeFile(path, code)
  await writeFile(`${path}.gz`, gzipSync(code, { level: 9 }))
  await writeFile(`${path}.br`, brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
  return file
}

export function sandboxRuntime(projectRoot: string): Plugin {
  return {
    name: 'sandbox-runtime',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      const outDir = options.dir!
      const [bootstrap, runtime] = await Promise.all([bundle(resolve(projectRoot, 'client/sandbox/bootstrap.ts')), bundle(resolve(projectRoot, 'client/sandbox/react-runtime.ts'))])
      await mkdir(join(outDir, 'assets'), { recursive: true })
      const manifest: SandboxManifest = { bootstrap: await emit(outDir, 'bootstrap', bootstrap), runtime: await emit(outDir, 'runtime', runtime) }
      await mkdir(join(outDir, '.vite'), { recursive: true })
      await writeFile(join(outDir, SANDBOX_MANIFEST), JSON.stringify(manifest))
    },
  }
}
