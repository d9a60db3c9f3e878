// Fetching icons the server did not draw (client/lib/icons.ts loads this with the first one): our
// icon endpoint first, then, after a failure or ICON_FETCH_TIMEOUT_MS, the public icon service.
import { ICON_API_PATH, ICON_FETCH_TIMEOUT_MS, ICON_PUBLIC_SERVICE_URL } from '../../shared/constants.ts'
import type { IconData, IconifyJSON } from '../../shared/icons.ts'
import { resolveIcon } from '../../shared/icon-sets.ts'

async function fetchIconSet(url: string): Promise<IconifyJSON> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  const body = (await response.json()) as IconifyJSON | null
  if (typeof body?.icons !== 'object' || body.icons === null) throw new Error(`${url} did not answer with Iconify JSON`)
  return body
}

/** The icons `names` of `collection` in that order, null for each one that cannot be had. Never rejects. */
export async function fetchIcons(collection: string, names: string[]): Promise<Array<IconData | null>> {
  const query = `${collection}.json?icons=${names.join(',')}`
  let set: IconifyJSON | null = null
  // Failures are warnings, not errors: a missing icon leaves a blank box of the right size.
  try {
    set = await fetchIconSet(`${ICON_API_PATH}/${query}`)
  } catch (error) {
    console.warn(`icons: ${ICON_API_PATH}/${query} failed (${describe(error)}); asking the public icon service`)
    try {
      set = await fetchIconSet(`${ICON_PUBLIC_SERVICE_URL}/${query}`)
    } catch (fallbackError) {
      console.warn(`icons: the public icon service failed too (${describe(fallbackError)}); ${collection}:${names.join(', ')} stay blank`)
    }
  }
  return names.map((name) => (set ? resolveIcon(set, name) : null))
}

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${ICON_FETCH_TIMEOUT_MS} ms`
  return error instanceof Error ? error.message : String(error)
}
