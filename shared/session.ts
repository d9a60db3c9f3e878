// The session as both sides see it (docs/product-contract.md): `{}` for an anonymous visitor, `{ user, loggedInAt }`
// once signed in. Signed in means a user is present.
import { Type, type Static } from 'typebox'

export const SessionUserSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    avatar: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    provider: Type.String(),
    /** Only for administrators (ADMIN_EMAILS, or made admin): the account menu shows Admin. */
    admin: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
)

export const SessionSchema = Type.Object(
  {
    user: Type.Optional(SessionUserSchema),
    /** Milliseconds since the epoch. */
    loggedInAt: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
)

export type SessionUser = Static<typeof SessionUserSchema>
export type Session = Static<typeof SessionSchema>
