// Which build is running (the update check, docs/product-contract.md): `npm run build` writes
// dist/build.json with an id derived from the client bundle's content, so replicas built from the
// same sources agree and a rebuild that changes nothing the browser runs does not make open pages
// reload. Development (and a build without the file) gets an id per process.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import Value from 'typebox/value'
import { BuildInfoSchema, type BuildInfo } from '../../shared/builds.ts'
import type { AppConfig } from '../../fastify.config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The running build: what `/_nuxt/builds/latest.json` answers and the page's `build-id` meta. */
    buildInfo: BuildInfo
  }
}

export interface BuildInfoSource {
  info: BuildInfo
  /** `file` when read from dist/build.json; otherwise why a per-process id is used. */
  source: 'file' | 'development' | 'missing'
}

export function createBuildInfo(deps: {
  root: string
  dev: boolean
  readFile?: (path: string) => string
  now?: () => number
  randomId?: () => string
}): BuildInfoSource {
  const perProcess = (): BuildInfo => ({
    id: `dev-${(deps.randomId ?? randomUUID)().replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64),
    timestamp: (deps.now ?? Date.now)(),
  })
  if (deps.dev) return { info: perProcess(), source: 'development' }
  try {
    const parsed: unknown = JSON.parse((deps.readFile ?? ((path) => readFileSync(path, 'utf8')))(join(deps.root, 'dist', 'build.json')))
    if (Value.Check(BuildInfoSchema, parsed)) return { info: parsed, source: 'file' }
  } catch {
    // Missing or unreadable: handled below like an invalid file.
  }
  return { info: perProcess(), source: 'missing' }
}

export default fp(
  async function builds(app, options: { config: AppConfig }) {
    const { info, source } = createBuildInfo({ root: options.config.root, dev: options.config.dev })
    if (source === 'missing') {
      // Each replica would then name a different build and open pages would keep reloading.
      app.log.warn({ buildId: info.id }, 'builds: dist/build.json is missing or invalid (run npm run build); using a per-process build id')
    }
    app.decorate('buildInfo', info)
  },
  { name: 'builds' },
)
