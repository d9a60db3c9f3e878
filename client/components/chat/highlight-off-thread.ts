// Code highlighting for the page, worked out in a worker (highlight-worker.ts) so that Shiki's
// grammar compilation and matching never hold up the main thread. Where a worker cannot start
// (an old browser, a policy that forbids it), the highlighter runs here as it did before.
import type { ThemedToken } from 'shiki/core'
import { grammarFor } from './code-languages.ts'

export interface HighlightRequest {
  id: number
  code: string
  language: string | undefined
}

export type HighlightResponse = { id: number; lines: ThemedToken[][] | null } | { id: number; error: string }

type Pending = { resolve: (lines: ThemedToken[][] | null) => void; reject: (error: Error) => void }

let worker: Worker | null | undefined
const pending = new Map<number, Pending>()
let nextId = 0

function startWorker(): Worker | null {
  try {
    const started = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module', name: 'code highlighter' })
    started.onmessage = ({ data }: MessageEvent<HighlightResponse>) => {
      const waiting = pending.get(data.id)
      pending.delete(data.id)
      if (!waiting) return
      if ('error' in data) waiting.reject(new Error(data.error))
      else waiting.resolve(data.lines)
    }
    // The worker could not load (or died): what it had and what comes later is done here.
    started.onerror = (event) => {
      event.preventDefault()
      worker = null
      const orphans = [...pending.values()]
      pending.clear()
      for (const { reject } of orphans) reject(new Error('the highlighting worker failed'))
    }
    return started
  } catch {
    return null
  }
}

async function inThisThread(code: string, language: string | undefined): Promise<ThemedToken[][] | null> {
  const { highlight } = await import('./highlighter.ts')
  return highlight(code, language)
}

/** The code as lines of coloured tokens (a light and a dark colour each), or null for an unknown language. */
export function highlight(code: string, language: string | undefined): Promise<ThemedToken[][] | null> {
  // Nothing to colour: no worker started for it.
  if (!grammarFor(language)) return Promise.resolve(null)
  if (worker === undefined) worker = typeof Worker === 'function' ? startWorker() : null
  const thread = worker
  if (!thread) return inThisThread(code, language)
  const id = nextId++
  return new Promise<ThemedToken[][] | null>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    thread.postMessage({ id, code, language } satisfies HighlightRequest)
  }).catch((error: unknown) => (worker === null ? inThisThread(code, language) : Promise.reject(error)))
}
