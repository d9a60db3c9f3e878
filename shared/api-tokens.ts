// Personal API tokens (issue 19), as both sides see them.
import { Type, type Static } from 'typebox'

export const API_TOKEN_NAME_MAX_CHARS = 100

export const ApiTokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.Number(),
  lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
})
export type ApiToken = Static<typeof ApiTokenSchema>
