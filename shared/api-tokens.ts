// Personal API tokens, as both sides see them.
import type { Static } from 'typebox'
import type { ApiTokenSchema } from './api-token-schema.ts'

export const API_TOKEN_NAME_MAX_CHARS = 100

export type ApiToken = Static<typeof ApiTokenSchema>
