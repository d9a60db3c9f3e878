// What the benchmarks share: a production build, the app started from it on a free loopback port
// (in-memory SQLite, offline model, a throwaway session key), and their environment settings.
import { ONE_ADDRESS_ENV } from '../../test/helpers/one-address-env.ts'
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const HOST = '127.0.0.1'

/** Builds when there is no production build yet. */
export function ensureBuild(): void {
  if (existsSync(join(ROOT, 'dist/node/server/main.js')) && existsSync(join(ROOT, 'dist/client/.vite/manifest.json'))) return
  process.stderr.write('· no production build: npm run build\n')
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', timeout: 10 * 60_000 })
  if (result.status !== 0) throw new Error(`npm run build failed (status ${result.status})`)
}

/** A positive integer from the environment variable `name`, or `fallback` when it is unset. */
export function positiveIntEnv(name: string, fallback: number): number {
  const raw = process.env[name]
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}=${raw} is not a positive integer`)
  return value
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * The environment of a benchmarked app on `port`: production mode, in-memory SQLite (a bench never
 * touches the user's database) and a throwaway session key (production refuses to start without one;
 * the bench creates no sessions worth keeping), unless the caller set one.
 */
export function productionAppEnv(port: number, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_PATH: ':memory:',
    SESSION_KEY: process.env.SESSION_KEY || randomBytes(32).toString('hex'),
    ...ONE_ADDRESS_ENV,
    ...env,
  }
}

/**
 * `node [nodeArgs] dist/node/server/main.js` in production mode; `stop()` ends it (also when this
 * process exits); `pid` is the app's process (its memory is read from /proc).
 */
export async function startProductionApp(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<{ origin: string; pid: number; stop: () => void }> {
  const port = await freePort()
  const child = spawn(process.execPath, [...nodeArgs, 'dist/node/server/main.js'], {
    cwd: ROOT,
    env: productionAppEnv(port, env),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  }
  process.once('exit', stop)
  const errors: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()))
  const origin = `http://${HOST}:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited during start-up:\n${errors.join('')}`)
    const ok = await fetch(`${origin}/healthz`).then((response) => response.ok, () => false)
    if (ok) return { origin, pid: child.pid!, stop }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error('the app did not answer /healthz within 30 s')
}

/** A public chat `id` whose stored answer holds Markdown, a table and a code block (the offline model's). */
export async function seedPublicChat(origin: string, id: string): Promise<void> {
  const json = { 'content-type': 'application/json' }
  const question = 'Show me a code example and a table, please'
  const created = await fetch(`${origin}/api/chats`, { method: 'POST', headers: json, body: JSON.stringify({ id, message: { role: 'user', parts: [{ type: 'text', text: question }] } }) })
  if (!created.ok) throw new Error(`bench: could not create chat ${id}: ${created.status} ${await created.text()}`)
  const cookie = created.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const withCookie = { ...json, cookie }
  const answer = await fetch(`${origin}/api/chats/${id}`, { method: 'POST', headers: withCookie, body: JSON.stringify({ trigger: 'regenerate-message', messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] }) })
  await answer.text()
  const shared = await fetch(`${origin}/api/chats/${id}`, { method: 'PATCH', headers: withCookie, body: JSON.stringify({ visibility: 'public' }) })
  if (!shared.ok) throw new Error(`bench: could not share chat ${id}: ${shared.status}`)
}
