// Where the artifact sandbox lives. Unset ARTIFACTS_ORIGIN: a path of this server, loaded in an
// iframe without allow-same-origin, so its documents have an opaque origin and their messages
// arrive with origin 'null'. Set: the same path on that host name, a site of its own.
import { SANDBOX_PATH } from '../../../shared/artifacts.ts'

/** The sandbox page's URL for the iframe; `origin` is ARTIFACTS_ORIGIN as the page state carries it. */
export function sandboxUrl(origin: string | null = null): string {
  return `${origin ?? ''}${SANDBOX_PATH}`
}

/**
 * The origin a genuine sandbox message carries: 'null' on either host. The iframe never has
 * allow-same-origin and the sandbox page's own policy says `sandbox allow-scripts`, so its document
 * is an opaque origin even when it is loaded from ARTIFACTS_ORIGIN (which then adds the browser's
 * process isolation by site). What proves the sender is the frame's window (event.source), which
 * the app's frame-src lets hold nothing but the sandbox page of that origin.
 */
export function sandboxMessageOrigin(_origin: string | null): string {
  return 'null'
}

/**
 * A version opened in a tab of its own. It stays on this server's own host name (the route checks
 * who owns the chat with the visitor's cookies); its `Content-Security-Policy: sandbox` makes the
 * tab an opaque origin all the same.
 */
export function artifactViewUrl(chatId: string, artifactId: string, version: number): string {
  return `/sandbox/view/${encodeURIComponent(chatId)}/${encodeURIComponent(artifactId)}?version=${encodeURIComponent(String(version))}`
}
