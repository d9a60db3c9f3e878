// A PDF's text, page by page, for models that do not take PDFs natively (they get the text with
// the file's name instead). PDF.js runs in a worker thread of its own, with a time and a memory
// limit: a PDF made to be slow (or just a huge one) costs that worker, never the event loop that
// streams every other answer of this process, and is given up on after PDF_TEXT_TIMEOUT_MS.
import type { Worker } from 'node:worker_threads'
import { startModuleWorker } from '../worker-thread.ts'
import type { PdfText } from './pdf-text-extract.ts'

export type { PdfText }

/** How long reading one PDF's text may take before it is given up (the model then gets a note). */
export const PDF_TEXT_TIMEOUT_MS = 20_000

function startWorker(options: { workerData: unknown; resourceLimits: { maxOldGenerationSizeMb: number } }): Worker {
  return startModuleWorker(import.meta.url, 'pdf-text-worker', options)
}

/** The text of each page (lines joined by newlines); rejects for bytes PDF.js cannot read, or when too slow. */
export function pdfText(bytes: Uint8Array, { maxPages = 500, timeoutMs = PDF_TEXT_TIMEOUT_MS } = {}): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ workerData: { bytes, maxPages }, resourceLimits: { maxOldGenerationSizeMb: 512 } })
    const timer = setTimeout(() => {
      void worker.terminate()
      reject(new Error(`reading the PDF took longer than ${timeoutMs} ms`))
    }, timeoutMs)
    worker.once('message', (result: { ok: true; pages: string[] } | { ok: false; message: string }) => {
      clearTimeout(timer)
      void worker.terminate()
      if (result.ok) resolve({ pages: result.pages })
      else reject(new Error(result.message))
    })
    worker.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    worker.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the PDF reader stopped (exit code ${code})`))
    })
  })
}
