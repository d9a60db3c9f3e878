// The admin page's API, as both sides see it: types and constants (the schemas, with
// TypeBox, are in admin-schemas.ts so the browser never loads TypeBox for them).
import type { Static } from 'typebox'
import type { AdminUsageSchema, AdminUserSchema, AdminUsersPageSchema, AuditEntrySchema, AuditPageSchema } from './admin-schemas.ts'

export const ADMIN_USERS_PAGE_SIZE = 25
/** The usage chart's window. */
export const ADMIN_USAGE_DAYS = 30

export type AdminUser = Static<typeof AdminUserSchema>
export type AdminUsersPage = Static<typeof AdminUsersPageSchema>
export type AdminUsage = Static<typeof AdminUsageSchema>
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
