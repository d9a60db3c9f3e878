// Which pages render inside the app's layout (header and sidebar). Its own module: the first load
// needs this, not the route table (shared/routes.ts), which loads with client navigation.
import type { PageName } from './routes.ts'

/** Pages shown without the app's header and sidebar (the sign-in popup). */
const PAGES_WITHOUT_LAYOUT: ReadonlySet<string> = new Set<PageName>(['sign-in'])

/**
 * A page keeps the app's header and sidebar; so does a non-fatal error (a chat not found): the user
 * can go on from there. A fatal error replaces the whole app.
 */
export function showsAppLayout(state: { kind: 'page'; route: string } | { kind: 'error'; error: { fatal: boolean } }): boolean {
  if (state.kind === 'error') return !state.error.fatal
  return !PAGES_WITHOUT_LAYOUT.has(state.route)
}

/**
 * Pages whose first paint needs only the shell's stylesheet (client/shell.css, the classes of the
 * entry's and the home page's code): the server links it for them and the whole sheet
 * (client/styles.css) for every other page and for errors. A page named here must be among the
 * shell's roots (scripts/build/shell-styles.ts); its code then loads without waiting for the
 * whole sheet (client/routes.ts).
 */
const PAGES_WITH_SHELL_STYLES: ReadonlySet<string> = new Set<PageName>(['index'])

export function paintsWithShellStyles(state: { kind: 'page'; route: string } | { kind: 'error' }): boolean {
  return state.kind === 'page' && PAGES_WITH_SHELL_STYLES.has(state.route)
}
