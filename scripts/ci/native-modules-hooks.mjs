// Module resolution hooks for native-modules.mjs (they run off the main thread).
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'

const NATIVE = new Set(['better-sqlite3'])
let require

export function initialize({ dir }) {
  require = createRequire(join(dir, 'package.json'))
}

export async function resolve(specifier, context, nextResolve) {
  if (NATIVE.has(specifier)) return { url: pathToFileURL(require.resolve(specifier)).href, shortCircuit: true, format: 'commonjs' }
  return nextResolve(specifier, context)
}
