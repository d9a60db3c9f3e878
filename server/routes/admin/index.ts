// The admin API: users (paged, searchable) and what an administrator may do to them,
// usage over the last 30 days, and the audit log of those actions. To anyone who is not an
// administrator signed in with a browser, every route here is an unknown route (404): the API does
// not reveal that it exists. Every change is written to the audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { ADMIN_USERS_PAGE_SIZE } from '../../../shared/admin.ts'
import { AdminUsageSchema, AdminUserSchema, AdminUsersPageSchema, AuditPageSchema } from '../../../shared/admin-schemas.ts'
import type { User } from '../../services/auth/users.ts'
import { UNLIMITED_QUOTA } from '../../services/usage/quota.ts'
import { adminUsage, auditPage, userDirectory } from './admin-data.ts'
import { ErrorBody } from '../chats/common.ts'
import { routeNotFound } from '../../plugins/errors.ts'
import { removeAccount } from '../auth/remove-account.ts'

const UserParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })

declare module 'fastify' {
  interface FastifyRequest {
    admin: User
  }
}

export default async function adminRoutes(app: FastifyInstance) {
  const directory = userDirectory(app)

  app.decorateRequest('admin', null as unknown as User)
  // Before anything else (body validation included): a non-administrator learns nothing here.
  app.addHook('onRequest', async (request) => {
    const user = request.viaApiToken ? null : await request.getUser()
    if (!user?.admin) throw routeNotFound(request)
    request.admin = user
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  async function target(request: FastifyRequest<{ Params: Static<typeof UserParams> }>) {
    const row = await directory.get(request.params.id)
    if (!row) throw new AppError(404, 'USER_NOT_FOUND', 'There is no user with this id.')
    return row
  }

  function notOnYourself(request: FastifyRequest<{ Params: Static<typeof UserParams> }>, what: string) {
    if (request.params.id === request.admin.id) throw new AppError(400, 'NOT_ON_YOURSELF', `You cannot ${what} your own account here: another administrator can.`)
  }

  /** ADMIN_EMAILS accounts stay: removing one here would free its address for anyone to claim. */
  async function notConfiguredAdmin(row: { id: string; email: string | null }, what: string) {
    if (await app.auth.users.adminByConfig(row.id)) {
      throw new AppError(409, 'ADMIN_BY_CONFIG', `${row.email} is an administrator by ADMIN_EMAILS, so it cannot be ${what} here: the operator removes the address from ADMIN_EMAILS first.`)
    }
  }

  async function audit(request: FastifyRequest, action: string, targetRow: { id: string; email: string | null } | null, details?: Record<string, unknown>) {
    await app.audit.write({ actor: { id: request.admin.id, email: request.admin.email }, action, target: targetRow ? { id: targetRow.id, email: targetRow.email } : null, details })
    request.log.info({ adminId: request.admin.id, action, targetId: targetRow?.id, ...details }, 'admin: action')
  }

  /** The row as the users table shows it, after a change. */
  async function shown(id: string) {
    const user = await directory.one(id)
    if (!user) throw new AppError(404, 'USER_NOT_FOUND', 'There is no user with this id.')
    return user
  }

  app.get<{ Querystring: { q?: string; cursor?: string } }>(
    '/api/admin/users',
    {
      schema: {
        summary: 'Users, newest first (administrators only)',
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), cursor: Type.Optional(Type.String({ maxLength: 300 })) }, { additionalProperties: false }),
        response: { 200: AdminUsersPageSchema, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const page = await directory.page({ query: request.query.q, cursor: request.query.cursor, limit: ADMIN_USERS_PAGE_SIZE })
      if (!page) throw new AppError(400, 'INVALID_CURSOR', 'The cursor is not one this API gave out; start from the first page.')
      return page
    },
  )

  const userAction = { params: UserParams, response: { 200: AdminUserSchema, 400: ErrorBody, 404: ErrorBody } }
  const removingAction = { ...userAction, response: { ...userAction.response, 409: ErrorBody } }

  app.post<{ Params: Static<typeof UserParams> }>('/api/admin/users/:id/disable', { schema: { summary: 'Disable a user: no sign-in, sessions ended', ...removingAction } }, async (request) => {
    notOnYourself(request, 'disable')
    const row = await target(request)
    await notConfiguredAdmin(row, 'disabled')
    if (row.disabled_at === null) await app.auth.users.setDisabled(row.id, Date.now())
    const ended = await app.auth.endSessionsOf(row.id)
    await audit(request, 'user.disable', row, { sessionsEnded: ended })
    return shown(row.id)
  })

  app.post<{ Params: Static<typeof UserParams> }>('/api/admin/users/:id/enable', { schema: { summary: 'Enable a disabled user', ...userAction } }, async (request) => {
    const row = await target(request)
    await app.auth.users.setDisabled(row.id, null)
    await audit(request, 'user.enable', row)
    return shown(row.id)
  })

  app.post<{ Params: Static<typeof UserParams> }>('/api/admin/users/:id/sign-out', { schema: { summary: 'End every session of a user', ...userAction } }, async (request) => {
    const row = await target(request)
    const ended = await app.auth.endSessionsOf(row.id)
    await audit(request, 'user.sign-out', row, { sessionsEnded: ended })
    return shown(row.id)
  })

  app.post<{ Params: Static<typeof UserParams>; Body: { admin: boolean } }>(
    '/api/admin/users/:id/admin',
    { schema: { summary: 'Make a user an administrator, or not', body: Type.Object({ admin: Type.Boolean() }, { additionalProperties: false }), ...userAction } },
    async (request) => {
      const row = await target(request)
      if (!request.body.admin) {
        notOnYourself(request, 'remove the administrator role from')
        const current = await shown(row.id)
        if (current?.adminByConfig) throw new AppError(400, 'ADMIN_BY_CONFIG', `${row.email} is an administrator by ADMIN_EMAILS; only the server's configuration can change that.`)
      }
      await app.auth.users.setAdmin(row.id, request.body.admin)
      await audit(request, request.body.admin ? 'user.make-admin' : 'user.remove-admin', row)
      return shown(row.id)
    },
  )

  app.post<{ Params: Static<typeof UserParams>; Body: { tokensPerDay: number | null } }>(
    '/api/admin/users/:id/quota',
    {
      schema: {
        summary: "Set a user's own daily token quota",
        description: 'tokensPerDay: a number of tokens, -1 for no limit, or null for the server default (QUOTA_TOKENS_PER_DAY).',
        body: Type.Object({ tokensPerDay: Type.Union([Type.Integer({ minimum: UNLIMITED_QUOTA, maximum: 1_000_000_000_000 }), Type.Null()]) }, { additionalProperties: false }),
        ...userAction,
      },
    },
    async (request) => {
      const row = await target(request)
      await app.auth.users.setQuota(row.id, request.body.tokensPerDay)
      await audit(request, 'user.quota', row, { tokensPerDay: request.body.tokensPerDay })
      return shown(row.id)
    },
  )

  app.delete<{ Params: Static<typeof UserParams>; Body: { confirm: string } }>(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Delete a user with their chats and files',
        description: "confirm: the user's email (or name, when they have no email), typed.",
        params: UserParams,
        body: Type.Object({ confirm: Type.String({ maxLength: 300 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ deleted: Type.Boolean(), chats: Type.Integer() }), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      notOnYourself(request, 'delete')
      const row = await target(request)
      await notConfiguredAdmin(row, 'deleted')
      const expected = row.email ?? row.name
      if (request.body.confirm.trim().toLowerCase() !== expected.trim().toLowerCase()) {
        throw new AppError(400, 'CONFIRMATION_REQUIRED', `Type the user's ${row.email ? 'email' : 'name'} (“${expected}”) to confirm.`)
      }
      const chats = await removeAccount(app, row.id)
      await audit(request, 'user.delete', row, { chats })
      return { deleted: true, chats }
    },
  )

  app.get('/api/admin/usage', { schema: { summary: 'Tokens per day and model, top users and failed answers, last 30 days', response: { 200: AdminUsageSchema, 404: ErrorBody } } }, async () =>
    adminUsage(app),
  )

  app.get<{ Querystring: { before?: number } }>(
    '/api/admin/audit',
    {
      schema: {
        summary: 'The audit log, newest first',
        querystring: Type.Object({ before: Type.Optional(Type.Integer({ minimum: 0 })) }, { additionalProperties: false }),
        response: { 200: AuditPageSchema, 404: ErrorBody },
      },
    },
    async (request) => auditPage(app, request.query.before),
  )
}
