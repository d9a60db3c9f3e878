// A JSON GET to a configured upstream, for tools: a size cap, the caller's signal, and failures in
// words a user understands ("Could not reach Open-Meteo forecast (api.open-meteo.com)").
import { ToolError } from './tool-types.ts'

/** An upstream answer larger than this is refused: no tool needs more. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024

export async function fetchJson(fetchFn: typeof globalThis.fetch, url: URL, signal: AbortSignal, upstream: string): Promise<unknown> {
  let response: Response
  try {
    response = await fetchFn(url, { headers: { accept: 'application/json', 'user-agent': 'chat-template' }, signal, redirect: 'error' })
  } catch (error) {
    if (signal.aborted) throw error
    const code = (error as { cause?: { code?: unknown } })?.cause?.code
    throw new ToolError(`Could not reach ${upstream} (${url.host})${typeof code === 'string' ? `: ${code}` : ''}.`)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new ToolError(`${upstream} answered with HTTP ${response.status}.`)
  }
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => {})
    throw new ToolError(`${upstream} sent more than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`)
  }
  const text = await readCapped(response, MAX_RESPONSE_BYTES, upstream)
  try {
    return JSON.parse(text)
  } catch {
    throw new ToolError(`${upstream} did not send JSON.`)
  }
}

async function readCapped(response: Response, limit: number, upstream: string): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw new ToolError(`${upstream} sent more than ${limit / 1024 / 1024} MB.`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
