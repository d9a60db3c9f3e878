// Security headers with a per-request CSP nonce (DESIGN §2, §3). The nonce reaches React through
// reply.cspNonce so its inline streaming scripts run under a policy without 'unsafe-inline'.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import type { AppConfig } from '../../fastify.config.ts'
import { AppError } from '../../shared/errors.ts'

export default fp(
  async function security(app, options: { config: AppConfig }) {
    const { dev } = options.config
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Same-origin module chunks, plus inline scripts only when they carry this request's nonce.
          scriptSrc: ["'self'"],
          // helmet adds a nonce to style-src, which makes browsers ignore 'unsafe-inline' there; style
          // attributes (set by React) get their own directive, and Vite injects <style> in development.
          styleSrc: ["'self'"],
          styleSrcElem: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          connectSrc: dev ? ["'self'", 'ws:', 'wss:', 'https://api.iconify.design'] : ["'self'", 'https://api.iconify.design'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The sign-in popup talks to its opener through localStorage, not window.opener, but a
      // same-origin popup must keep its opener for window.close() to be allowed after redirects.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      hsts: dev ? false : undefined,
    })

    // State-changing requests must come from our own pages (DESIGN §4): the browser tells us with
    // Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server) carry no ambient
    // browser credentials worth forging, so they pass.
    const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method)) return
      const site = request.headers['sec-fetch-site']
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new AppError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.')
      }
      const origin = request.headers.origin
      if (origin !== undefined) {
        const expected = options.config.publicUrl ?? `${request.protocol}://${request.host}`
        if (origin !== expected) throw new AppError(403, 'CROSS_ORIGIN_REQUEST', `Requests from ${origin} are not allowed.`)
      }
    })
    // Only JSON bodies: a cross-site "simple" request (text/plain, form) cannot reach a handler.
    app.removeContentTypeParser('text/plain')
  },
  { name: 'security' },
)
