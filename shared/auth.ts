// Session and sign-in shapes shared by the server and the browser (docs/product-contract.md).

import type { Session } from './session.ts'

export type { SessionUser } from './session.ts'
/** `GET /api/_auth/session`: `{}` when anonymous. */
export type SessionPayload = Session

export interface AuthProvider {
  id: 'local' | 'github' | 'oidc'
  name: string
  /** Where the popup (or the fallback full-page redirect) goes. */
  url: string
}

/** The temporary localStorage flag set while the sign-in popup is open (docs/product-contract.md). */
export const AUTH_POPUP_FLAG = 'temp-nuxt-auth-utils-popup'
/** An error from a popup flow, handed to the opener through localStorage. */
export const AUTH_POPUP_ERROR = 'temp-auth-popup-error'
/** Sign-in popup size (docs/product-contract.md). */
export const AUTH_POPUP_WIDTH = 960
export const AUTH_POPUP_HEIGHT = 600

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 256
/** What a user types to confirm deleting their account (any case). */
export const ACCOUNT_DELETE_CONFIRMATION = 'delete my account'
