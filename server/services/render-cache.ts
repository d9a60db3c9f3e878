// Finished server renders, kept to be sent again. A page's React markup is a function of
// its state alone (the data, the session, the address: everything the browser hydrates from), so a
// request whose state serializes to the same JSON as an earlier one gets that render's markup
// without rendering again: a new visitor's home page, a public chat read by many, a chat reopened.
// Only the document's nonce differs per response; it is cut out of the stored markup and the new
// one put in its place. Renders that failed, were aborted, or drew an icon the server did not have
// yet are never kept. The cache is bounded by bytes (least recently used first out) and lives in
// the process: a key is a SHA-256 of the whole state, so one visitor's page can only ever be found
// again by a request with exactly that state (that session, those chats).
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { IconSnapshot } from '../../shared/icons.ts'

export interface CachedRender {
  /** The markup with the nonce it was rendered with put back as `nonce`. */
  markup(nonce: string): string
  /** The icons the render drew, inlined again for hydration. */
  icons: IconSnapshot
}

export interface RenderCache {
  keyFor(stateJson: string): string
  get(key: string): CachedRender | undefined
  /** Keeps `markup`, which was rendered with `nonce` (every occurrence of it is replaced on reuse). */
  set(key: string, markup: string, nonce: string, icons: IconSnapshot): void
  readonly size: number
  readonly bytes: number
}

/** Markups bigger than this share of the budget are not kept (one page must not flush the rest). */
const MAX_SHARE = 1 / 8

export function createRenderCache(maxBytes: number): RenderCache {
  const entries = new LRUCache<string, { pieces: string[]; icons: IconSnapshot }>({
    maxSize: maxBytes,
    maxEntrySize: Math.floor(maxBytes * MAX_SHARE),
    // UTF-16 length, twice for the bytes a string holds at worst: a bound, not an exact figure.
    sizeCalculation: (entry) => entry.pieces.reduce((sum, piece) => sum + piece.length * 2, 64),
  })

  return {
    keyFor: (stateJson) => createHash('sha256').update(stateJson).digest('base64url'),
    get(key) {
      const entry = entries.get(key)
      return entry && { markup: (nonce) => entry.pieces.join(nonce), icons: entry.icons }
    },
    set(key, markup, nonce, icons) {
      entries.set(key, { pieces: nonce ? markup.split(nonce) : [markup], icons })
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return entries.calculatedSize
    },
  }
}
