// Opens an uploaded export for reading: a JSON file as it is, or from a zip (the whole export
// ChatGPT and Claude send) its conversations.json, inflated as it is read.
import { createReadStream } from 'node:fs'
import { open as openFile, stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type yauzl from 'yauzl'

export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}

export const EXPECTED_FILES = 'a ChatGPT or Claude export (its conversations.json, or the whole export .zip) or a chat exported here as JSON'

/** A zip's local file header starts with these bytes. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])

export async function isZip(path: string): Promise<boolean> {
  const file = await openFile(path, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await file.read(head, 0, 4, 0)
    return bytesRead === 4 && head.equals(ZIP_MAGIC)
  } finally {
    await file.close()
  }
}

export interface OpenedExport {
  stream: Readable
  /** Bytes of JSON to read (for the progress bar). */
  totalBytes: number
}

export async function openExport(path: string, maxJsonBytes: number): Promise<OpenedExport> {
  if (!(await isZip(path))) return { stream: createReadStream(path, { highWaterMark: 256 * 1024 }), totalBytes: (await stat(path)).size }
  // yauzl loads with the first zip imported (an idle server has no use for it).
  const { default: unzip } = await import('yauzl')
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    unzip.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, file) => (error ? reject(new ImportFormatError(`The zip cannot be read (${error.message}).`)) : resolve(file))),
  )
  // The export's own conversations.json: the one nearest the top of the zip.
  const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
    let best: yauzl.Entry | null = null
    zip.on('entry', (candidate: yauzl.Entry) => {
      if (/(^|\/)conversations\.json$/.test(candidate.fileName) && (!best || candidate.fileName.split('/').length < best.fileName.split('/').length)) best = candidate
      zip.readEntry()
    })
    zip.on('end', () => resolve(best))
    zip.on('error', (error: Error) => reject(new ImportFormatError(`The zip cannot be read (${error.message}).`)))
    zip.readEntry()
  })
  if (!entry) {
    zip.close()
    throw new ImportFormatError(`The zip has no conversations.json. Expected ${EXPECTED_FILES}.`)
  }
  // A zip bomb would say so here: yauzl also checks that the entry inflates to exactly this size.
  if (entry.uncompressedSize > maxJsonBytes) {
    zip.close()
    throw new ImportFormatError(`Its conversations.json is ${entry.uncompressedSize} bytes, more than the ${maxJsonBytes} an import may read.`)
  }
  const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, readable) => (error ? reject(new ImportFormatError(`The zip cannot be read (${error.message}).`)) : resolve(readable)))).catch((error: unknown) => {
    zip.close()
    throw error
  })
  // The zip's file stays open (the whole list was read first) until its entry has been read.
  stream.once('close', () => zip.close())
  return { stream, totalBytes: entry.uncompressedSize }
}
