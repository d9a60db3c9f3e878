// The admin page: usage over the last 30 days, the users table and the audit log. Its
// own chunk: no other page loads any of it. The server renders it for administrators only (its
// loader answers 404 to everyone else).
import { useState } from 'react'
import type { AdminPageData, AuditPage } from '../../shared/admin.ts'
import { useRouteData } from '../lib/page-context.ts'
import { UsagePanel } from '../components/admin/usage-panel.tsx'
import { UsersTable } from '../components/admin/users-table.tsx'
import { AuditLog } from '../components/admin/audit-log.tsx'
import '../components/admin/admin.css'

export default function AdminPage() {
  const { data } = useRouteData<AdminPageData>()
  // Each action answers with the user's new row; the audit log is read again after it.
  const [audit, setAudit] = useState<AuditPage>(data.audit)

  return (
    <div className="admin-page mx-auto flex w-full flex-1 flex-col gap-10 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-white">Administration</h1>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-300">Who uses this server, how much, and what administrators did.</p>
      </div>
      <UsagePanel usage={data.usage} />
      <UsersTable initial={data.users} you={data.you} onAction={setAudit} />
      <AuditLog page={audit} />
    </div>
  )
}
