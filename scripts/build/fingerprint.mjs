// A fingerprint of everything the build is made from: paths, sizes and modification times.
import { readdirSync, statSync, existsSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { join } from 'node:path'

const INPUTS = ['client', 'server', 'shared', 'public', 'fastify.config.ts', 'vite.config.ts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json']

function* walk(path) {
  if (!existsSync(path)) return
  const stat = statSync(path)
  if (stat.isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* walk(join(path, name))
  } else {
    yield `${path}:${stat.size}:${Math.floor(stat.mtimeMs)}`
  }
}

export function sourceFingerprint(root = '.') {
  const hash = createHash('sha256')
  for (const input of INPUTS) for (const line of walk(join(root, input))) hash.update(line + '\n')
  return hash.digest('hex')
}
