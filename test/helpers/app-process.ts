// Real app processes, as an operator runs them (`node dist/node/server/main.js` with env), for tests
// and benchmarks of several replicas. The server code runs from source through tsx, so a test sees
// the code under test without a rebuild; the client is the production build in dist/ (npm run build).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface AppProcess {
  name: string
  url: string
  child: ChildProcess
  /** Everything the process wrote (JSON log lines and anything else). */
  output: string[]
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<string>
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<string>
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** `port`: a given one (a restarted server where the browser expects it); otherwise a free one. */
export async function startAppProcess(name: string, env: Record<string, string>, options: { readyTimeoutMs?: number; port?: number } = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // Only what the app needs: the test's own environment (TEST_*, tap's) stays out.
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const collect = (data: Buffer) => output.push(...String(data).split('\n').filter(Boolean))
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))))
  const url = `http://127.0.0.1:${port}`
  const app: AppProcess = {
    name,
    url,
    child,
    output,
    exited,
    async stop(graceMs = 5_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
        await exited
        clearTimeout(timer)
      }
      return exited
    },
  }
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited during start-up (${child.exitCode}):\n${output.slice(-20).join('\n')}`)
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.status === 200) return app
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await app.stop()
      throw new Error(`${name} was not ready within ${options.readyTimeoutMs ?? 30_000} ms:\n${output.slice(-20).join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Reads an SSE response of the UI message stream chunk by chunk. */
export function uiStreamReader(res: Response) {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const chunks: Array<Record<string, unknown>> = []
  let done = false
  return {
    chunks,
    get done() {
      return done
    },
    /** Text of the text-delta chunks read so far. */
    text() {
      return chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta as string).join('')
    },
    /** Reads until `until()` holds or the stream ends; false when it ended first. */
    async readUntil(until: () => boolean = () => false): Promise<boolean> {
      while (!until()) {
        if (done) return false
        const { value, done: ended } = await reader.read()
        if (ended) {
          done = true
          return until()
        }
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n')
          if (data && data !== '[DONE]') chunks.push(JSON.parse(data))
        }
      }
      return true
    },
    cancel: () => reader.cancel().catch(() => {}),
  }
}
