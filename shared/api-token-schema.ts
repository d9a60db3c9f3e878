// The API token as the API answers it; the server's schema. The browser imports the
// type from shared/api-tokens.ts, which holds no TypeBox.
import { Type } from 'typebox'

export const ApiTokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  createdAt: Type.Number(),
  lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
})
