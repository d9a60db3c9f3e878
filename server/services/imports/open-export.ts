// An uploaded export is a JSON file, or a zip (the whole export ChatGPT and Claude send) whose
// conversations.json is inflated to a file of its own before the import starts: its size is then
// known and bounded before anything of it is stored.
import { createWriteStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type yauzl from 'yauzl'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { whenClosed } from '../write-stream.ts'

export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}

export const EXPECTED_FILES = 'a ChatGPT or Claude export (its conversations.json, or the whole export .zip) or a chat exported here as JSON'

/** A zip's conversations.json inflates to more than an import may read. */
export class InflatedTooLargeError extends Error {
  override name = 'InflatedTooLargeError'
}

/**
 * Inflates the zip's conversations.json (the one nearest the top) into `into`, at most `maxBytes`
 * of it: the bytes are counted as they come out of the inflater, the sizes the zip states are not
 * believed (a zip bomb states what it likes). Returns the bytes written; throws
 * InflatedTooLargeError past `maxBytes`, ImportFormatError when the zip is not one that holds an
 * export. `into` is left for the caller to remove on failure.
 */
export async function inflateConversations(path: string, into: string, maxBytes: number): Promise<number> {
  // yauzl loads with the first zip imported (an idle server has no use for it).
  const { default: unzip } = await import('yauzl')
  const unreadable = (error: Error) => new ImportFormatError(`The zip cannot be read (${error.message}).`)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    unzip.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, file) => (error ? reject(unreadable(error)) : resolve(file))),
  )
  try {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      let best: yauzl.Entry | null = null
      zip.on('entry', (candidate: yauzl.Entry) => {
        if (/(^|\/)conversations\.json$/.test(candidate.fileName) && (!best || candidate.fileName.split('/').length < best.fileName.split('/').length)) best = candidate
        zip.readEntry()
      })
      zip.on('end', () => resolve(best))
      zip.on('error', (error: Error) => reject(unreadable(error)))
      zip.readEntry()
    })
    if (!entry) throw new ImportFormatError(`The zip has no conversations.json. Expected ${EXPECTED_FILES}.`)
    const tooLarge = () => new InflatedTooLargeError(`The zip's conversations.json is larger than the ${formatBytes(maxBytes)} an import may be.`)
    // What it says first: most bombs are refused without inflating a byte.
    if (entry.uncompressedSize > maxBytes) throw tooLarge()
    const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, readable) => (error ? reject(unreadable(error)) : resolve(readable))))
    let inflated = 0
    const out = createWriteStream(into)
    try {
      await pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            inflated += chunk.length
            if (inflated > maxBytes) throw tooLarge()
            yield chunk
          }
        },
        out,
      )
    } catch (error) {
      await whenClosed(out)
      if (error instanceof InflatedTooLargeError || error instanceof ImportFormatError) throw error
      // yauzl's own check: the entry inflated to more or less than the zip says.
      throw new ImportFormatError(`The zip's conversations.json cannot be read (${(error as Error).message}).`)
    }
    return inflated
  } finally {
    zip.close()
  }
}
