// Removing a file that a failed write was going to: pipeline() rejects as soon as its source fails,
// before the write stream has closed its file, and even before it has opened it when the source
// fails at once (an upload over the quota on its first chunk). Removed then, the file is made after
// its removal and stays (about one pair of concurrent failing writes in a thousand, measured).
import type { WriteStream } from 'node:fs'

/** Resolves once `out` has closed its file (at once if it has). */
export function whenClosed(out: WriteStream): Promise<void> {
  return out.closed ? Promise.resolve() : new Promise((resolve) => out.once('close', () => resolve()))
}
