// Who gets in (issue 19): administrators by email (ADMIN_EMAILS), who may make an account (SIGNUP),
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
 * (this app sends no mail): the account's password is what proves it, so administrators who use
 * local accounts make them before sign-up opens (SIGNUP=closed still lets them in). README says so.
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
    readonly code: 'SIGN_UP_CLOSED' | 'ACCOUNT_DISABLED',
    message: string,
  ) {
    super(message)
  }
}

export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Ask an administrator to enable it.'
