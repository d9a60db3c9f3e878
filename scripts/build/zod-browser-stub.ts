// Vite plugin: in the client build, zod resolves to a stand-in that accepts every input unchanged
// (client/lib/zod-browser-stub.ts, which says why). Only imports made from inside the AI SDK's
// packages (and zod itself) are redirected; the server is not built by Vite and keeps real zod.
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

const ZOD = /^zod(\/.*)?$/
const FROM = /[\\/]node_modules[\\/](zod|ai|@ai-sdk[\\/][^\\/]+)[\\/]/

export function zodBrowserStub(projectRoot: string): Plugin {
  return {
    name: 'zod-browser-stub',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (importer && ZOD.test(source) && FROM.test(importer)) return resolve(projectRoot, 'client/lib/zod-browser-stub.ts')
      return null
    },
  }
}
