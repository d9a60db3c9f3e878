// The admin page's API schemas: the server validates and documents with them. The
// browser imports only shared/admin.ts (types and constants), never TypeBox.
import { Type } from 'typebox'

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

export const AdminUsersPageSchema = Type.Object({ users: Type.Array(AdminUserSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) })

export const AdminUsageSchema = Type.Object({
  from: Type.String({ description: 'First UTC day counted (YYYY-MM-DD)' }),
  days: Type.Array(Type.Object({ day: Type.String(), model: Type.String(), inputTokens: Type.Integer(), outputTokens: Type.Integer(), answers: Type.Integer() })),
  topUsers: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), email: Nullable(Type.String()), inputTokens: Type.Integer(), outputTokens: Type.Integer(), answers: Type.Integer() }),
  ),
  failures: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer() })),
  quotas: Type.Object({ tokensPerDay: Type.Union([Type.Integer(), Type.Null()]), tokensPerDayAnonymous: Type.Union([Type.Integer(), Type.Null()]) }),
})

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.Number(),
  actor: Type.Object({ id: Type.String(), email: Nullable(Type.String()) }),
  action: Type.String(),
  target: Type.Union([Type.Object({ id: Type.String(), email: Nullable(Type.String()) }), Type.Null()]),
  details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
})
export const AuditPageSchema = Type.Object({ entries: Type.Array(AuditEntrySchema), nextBefore: Type.Union([Type.Number(), Type.Null()]) })
