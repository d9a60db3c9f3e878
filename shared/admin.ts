// The admin page's API (issue 19), as both sides see it.
import { Type, type Static } from 'typebox'

export const ADMIN_USERS_PAGE_SIZE = 25
/** The usage chart's window. */
export const ADMIN_USAGE_DAYS = 30

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()])

export const AdminUserSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Nullable(Type.String()),
    provider: Type.String(),
    createdAt: Type.Number(),
    lastActiveAt: Type.Union([Type.Number(), Type.Null()]),
    disabled: Type.Boolean(),
    /** An administrator (by ADMIN_EMAILS or made one here). */
    admin: Type.Boolean(),
    /** Administrator by ADMIN_EMAILS: the page cannot take it away. */
    adminByConfig: Type.Boolean(),
    chats: Type.Integer(),
    messages: Type.Integer(),
    /** Tokens in and out this calendar month (UTC). */
    tokensThisMonth: Type.Integer(),
    /** Bytes of their messages and files. */
    storageBytes: Type.Integer(),
    /** Their own daily quota: null the server's, -1 none. */
    quotaTokensPerDay: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
)
export type AdminUser = Static<typeof AdminUserSchema>

export const AdminUsersPageSchema = Type.Object({ users: Type.Array(AdminUserSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) })
export type AdminUsersPage = Static<typeof AdminUsersPageSchema>

export const AdminUsageSchema = Type.Object({
  from: Type.String({ description: 'First UTC day counted (YYYY-MM-DD)' }),
  days: Type.Array(Type.Object({ day: Type.String(), model: Type.String(), inputTokens: Type.Integer(), outputTokens: Type.Integer(), answers: Type.Integer() })),
  topUsers: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()), inputTokens: Type.Integer(), outputTokens: Type.Integer(), answers: Type.Integer() }),
  ),
  failures: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer() })),
  quotas: Type.Object({ tokensPerDay: Type.Union([Type.Integer(), Type.Null()]), tokensPerDayAnonymous: Type.Union([Type.Integer(), Type.Null()]) }),
})
export type AdminUsage = Static<typeof AdminUsageSchema>

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.Number(),
  actor: Type.Object({ id: Type.String(), email: Nullable(Type.String()) }),
  action: Type.String(),
  target: Type.Union([Type.Object({ id: Type.String(), email: Nullable(Type.String()) }), Type.Null()]),
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export const AuditPageSchema = Type.Object({ entries: Type.Array(AuditEntrySchema), nextBefore: Type.Union([Type.Number(), Type.Null()]) })
export type AuditEntry = Static<typeof AuditEntrySchema>
export type AuditPage = Static<typeof AuditPageSchema>

/** What each audit action reads as on the page. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.disable': 'Disabled',
  'user.enable': 'Enabled',
  'user.sign-out': 'Signed out everywhere',
  'user.delete': 'Deleted',
  'user.make-admin': 'Made administrator',
  'user.remove-admin': 'Removed administrator',
  'user.quota': 'Set daily quota',
}

/** The admin page's loader: everything its first paint shows. */
export interface AdminPageData {
  users: AdminUsersPage
  usage: AdminUsage
  audit: AuditPage
  /** The administrator looking (no actions on oneself). */
  you: string
}
