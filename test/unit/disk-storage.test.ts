// The disk storage of uploaded files (server/services/files/file-storage.ts): a write that fails
// leaves nothing behind, however early it fails. An upload over the quota fails on its first chunk,
// while the file it was about to be written to may still be opening; removing it then let the open
// make it afterwards, and a stray `.part` stayed in the uploads folder (seen once in CI as a fifth
// file where the quota allows four).
import t from 'tap'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { createDiskStorage } from '../../server/services/files/file-storage.ts'

async function* bytes(...chunks: string[]) {
  for (const chunk of chunks) yield Buffer.from(chunk)
}

async function* failingAfter(chunks: string[]) {
  yield* bytes(...chunks)
  // What the upload route's byte check does when a chunk goes over a limit.
  await Promise.resolve()
  throw new Error('over the quota')
}

t.test('a whole write is kept under its key; a write cut off part-way leaves nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'disk-storage-'))
  const storage = createDiskStorage(dir)
  const kept = randomUUID()
  await storage.write(kept, bytes('hello ', 'world'))
  t.same(readdirSync(dir), [kept])
  await t.rejects(storage.write(randomUUID(), failingAfter(['some ', 'bytes'])), /over the quota/)
  t.same(readdirSync(dir), [kept], 'nothing of the failed write is left')
  await storage.remove(kept)
  t.same(readdirSync(dir), [])
})

t.test('writes that fail on their first chunk, several at once, never leave a file behind', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'disk-storage-'))
  const storage = createDiskStorage(dir)
  // The race is the file's open against its removal in libuv's thread pool: rare on any one try
  // (about one in a thousand pairs here before the fix), so many pairs are tried.
  const strays = new Set<string>()
  const outcomes = new Set<string>()
  for (let round = 0; round < 1500; round++) {
    const writes = [0, 1, 2].map(() => storage.write(randomUUID(), failingAfter([])).then(() => 'stored', (error: Error) => error.message))
    for (const outcome of await Promise.all(writes)) outcomes.add(outcome)
    for (const entry of readdirSync(dir)) strays.add(entry)
  }
  t.same([...outcomes], ['over the quota'], 'every write failed with the source')
  await new Promise((resolve) => setTimeout(resolve, 50))
  for (const entry of readdirSync(dir)) strays.add(entry)
  t.same([...strays], [], 'no file is left, right after the writes failed or later')
})
