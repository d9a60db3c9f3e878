// `npm start`: builds the production bundle when it is missing or older than the sources, then
// runs the server. Plain JavaScript so it runs without any TypeScript tooling.
import { existsSync, readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { sourceFingerprint } from './build/fingerprint.mjs'

const stampFile = 'dist/.build-stamp'
const built = existsSync(stampFile) && existsSync('dist/node/server/main.js') ? readFileSync(stampFile, 'utf8').trim() : null
if (built !== sourceFingerprint()) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No production build yet: building…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import('../dist/node/server/main.js')
