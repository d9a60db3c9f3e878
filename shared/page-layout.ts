// Which pages render inside the app's layout (header and sidebar). Its own module: the first load
// needs this, not the route table (shared/routes.ts), which loads with client navigation.
import type { PageName } from './routes.ts'

/** Pages shown without the app's header and sidebar (the sign-in popup); error pages have none either. */
const PAGES_WITHOUT_LAYOUT: ReadonlySet<string> = new Set<PageName>(['sign-in'])

export function showsAppLayout(state: { kind: 'page'; route: string } | { kind: 'error' }): boolean {
  return state.kind === 'page' && !PAGES_WITHOUT_LAYOUT.has(state.route)
}
