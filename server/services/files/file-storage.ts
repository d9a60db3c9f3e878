// Where the bytes of uploaded files live. One interface, so that S3-compatible storage can take
// the disk's place for several replicas; bytes stream in and out (no whole file in memory).
// Keys are file ids (UUIDs) the server made: a user's file name never becomes a path.
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { whenClosed } from '../write-stream.ts'

export interface ByteRange {
  start: number
  /** Inclusive, as in HTTP ranges. */
  end: number
}

export interface FileStorage {
  /** Where files go, for the log ("disk /srv/uploads"). */
  describe(): string
  /** Stores what `source` yields under `key`; a failed or cut-off write leaves nothing behind. */
  write(key: string, source: AsyncIterable<Uint8Array> | Readable): Promise<void>
  /** The bytes of `key` (or of a range of them). */
  read(key: string, range?: ByteRange): Promise<Readable>
  /** Gone, if it was there. */
  remove(key: string): Promise<void>
}

/** A file id (a UUID the server made), as a pattern source: storage keys, routes and message URLs use it. */
export const FILE_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const KEY = new RegExp(`^${FILE_ID}$`)

/** Throws for anything that is not a file id: a key never becomes an arbitrary path or object name. */
export function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`file storage: not a file id: ${JSON.stringify(key).slice(0, 60)}`)
}

/** Files in one directory, each under its id; a write goes to `<id>.part` and is renamed when complete. */
export function createDiskStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | undefined
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
    ready = undefined
    throw error
  }))
  return {
    describe: () => `disk ${dir}`,
    async write(key, source) {
      checkKey(key)
      await ensureDir()
      const partial = join(dir, `${key}.part`)
      const out = createWriteStream(partial, { flags: 'wx' })
      try {
        await pipeline(source, out)
        await rename(partial, join(dir, key))
      } catch (error) {
        // Not before the stream is done with the file, or a stray `.part` could stay (write-stream.ts).
        await whenClosed(out)
        await rm(partial, { force: true })
        throw error
      }
    },
    async read(key, range) {
      checkKey(key)
      const path = join(dir, key)
      await stat(path)
      return createReadStream(path, range ? { start: range.start, end: range.end } : {})
    },
    async remove(key) {
      checkKey(key)
      await rm(join(dir, key), { force: true })
    },
  }
}
