// Schemas shared by the OAuth and OpenID Connect sign-in routes.
import { Type } from 'typebox'

/**
 * What a provider may send back to a callback. Loose on purpose: providers add parameters (iss,
 * session_state…), and a sign-in that fails here should still end in the error redirect.
 */
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 4096 })),
})

/** Every sign-in route answers with a redirect: to the provider, home, or home with `?auth_error=`. */
export const RedirectResponse = { 302: Type.Null({ description: 'Redirect (Location header)' }) }
