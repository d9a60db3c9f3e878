// Sessions (docs/decisions/0004-sealed-cookie-with-revocable-sessions.md): a sealed cookie
// (@fastify/secure-session, libsodium) holds an anonymous owner id for every visitor and, once
// signed in, a session id whose row in the database can be revoked — so a copied cookie stops
// working after sign-out, on every replica.
import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import secureSession from '@fastify/secure-session'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../fastify.config.ts'
import { AppError } from '../../shared/errors.ts'
import { createUserStore, type User, type UserRow, type UserStore } from '../services/auth/users.ts'
import { bearerToken, createApiTokenStore, type ApiTokenStore } from '../services/auth/api-tokens.ts'

export const SESSION_COOKIE = 'chat_session'
/** The sealed cookie is re-sealed with a fresh "last seen" at most this often. */
const SEEN_RESOLUTION_MS = 60_000
/** A user's last_active_at is written at most this often. */
const ACTIVE_RESOLUTION_MS = 60_000
/**
 * What an API token may not do: manage the account or its tokens, import, or sign in. A leaked
 * token must not be able to mint more tokens or lock its owner out. (The admin API answers a token
 * with 404, as it answers everyone who is not an administrator in a browser.) These are prefixes of
 * declared route paths: every route added under them is marked `config.notForTokens`, and the check
 * reads that mark on the route the router matched, so no spelling of the URL (percent-encoded
 * letters, dot segments) can reach one of them with a token.
 */
export const NOT_FOR_TOKENS = ['/api/account', '/api/tokens', '/api/auth/', '/api/import']

interface SessionData {
  /** Anonymous owner id: owns the visitor's data until they sign in. */
  oid?: string
  /** Signed-in session id (row in `sessions`). */
  sid?: string
  uid?: string
  /** Signed in at (ms). */
  lat?: number
  /** Created (ms): the absolute lifetime counts from here. */
  iat?: number
  /** Last seen (ms): the idle timeout counts from here. */
  seen?: number
}

export interface SignInHookInput {
  userId: string
  anonymousOwnerId: string | null
}

export interface Auth {
  users: UserStore
  apiTokens: ApiTokenStore
  /** Ends every session of a user at once (disabled, signed out everywhere by an administrator). */
  endSessionsOf(userId: string): Promise<number>
  /** Regenerates the session for `user` (new id: no fixation) and records it for revocation. */
  signIn(request: FastifyRequest, user: User): Promise<void>
  /** Revokes the session server-side and clears the cookie. */
  signOut(request: FastifyRequest): Promise<void>
  /** Revokes every session of the signed-in user (all devices), or all but the current one. */
  revokeAll(request: FastifyRequest, options?: { keepCurrent?: boolean }): Promise<number>
  /** Runs after each sign-in, e.g. to move the anonymous owner's chats to the user. */
  onSignIn(handler: (input: SignInHookInput) => Promise<void>): void
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
  }
  interface FastifyContextConfig {
    /** An API token may not use this route (set for every route under NOT_FOR_TOKENS; a route may set it too). */
    notForTokens?: boolean
  }
  interface FastifyRequest {
    /** The signed-in user, or null: checks expiry and server-side revocation (memoised per request). */
    getUser(): Promise<User | null>
    /** When the current user signed in (ms), if signed in. */
    loggedInAt(): number | undefined
    /**
     * Who owns what this visitor creates: the user id when signed in, else a stable anonymous id,
     * minted (with its cookie) on first use. Only for requests that create something.
     */
    getOwnerId(): Promise<string>
    /**
     * The owner id if this visitor already has one, else null; never sets a cookie. Reads use it:
     * a read that minted an id could race the visitor's first write, and whichever response came
     * last would leave the browser with a cookie for an owner that owns nothing.
     */
    peekOwnerId(): Promise<string | null>
    /** The request is authenticated by a personal API token (`Authorization: Bearer`), not a cookie. */
    viaApiToken: boolean
  }
}

function data(request: FastifyRequest): SessionData {
  return (request.session?.data() ?? {}) as SessionData
}

function write(request: FastifyRequest, values: SessionData) {
  for (const [key, value] of Object.entries(values)) request.session.set(key as never, value as never)
}

export default fp(
  async function session(app, options: { config: AppConfig; now?: () => number }) {
    const { config } = options
    const now = options.now ?? Date.now
    const users = createUserStore(app.db, { now, policy: config.operators, avatarOrigins: config.avatarOrigins })
    const apiTokens = createApiTokenStore(app.db, now)
    const signInHandlers: Array<(input: SignInHookInput) => Promise<void>> = []

    await app.register(secureSession, {
      key: config.sessionKeys,
      cookieName: SESSION_COOKIE,
      // Our own idle/absolute checks below are stricter; this is the library's outer bound.
      expiry: config.sessionMaxAgeS,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        // Secure whenever the request came over HTTPS (behind a proxy: with TRUST_PROXY).
        secure: 'auto',
        maxAge: config.sessionMaxAgeS,
      },
    })

    /** Drops sessions past their idle timeout or absolute lifetime; refreshes "last seen". */
    function liveSession(request: FastifyRequest): SessionData {
      const current = data(request)
      if (current.iat === undefined) return {}
      const at = now()
      const idle = current.seen !== undefined && at - current.seen > config.sessionIdleTimeoutS * 1000
      const tooOld = at - current.iat > config.sessionMaxAgeS * 1000
      if (idle || tooOld) {
        request.session.regenerate()
        return {}
      }
      if (current.seen === undefined || at - current.seen > SEEN_RESOLUTION_MS) write(request, { seen: at })
      return current
    }

    async function resolveUser(request: FastifyRequest): Promise<User | null> {
      const token = bearerToken(request)
      if (token !== null) {
        const row = await apiTokens.authenticate(token)
        if (!row || row.disabled_at !== null) return null
        await markActive(row)
        return users.toUser(row)
      }
      const current = liveSession(request)
      if (!current.sid || !current.uid) return null
      const row = await app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.id', '=', current.sid)
        .where('sessions.user_id', '=', current.uid)
        .where('sessions.revoked_at', 'is', null)
        .executeTakeFirst()
      if (!row || row.disabled_at !== null) {
        // Revoked (signed out elsewhere), disabled or deleted: this cookie is anonymous from now on.
        request.log.info({ sessionId: current.sid }, 'session: revoked or unknown session cookie')
        request.session.regenerate()
        return null
      }
      await markActive(row)
      return users.toUser(row)
    }

    async function markActive(row: UserRow) {
      const at = now()
      if (row.last_active_at !== null && at - Number(row.last_active_at) < ACTIVE_RESOLUTION_MS) return
      await app.db.updateTable('users').set({ last_active_at: at }).where('id', '=', row.id).execute()
    }

    // Routes are marked as they are added (this plugin is registered before every route it bars).
    app.addHook('onRoute', (route) => {
      if (NOT_FOR_TOKENS.some((prefix) => route.url.startsWith(prefix))) route.config = { ...route.config, notForTokens: true }
    })

    app.decorateRequest('viaApiToken', false)
    // A Bearer token on the API must work, or the request fails: a script with a revoked token
    // must not quietly go on as an anonymous visitor. onRequest runs after routing: the route the
    // router decoded and matched decides, never the URL's text.
    app.addHook('onRequest', async (request) => {
      if (bearerToken(request) === null) return
      request.viaApiToken = true
      if (request.routeOptions.config.notForTokens) {
        throw new AppError(403, 'TOKEN_NOT_ALLOWED', 'API tokens cannot manage accounts or tokens, or import. Sign in with a browser for that.')
      }
      if (!(await request.getUser())) throw new AppError(401, 'INVALID_TOKEN', 'The API token is not valid: it was revoked, mistyped, or its account is disabled.')
    })

    const userPromises = new WeakMap<FastifyRequest, Promise<User | null>>()
    app.decorateRequest('getUser', function getUser(this: FastifyRequest) {
      let promise = userPromises.get(this)
      if (!promise) {
        promise = resolveUser(this)
        userPromises.set(this, promise)
      }
      return promise
    })
    app.decorateRequest('loggedInAt', function loggedInAt(this: FastifyRequest) {
      return data(this).lat
    })
    app.decorateRequest('peekOwnerId', async function peekOwnerId(this: FastifyRequest) {
      const user = await this.getUser()
      if (user) return user.id
      return liveSession(this).oid ?? null
    })
    app.decorateRequest('getOwnerId', async function getOwnerId(this: FastifyRequest) {
      const user = await this.getUser()
      if (user) return user.id
      // ANONYMOUS_CHAT=false: a visitor creates nothing (no chat, file, setting) before signing in.
      if (!config.operators.anonymousChat) throw new AppError(401, 'SIGN_IN_REQUIRED', 'Sign in to chat on this server.')
      const current = liveSession(this)
      if (current.oid) return current.oid
      // First time this visitor creates something: give them an owner id (and a cookie).
      const at = now()
      const oid = randomUUID()
      write(this, { oid, iat: at, seen: at })
      return oid
    })

    const auth: Auth = {
      users,
      apiTokens,
      endSessionsOf: (userId) => revokeSessionsOf(userId),
      async signIn(request, user) {
        const previous = liveSession(request)
        const anonymousOwnerId = previous.uid ? null : (previous.oid ?? null)
        if (previous.sid) await revoke(previous.sid)
        const at = now()
        const sid = randomUUID()
        await app.db
          .insertInto('sessions')
          .values({ id: sid, user_id: user.id, anonymous_owner_id: anonymousOwnerId, created_at: at, revoked_at: null })
          .execute()
        request.session.regenerate()
        write(request, { sid, uid: user.id, oid: user.id, lat: at, iat: at, seen: at })
        userPromises.set(request, Promise.resolve(user))
        for (const handler of signInHandlers) await handler({ userId: user.id, anonymousOwnerId })
        request.log.info({ userId: user.id, provider: user.provider }, 'session: signed in')
      },
      async signOut(request) {
        const current = data(request)
        if (current.sid) await revoke(current.sid)
        request.session.delete()
        userPromises.set(request, Promise.resolve(null))
        if (current.uid) request.log.info({ userId: current.uid }, 'session: signed out')
      },
      async revokeAll(request, options = {}) {
        const current = data(request)
        if (!current.uid) return 0
        const revoked = await revokeSessionsOf(current.uid, options.keepCurrent ? current.sid : undefined)
        if (!options.keepCurrent) {
          request.session.delete()
          userPromises.set(request, Promise.resolve(null))
        }
        request.log.info({ userId: current.uid, keepCurrent: Boolean(options.keepCurrent) }, 'session: revoked every session of the user')
        return revoked
      },
      onSignIn(handler) {
        signInHandlers.push(handler)
      },
    }

    /** Revokes every live session of a user, but `keep`; returns how many. */
    async function revokeSessionsOf(userId: string, keep?: string): Promise<number> {
      let query = app.db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null)
      if (keep) query = query.where('id', '!=', keep)
      return Number((await query.executeTakeFirst()).numUpdatedRows)
    }

    async function revoke(sessionId: string) {
      await app.db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute()
    }

    app.decorate('auth', auth)
  },
  { name: 'session', dependencies: ['db'] },
)

/** Never cache anything that depends on who is asking. */
export function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store')
}
