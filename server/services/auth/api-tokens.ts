// Personal API tokens: a signed-in user makes them for scripts. The token is shown once;
// only its SHA-256 is kept (256 random bits need no slow hash). `Authorization: Bearer <token>`
// then acts as that user on the chat API.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { UserRow } from './users.ts'

export const API_TOKEN_PREFIX = 'chat_'
/** Tokens one user may hold. */
export const API_TOKENS_PER_USER = 50
/** last_used_at is written at most this often per token (one write per request would be a hot row). */
const LAST_USED_RESOLUTION_MS = 60_000

export interface ApiTokenSummary {
  id: string
  name: string
  createdAt: number
  lastUsedAt: number | null
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function createApiTokenStore(db: Kysely<Database>, now: () => number = Date.now) {
  return {
    async list(userId: string): Promise<ApiTokenSummary[]> {
      const rows = await db.selectFrom('api_tokens').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute()
      return rows.map((row) => ({ id: row.id, name: row.name, createdAt: Number(row.created_at), lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at) }))
    },

    async count(userId: string): Promise<number> {
      const row = await db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirst()
      return Number(row?.count ?? 0)
    },

    /** A new token: its secret is in the result and nowhere else. */
    async create(userId: string, name: string): Promise<ApiTokenSummary & { token: string }> {
      const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url')
      const row = { id: randomUUID(), user_id: userId, name, token_hash: hashApiToken(token), created_at: now(), last_used_at: null }
      await db.insertInto('api_tokens').values(row).execute()
      return { id: row.id, name, createdAt: row.created_at, lastUsedAt: null, token }
    },

    /** False when the user has no such token. */
    async revoke(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** The user a token belongs to (disabled users included: the caller decides), or null. */
    async authenticate(token: string): Promise<UserRow | null> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null
      const row = await db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        .selectAll('users')
        .select(['api_tokens.id as token_id', 'api_tokens.last_used_at as token_last_used_at'])
        .where('api_tokens.token_hash', '=', hashApiToken(token))
        .executeTakeFirst()
      if (!row) return null
      const at = now()
      if (row.token_last_used_at === null || at - Number(row.token_last_used_at) > LAST_USED_RESOLUTION_MS) {
        await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', row.token_id).execute()
      }
      const { token_id: _id, token_last_used_at: _used, ...user } = row
      return user
    },
  }
}

export type ApiTokenStore = ReturnType<typeof createApiTokenStore>

/** The token of an `Authorization: Bearer` header on an /api route, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  // The route the router matched counts (it decodes the path: `/%61pi/…` is the API too), and so
  // does the raw URL (an unknown /api path still refuses a bad token).
  if (![request.routeOptions.url, request.url].some((path) => path?.startsWith('/api/'))) return null
  const header = request.headers.authorization
  if (typeof header !== 'string' || !/^bearer /i.test(header)) return null
  return header.slice(7).trim()
}
