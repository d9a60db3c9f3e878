// Picks the compression for a streamed HTML response from Accept-Encoding.
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib'

export type Encoding = 'br' | 'gzip'

/** `br` over `gzip`; an encoding listed with q=0 is refused. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Map<string, number>()
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (allowed('br')) return 'br'
  if (allowed('gzip')) return 'gzip'
  return null
}

/**
 * A compressor for a live stream: a fast setting (this runs per request) and a `flushNow()` that
 * pushes out what was written so far without ending the stream, so early flush survives compression.
 */
export function createStreamCompressor(encoding: Encoding): (BrotliCompress | Gzip) & { flushNow(): void } {
  if (encoding === 'br') {
    const stream = createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    })
    return Object.assign(stream, { flushNow: () => stream.flush(constants.BROTLI_OPERATION_FLUSH) })
  }
  const stream = createGzip({ level: 6 })
  return Object.assign(stream, { flushNow: () => stream.flush(constants.Z_SYNC_FLUSH) })
}
