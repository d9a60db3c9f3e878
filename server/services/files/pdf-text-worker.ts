// The worker thread of pdf-text.ts: reads one PDF's text and posts it back.
import { parentPort, workerData } from 'node:worker_threads'
import { extractPdfText } from './pdf-text-extract.ts'

const { bytes, maxPages } = workerData as { bytes: Uint8Array; maxPages: number }
extractPdfText(bytes, maxPages).then(
  (text) => parentPort!.postMessage({ ok: true, pages: text.pages }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
)
