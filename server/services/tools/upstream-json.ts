// A JSON GET to a configured upstream, for tools: a size cap, the caller's signal, and failures in
// words a user understands ("Could not reach Open-Meteo forecast (api.open-meteo.com)").
import { readCappedText } from '../read-capped.ts'
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
  const text = await readCappedText(response, MAX_RESPONSE_BYTES)
  if (text === null) throw new ToolError(`${upstream} sent more than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`)
  try {
    return JSON.parse(text)
  } catch {
    throw new ToolError(`${upstream} did not send JSON.`)
  }
}
