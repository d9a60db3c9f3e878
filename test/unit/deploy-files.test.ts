// What operators are handed must match what the app reads: every variable of fastify.config.ts is
// documented in .env.example and the README, and reaches the app container in docker-compose.yml;
// the image runs unprivileged with a health check and no secret baked in.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { ConfigSchema } from '../../fastify.config.ts'

const variables = Object.keys(ConfigSchema.properties)
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')

t.test('.env.example documents every variable', async (t) => {
  const example = read('.env.example')
  for (const name of variables) t.match(example, new RegExp(`^${name}=`, 'm'), name)
})

t.test('the README configuration table lists every variable', async (t) => {
  const readme = read('README.md')
  for (const name of variables) t.match(readme, new RegExp(`^\\|[^\\n]*\`${name}\``, 'm'), name)
})

t.test('docker-compose.yml passes every variable to the app', async (t) => {
  const compose = read('docker-compose.yml')
  const environment = compose.slice(compose.indexOf('x-app-environment'), compose.indexOf('\nservices:'))
  // DATABASE_PATH is for SQLite; compose always runs PostgreSQL.
  for (const name of variables.filter((name) => name !== 'DATABASE_PATH')) t.match(environment, new RegExp(`^  ${name}: `, 'm'), name)
})

t.test('the Dockerfile: unprivileged, health-checked, no secrets', async (t) => {
  const dockerfile = read('Dockerfile')
  t.match(dockerfile, /^FROM node:\$\{NODE_VERSION\}[^\n]* AS build$/m, 'a build stage')
  t.match(dockerfile, /^USER node$/m, 'runs as the node user')
  t.match(dockerfile, /^HEALTHCHECK [\s\S]*\/healthz/m, 'health check on /healthz')
  t.match(dockerfile, /npm prune --omit=dev/, 'production dependencies only')
  for (const secret of ['SESSION_KEY', 'API_KEY', 'CLIENT_SECRET', 'METRICS_TOKEN', 'PASSWORD']) t.notMatch(dockerfile, new RegExp(`(ENV|ARG)[^\\n]*${secret}`), `no ${secret}`)
  const supported = JSON.parse(read('package.json')).engines.node as string
  const nodeVersion = Number(/ARG NODE_VERSION=(\d+)/.exec(dockerfile)?.[1])
  t.ok(nodeVersion % 2 === 0 && nodeVersion >= 22, `the image uses an LTS line (${nodeVersion})`)
  t.match(supported, new RegExp(`\\b${nodeVersion}\\b|>=`), 'within the supported range of package.json engines')
})

t.test('addresses are believed only from the proxy compose puts in front, and /metrics stays inside', async (t) => {
  t.notMatch(read('Dockerfile').replace(/^#.*$/gm, ''), /TRUST_PROXY/, 'the image trusts no X-Forwarded-For (a published container would let clients pick their address)')
  t.match(read('docker-compose.yml'), /^  TRUST_PROXY: \$\{TRUST_PROXY:-1\}$/m, 'compose trusts its one proxy hop')
  const caddy = read('deploy/Caddyfile')
  const refuse = /@metrics path \/metrics \/metrics\/\*\s+respond @metrics 404/.exec(caddy)
  t.ok(refuse, 'Caddy answers 404 for /metrics')
})
