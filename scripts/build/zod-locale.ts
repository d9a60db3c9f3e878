// Vite plugin: in the client build, zod's English error texts resolve to a one-line stand-in
// (client/lib/zod-english-stub.ts). zod and the AI SDK import them for messages the browser never
// shows. Only imports made from inside zod or @ai-sdk/provider-utils are redirected.
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

const ENGLISH = /(^|\/)locales\/en\.js$/
const FROM = /[\\/]node_modules[\\/](zod|@ai-sdk[\\/]provider-utils)[\\/]/

export function zodEnglishStub(projectRoot: string): Plugin {
  return {
    name: 'zod-english-stub',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (importer && ENGLISH.test(source) && FROM.test(importer)) return resolve(projectRoot, 'client/lib/zod-english-stub.ts')
      return null
    },
  }
}
