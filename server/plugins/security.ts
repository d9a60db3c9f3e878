// Security headers. helmet's headers go on every response; the Content-Security-
// Policy with a per-request nonce only on HTML documents, where React's inline streaming scripts
// and the colour-mode script need it (reply.documentCsp(), called by the renderer). Everything
// else (JSON, static files) gets a fixed policy that allows nothing. Both policies are computed
// once at start-up: building them per request (helmet's directive parsing, nonces nobody uses)
// was a visible part of every response's cost.
import { randomFillSync } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import helmet, { contentSecurityPolicy, type HelmetOptions } from 'helmet'
import { bearerToken } from '../services/auth/api-tokens.ts'
import type { AppConfig } from '../../fastify.config.ts'
import { AppError } from '../../shared/errors.ts'
import { sandboxFrameSource } from '../routes/sandbox/policy.ts'

/**
 * The nonces of one HTML document: scripts carry `script`; `style` lets a script add a <style>
 * element (Mermaid lays a diagram out with one: chat/mermaid-diagram.tsx).
 */
export interface CspNonces {
  script: string
  style: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets every response's security headers, for an answer given without the hooks (a URL the router cannot read). */
    securityHeaders(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void
  }
  interface FastifyReply {
    /** The nonces of this reply's document policy, once documentCsp() has set it. */
    cspNonce: CspNonces | null
    /** Gives this reply the HTML document policy with fresh nonces, and returns them. */
    documentCsp(): CspNonces
  }
}

/** For responses that are not documents: nothing may load, nothing may frame them. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'"
/** The artifact sandbox's bundled scripts (scripts/build/sandbox-runtime.ts). */
const SANDBOX_ASSETS = '/assets/sandbox-'

// Placeholders helmet accepts as nonce values, replaced per request.
const SCRIPT_NONCE = 'SCRIPTNONCE'
const STYLE_NONCE = 'STYLENONCE'
// …and for the one page a document may frame: the artifact sandbox, whose URL names this request's
// host when neither PUBLIC_URL nor ARTIFACTS_ORIGIN does.
const FRAME_SOURCE = 'FRAMESOURCE'

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: Error) => void) => void

/** The header a helmet middleware would set, read from a stand-in response. */
function headerOf(middleware: Middleware, name: string): string {
  let value: string | undefined
  const res = { setHeader: (key: string, header: string) => key.toLowerCase() === name && (value = header) } as unknown as ServerResponse
  middleware({} as IncomingMessage, res, (error) => {
    if (error) throw error
  })
  if (value === undefined) throw new Error(`security: helmet set no ${name} header`)
  return value
}

export function createSecurityHeaders(config: Pick<AppConfig, 'dev'> & Partial<Pick<AppConfig, 'avatarOrigins'>>) {
  const { dev } = config
  const options: HelmetOptions = {
    // The sign-in popup talks to its opener through localStorage, not window.opener, but a
    // same-origin popup must keep its opener for window.close() to be allowed after redirects.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    hsts: dev ? false : undefined,
  }
  const documentDirectives = {
    defaultSrc: ["'self'"],
    // Same-origin module chunks, plus inline scripts only when they carry this request's nonce.
    scriptSrc: ["'self'", `'nonce-${SCRIPT_NONCE}'`],
    // The style nonce in style-src makes browsers ignore 'unsafe-inline' there; style attributes
    // (set by React) get their own directive, and Vite injects <style> in development.
    styleSrc: ["'self'", `'nonce-${STYLE_NONCE}'`],
    // Stylesheets of our own, and <style> elements only when they carry the nonce.
    styleSrcElem: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${STYLE_NONCE}'`],
    styleSrcAttr: ["'unsafe-inline'"],
    // blob: a picked image's thumbnail in the composer, drawn from the file before it is uploaded
    // (object URLs are made by our own scripts, from the visitor's own file). No other host but the
    // sign-in providers' avatars: an image a message names (a diagram's label) never loads.
    imgSrc: ["'self'", 'data:', 'blob:', ...(config.avatarOrigins ?? [])],
    connectSrc: dev ? ["'self'", 'ws:', 'wss:', 'https://api.iconify.design'] : ["'self'", 'https://api.iconify.design'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Only the sandbox page (exactly that path): a preview that navigates its own frame elsewhere,
    // to carry what it shows to another site, is refused by this policy of its embedder's.
    frameSrc: [FRAME_SOURCE],
    upgradeInsecureRequests: null,
  }
  // helmet writes the policy (its defaults merged in), so it reads exactly as it always has.
  const template = headerOf(contentSecurityPolicy({ directives: documentDirectives }), 'content-security-policy')
  if (!template.includes(SCRIPT_NONCE) || !template.includes(STYLE_NONCE)) throw new Error('security: the document policy lost a nonce placeholder')
  // Cut once at each placeholder (the style nonce is in two directives), put together per request.
  const pieces = template.split(new RegExp(`(${SCRIPT_NONCE}|${STYLE_NONCE}|${FRAME_SOURCE})`))

  return {
    /** Every header but the CSP, on the raw response (whatever ends up sending it). */
    applyHeaders: helmet({ ...options, contentSecurityPolicy: false }) as Middleware,
    /** The document policy for these nonces, framing only `frameSource` (null: nothing). */
    documentPolicy(nonces: CspNonces, frameSource: string | null = null): string {
      const value = (piece: string) =>
        piece === SCRIPT_NONCE ? nonces.script : piece === STYLE_NONCE ? nonces.style : piece === FRAME_SOURCE ? (frameSource ?? "'none'") : piece
      return pieces.map(value).join('')
    },
  }
}

// Random bytes are drawn from the system in batches, like crypto.randomUUID() does: one call per
// 128 documents instead of one per document (it showed in CPU profiles of GET /).
const NONCE_BYTES = 16
const pool = Buffer.alloc(NONCE_BYTES * 2 * 128)
let poolOffset = pool.length

/** Two fresh 128-bit nonces, hex. */
export function createNonces(): CspNonces {
  if (poolOffset + NONCE_BYTES * 2 > pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const script = pool.toString('hex', poolOffset, poolOffset + NONCE_BYTES)
  const style = pool.toString('hex', poolOffset + NONCE_BYTES, poolOffset + NONCE_BYTES * 2)
  poolOffset += NONCE_BYTES * 2
  return { script, style }
}

export default fp(
  async function security(app, options: { config: AppConfig }) {
    const headers = createSecurityHeaders(options.config)

    app.decorateReply('cspNonce', null)
    app.decorateReply('documentCsp', function documentCsp(this: FastifyReply) {
      const nonces = createNonces()
      this.cspNonce = nonces
      this.header('content-security-policy', headers.documentPolicy(nonces, sandboxFrameSource(options.config, this.request)))
      return nonces
    })
    const everyResponse = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      reply.header('content-security-policy', NON_DOCUMENT_CSP)
      headers.applyHeaders(request.raw, reply.raw, done)
      // The sandbox's scripts load into an opaque origin (or ARTIFACTS_ORIGIN's host): another origin
      // to helmet's Cross-Origin-Resource-Policy. They are public build files like every asset.
      if (request.url.startsWith(SANDBOX_ASSETS)) reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin')
    }
    app.addHook('onRequest', everyResponse)
    app.decorate('securityHeaders', everyResponse)

    // State-changing requests must come from our own pages (no cross-site request forgery): the
    // browser tells us with Sec-Fetch-Site and Origin. Requests without either (curl,
    // server-to-server) carry no ambient browser credentials worth forging, so they pass.
    const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
    app.addHook('onRequest', (request, _reply, done) => {
      if (!UNSAFE.has(request.method)) return done()
      // An API token is no ambient credential (a page elsewhere cannot make the browser send it);
      // the session plugin refuses a request whose token does not hold.
      if (bearerToken(request) !== null) return done()
      const site = request.headers['sec-fetch-site']
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return done(new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.'))
      }
      const origin = request.headers.origin
      if (origin !== undefined) {
        const expected = options.config.publicUrl ?? `${request.protocol}://${request.host}`
        if (origin !== expected) return done(new AppError(403, 'CROSS_ORIGIN_REQUEST', `Requests from ${origin} are not allowed.`))
      }
      done()
    })
    // Only JSON bodies: a cross-site "simple" request (text/plain, form) cannot reach a handler.
    app.removeContentTypeParser('text/plain')
  },
  { name: 'security' },
)
