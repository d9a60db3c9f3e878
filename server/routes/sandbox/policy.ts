// The sandbox's headers. Its documents may reach nothing on the network: no fetch, no image or
// font by URL, no form, no frame of another page; scripts are the sandbox's own two files and the
// artifact's inline code. The origin helpers also give the app's pages their frame-src (only the
// sandbox page may be framed there), in server/plugins/security.ts.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../../fastify.config.ts'
import { SANDBOX_PATH } from '../../../shared/artifacts.ts'

// A Host header is the client's text: only a host name or address and a port go into a policy.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/** The origin this request was made to, or null when its Host cannot be one. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host
  return HOST.test(host) ? `${request.protocol === 'https' ? 'https' : 'http'}://${host}` : null
}

/** The app's own origin: PUBLIC_URL's, else the one this request reached (a server with one name). */
export function appOrigin(config: Pick<AppConfig, 'publicUrl'>, request: FastifyRequest): string | null {
  if (config.publicUrl) return new URL(config.publicUrl).origin
  return requestOrigin(request)
}

/** The sandbox page's URL as the app's frame-src names it: ARTIFACTS_ORIGIN's, else this server's. */
export function sandboxFrameSource(config: Pick<AppConfig, 'publicUrl' | 'artifacts'>, request: FastifyRequest): string | null {
  const origin = config.artifacts.origin ?? appOrigin(config, request)
  return origin === null ? null : `${origin}${SANDBOX_PATH}`
}

/** Features no preview may use (camera, microphone, location, payment, devices…). */
export const DENIED_PERMISSIONS =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), ' +
  'clipboard-read=(), clipboard-write=(), fullscreen=(), publickey-credentials-get=(), publickey-credentials-create=(), ' +
  'screen-wake-lock=(), xr-spatial-tracking=(), accelerometer=(), gyroscope=(), magnetometer=(), ' +
  'browsing-topics=(), encrypted-media=(), idle-detection=(), local-fonts=(), otp-credentials=(), picture-in-picture=(), ' +
  'storage-access=(), window-management=(), autoplay=()'

/** What no sandbox document may do, whatever runs in it. */
const NO_NETWORK = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "connect-src 'none'",
  "object-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  // An HTML artifact's nested srcdoc frame needs no source; every other frame, including the nested
  // frame navigating itself elsewhere, is refused by this.
  "frame-src 'none'",
]

/**
 * The sandbox page's policy. `scripts`: the sandbox's own script URLs; `ancestors`: the origins
 * that may embed it (the app's), none when unknown. The `sandbox` directive makes the page an
 * opaque origin even where it is opened without the iframe's sandbox attribute.
 */
export function sandboxPagePolicy(scripts: string[], ancestors: string[]): string {
  return [
    'sandbox allow-scripts',
    ...NO_NETWORK,
    `script-src 'unsafe-inline' ${scripts.join(' ')}`.trim(),
    `frame-ancestors ${ancestors.length > 0 ? ancestors.join(' ') : "'none'"}`,
  ].join('; ')
}

/** A version opened in its own tab: an opaque origin with no network; SVG runs no script at all. */
export function viewPolicy(scripts: string[] | 'inline' | 'none'): string {
  const scriptSrc = scripts === 'none' ? "script-src 'none'" : scripts === 'inline' ? "script-src 'unsafe-inline'" : `script-src 'unsafe-inline' ${scripts.join(' ')}`
  return ['sandbox allow-scripts', ...NO_NETWORK, scriptSrc, "frame-ancestors 'none'"].join('; ')
}

/** Every sandbox response's headers, over the ones the security plugin set for every response. */
export function sandboxHeaders(reply: FastifyReply, policy: string) {
  // frame-ancestors decides who may embed the page; helmet's X-Frame-Options would refuse the
  // ARTIFACTS_ORIGIN host inside the app's (another origin).
  reply.raw.removeHeader('x-frame-options')
  reply
    .header('content-security-policy', policy)
    .header('referrer-policy', 'no-referrer')
    .header('permissions-policy', DENIED_PERMISSIONS)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'no-store')
}
