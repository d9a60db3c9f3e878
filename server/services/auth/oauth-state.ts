// What the OAuth and OpenID Connect sign-in routes share: the per-browser state, PKCE verifier and
// nonce kept in the sealed session between the redirect out and the callback (10 minutes, single
// use), the app's public origin for redirect_uri, and the one way a failed sign-in ends: a redirect
// to `/?auth_error=<short message>` with the details only in the log.
import { timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../../fastify.config.ts'
import { AccessRefusedError } from './access-policy.ts'

export type OAuthProviderId = 'github' | 'oidc'

export const PENDING_SIGN_IN_TTL_MS = 10 * 60_000
/** Outbound calls to a provider give up after this long (the user is waiting on a redirect). */
export const PROVIDER_TIMEOUT_MS = 10_000

export interface PendingSignIn {
  state: string
  /** PKCE code_verifier. */
  verifier: string
  /** OpenID Connect only. */
  nonce?: string
  /** Expires at (ms). */
  exp: number
}

/** Why a sign-in failed; each kind has one message the user may see. */
export type OAuthFailure = 'denied' | 'provider_error' | 'invalid_state' | 'token_rejected' | 'unreachable' | 'profile_failed'

export class OAuthError extends Error {
  override name = 'OAuthError'
  readonly kind: OAuthFailure
  /** Safe-to-log facts (upstream error codes, statuses), never secrets or tokens. */
  readonly details: Record<string, unknown>

  constructor(kind: OAuthFailure, message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, { cause: options.cause })
    this.kind = kind
    this.details = options.details ?? {}
  }
}

export function userMessage(kind: OAuthFailure, providerName: string): string {
  switch (kind) {
    case 'denied':
      return 'Sign-in was cancelled.'
    case 'invalid_state':
      return 'Your sign-in attempt expired or was not started here. Please try again.'
    case 'unreachable':
      return `Could not reach ${providerName}. Please try again in a moment.`
    case 'profile_failed':
      return `Could not read your ${providerName} profile. Please try again.`
    case 'provider_error':
    case 'token_rejected':
      return `${providerName} could not sign you in. Please try again.`
  }
}

/** A fetch failure (refused, DNS, reset, timeout) means the provider is unreachable. */
export function unreachable(what: string, cause: unknown): OAuthError {
  const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError' || (cause as { code?: unknown }).code === 'OAUTH_TIMEOUT')
  return new OAuthError('unreachable', `${what} ${timedOut ? 'timed out' : 'failed'}`, { cause })
}

/** Where the browser reaches this app; redirect_uri must be identical at authorize and token time. */
export function publicOrigin(request: FastifyRequest, config: AppConfig): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`
}

function sessionKey(provider: OAuthProviderId) {
  return `oauth_${provider}`
}

export function savePendingSignIn(request: FastifyRequest, provider: OAuthProviderId, pending: Omit<PendingSignIn, 'exp'>, now = Date.now()) {
  request.session.set(sessionKey(provider) as never, { ...pending, exp: now + PENDING_SIGN_IN_TTL_MS } as never)
}

/**
 * Removes the pending sign-in from the session (whatever happens next, it is not usable twice) and
 * returns it if `state` matches and it has not expired.
 */
export function takePendingSignIn(request: FastifyRequest, provider: OAuthProviderId, state: string | undefined, now = Date.now()): PendingSignIn {
  const key = sessionKey(provider)
  const pending = request.session.get(key) as PendingSignIn | undefined
  if (pending !== undefined) request.session.set(key as never, undefined as never)
  if (!pending || typeof pending.state !== 'string' || typeof pending.verifier !== 'string') {
    throw new OAuthError('invalid_state', 'auth: no sign-in in progress for this browser')
  }
  if (!state || !sameString(state, pending.state)) throw new OAuthError('invalid_state', 'auth: state does not match')
  if (!(pending.exp > now)) throw new OAuthError('invalid_state', 'auth: sign-in attempt expired')
  return pending
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The provider sent the browser back with `?error=…` instead of a code. */
export function authorizationError(provider: string, query: { error?: string; error_description?: string }): OAuthError | null {
  if (!query.error) return null
  const details = { error: query.error, errorDescription: query.error_description }
  return query.error === 'access_denied'
    ? new OAuthError('denied', `${provider} access denied by the user`, { details })
    : new OAuthError('provider_error', `${provider} authorization failed`, { details })
}

export function failSignIn(request: FastifyRequest, reply: FastifyReply, providerName: string, error: unknown) {
  if (error instanceof AccessRefusedError) {
    // The operator's policy (sign-up closed, account disabled): its own message tells the user why.
    request.log.info({ code: error.code }, `auth: ${providerName} sign-in refused by policy`)
    reply.header('cache-control', 'no-store')
    return reply.redirect(`/?auth_error=${encodeURIComponent(error.message)}`, 302)
  }
  const expected = error instanceof OAuthError
  const known = expected ? error : new OAuthError('provider_error', 'auth: sign-in failed', { cause: error })
  const level = !expected ? 'error' : known.kind === 'denied' || known.kind === 'invalid_state' ? 'info' : 'warn'
  request.log[level]({ ...known.details, kind: known.kind, err: known.cause }, known.message)
  reply.header('cache-control', 'no-store')
  return reply.redirect(`/?auth_error=${encodeURIComponent(userMessage(known.kind, providerName))}`, 302)
}

export function signedInRedirect(reply: FastifyReply) {
  reply.header('cache-control', 'no-store')
  return reply.redirect('/', 302)
}
