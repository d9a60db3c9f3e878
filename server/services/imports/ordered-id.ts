// Ids for imported messages in the order they are written (UUID version 7: the time, a counter,
// random bits). The messages table and the search index keep their rows by id: random ids put each
// new row on a random page of those indexes, so once they outgrow SQLite's page cache every row
// read a page back from disk, and an import's cost per row grew with the database (a Claude answer's
// 40,000 versions cost five times its 20,000). Ids in order are written at the end of the index.
import { randomBytes } from 'node:crypto'

let lastTime = 0
let counter = 0

/** A new UUID v7; within one millisecond the ids of this process still come in order (a 12-bit counter, then the next millisecond). */
export function orderedId(): string {
  let time = Date.now()
  if (time <= lastTime) {
    counter++
    if (counter > 0xfff) {
      lastTime++
      counter = 0
    }
    time = lastTime
  } else {
    lastTime = time
    counter = 0
  }
  const bytes = randomBytes(16)
  bytes.writeUIntBE(time, 0, 6)
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
