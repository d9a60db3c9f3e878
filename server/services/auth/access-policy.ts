// Who gets in: administrators by email (ADMIN_EMAILS), who may make an account (SIGNUP),
// and the refusals a sign-in can meet. Pure: the user store and the routes ask it.
import type { OperatorsConfig } from '../../../fastify.config.ts'

export type AccessPolicy = Pick<OperatorsConfig, 'adminEmails' | 'signup' | 'signupDomains'>

export interface EmailFacts {
  provider: string
  email: string | null
  /** The provider vouched for the address (GitHub's verified primary, OIDC's email_verified). */
  emailVerified: boolean
}

/**
 * An email counts when its provider verified it. A local account's address cannot be verified
 * (this app sends no mail), so a local account of an ADMIN_EMAILS address is never signed up: the
 * operator makes it (npm run admin:create), and its password is what proves it from then on.
 * Addresses compare case-insensitively (ADMIN_EMAILS is read lower-cased).
 */
function trustedEmail(facts: EmailFacts): string | null {
  if (!facts.email) return null
  if (facts.provider !== 'local' && !facts.emailVerified) return null
  return facts.email.trim().toLowerCase()
}

export function isAdminEmail(policy: AccessPolicy, facts: EmailFacts): boolean {
  const email = trustedEmail(facts)
  return email !== null && policy.adminEmails.includes(email)
}

/**
 * An ADMIN_EMAILS address on a local account (any case): anyone could type it at sign-up, e.g. once
 * its account was gone, and be an administrator.
 */
export function isReservedAdminAddress(policy: AccessPolicy, facts: EmailFacts): boolean {
  return facts.provider === 'local' && facts.email !== null && policy.adminEmails.includes(facts.email.trim().toLowerCase())
}

export const ADMIN_ADDRESS_SIGN_UP_MESSAGE =
  "This address is one of the server's administrators (ADMIN_EMAILS), so it cannot sign up here: the operator makes its account with `npm run admin:create`."

/** Why a new account may not be made, or null when it may. */
export function signUpRefusal(policy: AccessPolicy, facts: EmailFacts): string | null {
  if (policy.signup === 'open' || isAdminEmail(policy, facts)) return null
  if (policy.signup === 'domains') {
    const domain = trustedEmail(facts)?.split('@')[1]
    if (domain && policy.signupDomains.includes(domain)) return null
    return `New accounts on this server need an email address at ${policy.signupDomains.join(', ')}${facts.provider === 'local' ? '' : ' that your sign-in provider has verified'}.`
  }
  return 'Sign-up is closed on this server. Ask an administrator for an account.'
}

/** A sign-in refused by the operator's policy (not a wrong password): its message is for the user. */
export class AccessRefusedError extends Error {
  override name = 'AccessRefusedError'
  constructor(
    readonly code: 'SIGN_UP_CLOSED' | 'ACCOUNT_DISABLED' | 'ADMIN_ADDRESS_RESERVED',
    message: string,
  ) {
    super(message)
  }
}

export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Ask an administrator to enable it.'
