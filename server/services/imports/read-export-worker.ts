// The worker thread of run-import.ts: reads the export (read-export.ts) and sends each conversation
// to the app's thread to store, its messages in batches. After each message it waits for the app's
// answer, so no more than one batch is ever on its way (memory stays that of one conversation) and
// the app can say to drop the rest of a chat it does not store (one imported before).
import { parentPort, workerData } from 'node:worker_threads'
import { describeImportFailure, isFileFailure, readExport } from './read-export.ts'
import type { ToImport, FromImport } from './run-import.ts'

/** Messages per batch: a batch is taken in by the app's thread in about a millisecond. */
const BATCH = 2000

const port = parentPort!
const { path, maxMessageChars } = workerData as { path: string; maxMessageChars: number }
let readBytes = 0
const answers: Array<(answer: ToImport) => void> = []
port.on('message', (answer: ToImport) => answers.shift()?.(answer))

/** Sends `message`; the app's answer (go on with this chat, or drop the rest of it). */
function send(message: FromImport): Promise<ToImport> {
  return new Promise((resolve) => {
    answers.push(resolve)
    port.postMessage({ ...message, readBytes })
  })
}

try {
  for await (const event of readExport(path, { maxMessageChars, onBytes: (read) => (readBytes = read) })) {
    if (event.type === 'skip') {
      await send(event)
      continue
    }
    let answer = await send({ type: 'chat', format: event.format, chat: event.chat })
    for (let start = 0; start < event.messages.length && answer.go; start += BATCH) answer = await send({ type: 'rows', rows: event.messages.slice(start, start + BATCH) })
    if (answer.go) await send({ type: 'chat-end' })
  }
  port.postMessage({ type: 'done', readBytes } satisfies FromImport & { readBytes: number })
} catch (error) {
  port.postMessage({ type: 'failed', message: describeImportFailure(error), byFile: isFileFailure(error), error: (error as Error).stack ?? String(error), readBytes } satisfies FromImport & { readBytes: number })
}
// Nothing more to wait for: the listener for answers would keep the thread alive.
port.unref()
