// Security headers with a per-request CSP nonce (DESIGN §2, §3). The nonce reaches React through
// reply.cspNonce so its inline streaming scripts run under a policy without 'unsafe-inline'.
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
import type { AppConfig } from '../../fastify.config.ts'

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
  },
  { name: 'security' },
)
