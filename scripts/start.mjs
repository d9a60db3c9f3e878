// `npm start`: builds the production bundle when it is missing or older than the sources, then
// runs the server. Plain JavaScript so it runs without any TypeScript tooling.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
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
// A local `npm start` should just work: without SESSION_KEY, use (or create) a git-ignored key
// file. Real deployments set SESSION_KEY, and the server refuses to start in production without one.
if (!process.env.SESSION_KEY) {
  const keyFile = '.session-key'
  if (!existsSync(keyFile)) {
    writeFileSync(keyFile, randomBytes(32).toString('hex') + '\n', { mode: 0o600 })
    console.log(`SESSION_KEY is not set: generated one into ${keyFile} for this machine. Set SESSION_KEY in real deployments.`)
  }
  process.env.SESSION_KEY = readFileSync(keyFile, 'utf8').trim()
}
// `npm run db:migrate` reuses the build-if-needed and key handling above, then only migrates.
if (process.argv.includes('--migrate')) await (await import('../dist/node/server/migrate.js')).runFromCli()
else await import('../dist/node/server/main.js')
