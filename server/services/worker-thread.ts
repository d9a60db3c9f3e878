// Starts one of our modules in a worker thread. Build output (.js) runs the worker file as it is.
// From source (.ts: development and tests, run through tsx), the worker registers tsx first: on
// Node 20 a worker does not inherit the loader.
import { Worker, type WorkerOptions } from 'node:worker_threads'

/** `name` without its extension, beside the module at `base` (its import.meta.url). */
export function startModuleWorker(base: string, name: string, options: WorkerOptions): Worker {
  const fromSource = base.endsWith('.ts')
  const file = new URL(`./${name}${fromSource ? '.ts' : '.js'}`, base)
  if (!fromSource) return new Worker(file, options)
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}) })`
  return new Worker(bootstrap, { ...options, eval: true })
}
