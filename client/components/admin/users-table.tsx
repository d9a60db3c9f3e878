// The users table: newest first, searchable by name or email, 25 at a time with "Show
// more"; each row's menu acts on that user (not on oneself), and the audit log is read again after.
import { useEffect, useRef, useState } from 'react'
import type { AdminUser, AdminUsersPage, AuditPage } from '../../../shared/admin.ts'
import { formatBytes } from '../../../shared/format-bytes.ts'
import { http, HttpError } from '../../lib/http.ts'
import { notify } from '../../lib/toast.ts'
import { overlay } from '../../lib/overlay.ts'
import { Menu, type MenuItem } from '../ui/menu.tsx'
import { Button } from '../ui/button.tsx'
import { Icon } from '../ui/icon.tsx'
import { Time, formatNumber } from './format.tsx'
import { DeleteUserDialog, QuotaDialog } from './user-dialogs.tsx'
import { rowMenuButtonClasses } from '../history/row-menu-button.ts'
import './admin.css'

const SEARCH_DELAY_MS = 250

export function UsersTable({ initial, you, onAction }: { initial: AdminUsersPage; you: string; onAction: (audit: AuditPage) => void }) {
  const [users, setUsers] = useState<AdminUser[]>(initial.users)
  const [next, setNext] = useState<string | null>(initial.nextCursor)
  const [query, setQuery] = useState('')
  const [loading, setLoading] = useState(false)
  const searched = useRef('')

  async function load(q: string, cursor: string | null) {
    setLoading(true)
    try {
      const params = new URLSearchParams({ ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) })
      const page = await http.get<AdminUsersPage>(`/api/admin/users${params.size ? `?${params}` : ''}`)
      // A slower answer to an older search must not replace a newer one.
      if (searched.current !== q) return
      setUsers((current) => (cursor ? [...current, ...page.users] : page.users))
      setNext(page.nextCursor)
    } catch (error) {
      notify({ title: 'Could not load users', description: (error as Error).message, variant: 'error' })
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    const q = query.trim()
    if (q === searched.current) return
    const timer = setTimeout(() => {
      searched.current = q
      void load(q, null)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [query])

  async function act(user: AdminUser, what: string, request: () => Promise<AdminUser | null>) {
    try {
      const updated = await request()
      if (updated) setUsers((current) => current.map((row) => (row.id === updated.id ? updated : row)))
      else setUsers((current) => current.filter((row) => row.id !== user.id))
      notify({ title: what, description: user.email ?? user.name, variant: 'success', type: 'background' })
      onAction(await http.get<AuditPage>('/api/admin/audit'))
    } catch (error) {
      notify({ title: `Could not ${what.toLowerCase()}`, description: error instanceof HttpError ? error.message : String(error), variant: 'error' })
    }
  }

  function itemsFor(user: AdminUser): MenuItem[] {
    const post = (path: string, body?: object) => () => http.post<AdminUser>(`/api/admin/users/${user.id}/${path}`, body)
    const self = user.id === you
    // An ADMIN_EMAILS account is the operator's to change (the server refuses disabling or
    // deleting it), so its menu does not offer what would only fail.
    const removable = !self && !user.adminByConfig
    const items: MenuItem[] = []
    if (removable) items.push(user.disabled ? { label: 'Enable', onSelect: () => void act(user, 'Enabled', post('enable')) } : { label: 'Disable', hint: 'No sign-in; signed out at once', onSelect: () => void act(user, 'Disabled', post('disable')) })
    items.push({ label: 'Sign out everywhere', onSelect: () => void act(user, 'Signed out everywhere', post('sign-out')) })
    if (!user.admin) items.push({ label: 'Make administrator', onSelect: () => void act(user, 'Made administrator', post('admin', { admin: true })) })
    else if (!user.adminByConfig && !self) items.push({ label: 'Remove administrator', onSelect: () => void act(user, 'Removed administrator', post('admin', { admin: false })) })
    items.push({
      label: 'Daily quota…',
      onSelect: async () => {
        const chosen = await overlay.open(QuotaDialog, { user }).result
        if (chosen) void act(user, 'Quota set', post('quota', chosen))
      },
    })
    if (removable) {
      items.push({
        label: 'Delete…',
        danger: true,
        onSelect: async () => {
          const confirm = await overlay.open(DeleteUserDialog, { user }).result
          if (confirm) void act(user, 'Deleted', async () => (await http.delete(`/api/admin/users/${user.id}`, { body: { confirm } }), null))
        },
      })
    }
    return items
  }

  return (
    <section aria-labelledby="admin-users" className="admin-section">
      <h2 id="admin-users" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Users
      </h2>
      <input type="search" className="admin-search" aria-label="Search users by name or email" placeholder="Search by name or email" value={query} onChange={(event) => setQuery(event.target.value)} />
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col" data-optional="">Provider</th>
              <th scope="col" data-optional="">Created</th>
              <th scope="col">Last active</th>
              <th scope="col" className="admin-num" data-optional="">Chats</th>
              <th scope="col" className="admin-num" data-optional="">Messages</th>
              <th scope="col" className="admin-num">Tokens this month</th>
              <th scope="col" className="admin-num" data-optional="">Storage</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>
                  <span className="font-medium">{user.name}</span>
                  {user.admin && (
                    <span className="admin-badge" data-tone="admin">
                      Admin
                    </span>
                  )}
                  {user.disabled && (
                    <span className="admin-badge" data-tone="disabled">
                      Disabled
                    </span>
                  )}
                  {user.quotaTokensPerDay !== null && <span className="admin-badge">{user.quotaTokensPerDay === -1 ? 'No quota' : `Quota ${formatNumber(user.quotaTokensPerDay)}/day`}</span>}
                  <div className="admin-muted">{user.email ?? '—'}</div>
                </td>
                <td data-optional="">{user.provider}</td>
                <td data-optional="">
                  <Time at={user.createdAt} as="date" />
                </td>
                <td>{user.lastActiveAt === null ? 'never' : <Time at={user.lastActiveAt} as="ago" />}</td>
                <td className="admin-num" data-optional="">{formatNumber(user.chats)}</td>
                <td className="admin-num" data-optional="">{formatNumber(user.messages)}</td>
                <td className="admin-num">{formatNumber(user.tokensThisMonth)}</td>
                <td className="admin-num" data-optional="">{formatBytes(user.storageBytes)}</td>
                <td>
                  <Menu
                    label={`Actions for ${user.email ?? user.name}`}
                    trigger={<Icon name="lucide:ellipsis" size={16} />}
                    triggerClassName={rowMenuButtonClasses(true)}
                    sections={[{ items: itemsFor(user) }]}
                  />
                </td>
              </tr>
            ))}
            {users.length === 0 && (
              <tr>
                <td colSpan={9} className="admin-muted">
                  {query.trim() ? `No user matches “${query.trim()}”.` : 'No users yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {next && (
        <div>
          <Button variant="outline" disabled={loading} onClick={() => void load(searched.current, next)}>
            Show more
          </Button>
        </div>
      )}
    </section>
  )
}
